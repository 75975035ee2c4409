// Invoice statuses (DESIGN.md, Statuses): stored as pending | paid | overdue | cancelled;
// a pending invoice whose due date has passed reads as overdue. Pure, shared by the
// server and the browser.

export const INVOICE_STATUS_VALUES = ["pending", "paid", "overdue", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS_VALUES)[number];

export const INVOICE_STATUS_FILTERS = ["all", ...INVOICE_STATUS_VALUES] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

/** Payment is due within 30 days (SPEC.md section 9). */
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

/** Only an invoice still waiting for its money can be marked paid. */
export function canMarkPaid(status: InvoiceStatus): boolean {
  return status === "pending" || status === "overdue";
}

export const invoiceStatusLabelKey = (status: string) => `invoices.status.${isInvoiceStatus(status) ? status : "pending"}`;

const STATUS_CLASSES: Record<InvoiceStatus, string> = {
  paid: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  pending: "bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300",
  overdue: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300",
  cancelled: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

export const invoiceStatusClass = (status: string) => STATUS_CLASSES[isInvoiceStatus(status) ? status : "pending"];
