// Invoice statuses (docs/product/invoices-and-payments.md): stored as pending | paid | overdue | cancelled;
// a pending invoice whose due date has passed reads as overdue. Pure, shared by the
// server and the browser.

import type { TextKey } from "~/locales/keys";

export const INVOICE_STATUS_VALUES = ["pending", "paid", "overdue", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS_VALUES)[number];

export const INVOICE_STATUS_FILTERS = ["all", ...INVOICE_STATUS_VALUES] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

/** Payment is due within 30 days. */
export const PAYMENT_TERM_DAYS = 30;

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return typeof value === "string" && (INVOICE_STATUS_VALUES as readonly string[]).includes(value);
}

/** The ?status= of the list; anything unexpected means all. */
export function readInvoiceStatusFilter(value: string | null | undefined): InvoiceStatusFilter {
  return isInvoiceStatus(value) ? value : "all";
}

/**
 * The status an invoice reads as on `today` (`yyyy-MM-dd`): pending past its due date
 * is overdue; a due date of today is not yet late.
 */
export function effectiveStatus(invoice: { status: string; dueDate: string | null }, today: string): InvoiceStatus {
  const status = isInvoiceStatus(invoice.status) ? invoice.status : "pending";
  if (status === "pending" && invoice.dueDate && invoice.dueDate < today) return "overdue";
  return status;
}

/** The statuses of an invoice still waiting for its money (a payment can make it paid). */
export const PAYABLE_STATUSES = ["pending", "overdue"] as const satisfies readonly InvoiceStatus[];

/** Only an invoice still waiting for its money can be marked paid. */
export function canMarkPaid(status: string): boolean {
  return (PAYABLE_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether an invoice takes a payment (the payments dialog, the customer's page, card
 * payments): something is left to pay and it is not cancelled.
 */
export function acceptsPayment(status: string, balance: number): boolean {
  return status !== "cancelled" && balance > 0;
}

/**
 * Who asks for a status: "mark-paid" is the screen's Mark paid (only an invoice still waiting
 * for its money); "set" is the API's PUT { status } (any status).
 */
export type InvoiceStatusRequest = "mark-paid" | "set";

/**
 * What a status change does. Paid with money still due is reached only through a payment of
 * the remaining balance (decision 013: the ledger sums to what was received), after reopening
 * a cancelled invoice; every other change sets the status, and the paid date with it.
 */
export type InvoiceStatusChange =
  | { kind: "refused" }
  | { kind: "pay-balance"; amount: number; reopen: boolean }
  | {
      kind: "set";
      status: InvoiceStatus;
      /** "now" keeps a paid date already there, else today; "clear" removes it. */
      paidDate: "now" | "clear";
      /** A payment_received notification: the invoice becomes paid. */
      notifyPaid: boolean;
      /** The statuses the stored row must still have (checked in the UPDATE); null for any. */
      onlyFrom: readonly InvoiceStatus[] | null;
    };

/** The one rule for moving an invoice to `target`: used by the screens, the API and (through payments) the customer's page. */
export function invoiceStatusChange(
  current: { status: string; total: number; amountPaid: number },
  target: InvoiceStatus,
  request: InvoiceStatusRequest,
): InvoiceStatusChange {
  const from = isInvoiceStatus(current.status) ? current.status : "pending";
  const balance = current.total - current.amountPaid;
  if (request === "mark-paid") {
    if (target !== "paid" || !canMarkPaid(from)) return { kind: "refused" };
    if (balance > 0) return { kind: "pay-balance", amount: balance, reopen: false };
    return { kind: "set", status: "paid", paidDate: "now", notifyPaid: true, onlyFrom: PAYABLE_STATUSES };
  }
  if (target === "paid") {
    if (from !== "paid" && balance > 0) return { kind: "pay-balance", amount: balance, reopen: from === "cancelled" };
    return { kind: "set", status: "paid", paidDate: "now", notifyPaid: from !== "paid", onlyFrom: null };
  }
  return { kind: "set", status: target, paidDate: "clear", notifyPaid: false, onlyFrom: null };
}

/**
 * The status the payments ledger leaves (decision 013): a payable invoice paid in full becomes
 * paid; a paid invoice whose balance opens again (a payment deleted) goes back to pending. It
 * reads the amounts only through how the amount paid compares with the total (below, equal,
 * above): app/models/payment.server.ts builds its SQL from this function on those three, and
 * applies it in the same batch as the payment.
 */
export function statusAfterPayments(status: InvoiceStatus, total: number, amountPaid: number): InvoiceStatus {
  if (canMarkPaid(status) && amountPaid >= total) return "paid";
  if (status === "paid" && amountPaid < total) return "pending";
  return status;
}

export const invoiceStatusLabelKey = (status: string): TextKey =>
  `invoices.status.${isInvoiceStatus(status) ? status : "pending"}`;

const STATUS_CLASSES: Record<InvoiceStatus, string> = {
  paid: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  pending: "bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300",
  overdue: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300",
  cancelled: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

export const invoiceStatusClass = (status: string) => STATUS_CLASSES[isInvoiceStatus(status) ? status : "pending"];
