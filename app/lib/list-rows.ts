// What a row of the estimate and invoice lists shows, built from the model's list item (pure,
// so the loaders stay declarations and the cells in app/components/*-list-cells.tsx know their row).
import { dayKey } from "./clock";
import { estimateState, lastValidDay } from "./estimate-dates";
import { effectiveStatus, type InvoiceStatus } from "./invoice-status";

interface Customer {
  id: string;
  name: string;
  email: string | null;
}

export interface EstimateListSource<Status extends string> {
  id: string;
  estimateNumber: string;
  title: string;
  description: string | null;
  status: Status;
  total: number;
  validUntil: string | null;
  createdAt: Date;
  customer: Customer;
  job: { id: string; title: string } | null;
  itemCount: number;
  respondedAt: Date | null;
  customerSignature: string | null;
}

/**
 * An estimate's row on `today` (yyyy-MM-dd in the account's zone): a pending estimate past its
 * last valid day reads expired, as on the customer's page, even before the work runner stores
 * it (expirePastEstimates). `sharedViews` is null while it has no share link.
 */
export function estimateListRow<Status extends "pending" | "approved" | "rejected" | "expired">(
  estimate: EstimateListSource<Status>,
  settings: { timeZone: string | null; estimateValidDays: number },
  today: string,
  sharedViews: number | null,
) {
  const timeZone = settings.timeZone;
  return {
    id: estimate.id,
    estimateNumber: estimate.estimateNumber,
    title: estimate.title,
    description: estimate.description,
    status: estimateState(estimate.status, today, lastValidDay(estimate, settings)),
    total: estimate.total,
    validUntil: estimate.validUntil,
    createdOn: dayKey(estimate.createdAt, timeZone),
    // What the row shows, and no more: the page carries 25 of them (the estimate's own page
    // has what else it needs, such as whether it can be sent).
    customerName: estimate.customer.name,
    job: estimate.job,
    itemCount: estimate.itemCount,
    sharedViews,
    // Who answered on the shared page (a declining customer may leave the name out).
    answeredBy: estimate.respondedAt ? (estimate.customerSignature ?? "") : null,
  };
}

export interface InvoiceListSource {
  id: string;
  invoiceNumber: string;
  title: string;
  status: string;
  dueDate: string | null;
  paidDate: Date | null;
  createdAt: Date;
  total: number;
  amountPaid: number;
  itemCount: number;
  customer: { name: string; email: string | null };
  job: { id: string; title: string } | null;
  estimate: { id: string; estimateNumber: string } | null;
}

/** An invoice's row on `today` (yyyy-MM-dd in the account's zone): a late pending invoice reads overdue. */
export function invoiceListRow<Source extends InvoiceListSource>(invoice: Source, today: string, timeZone: string | null) {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    title: invoice.title,
    customerName: invoice.customer.name,
    job: invoice.job as Source["job"],
    estimate: invoice.estimate as Source["estimate"],
    status: effectiveStatus(invoice, today) as InvoiceStatus,
    createdOn: dayKey(invoice.createdAt, timeZone),
    dueDate: invoice.dueDate,
    paidOn: invoice.paidDate ? dayKey(invoice.paidDate, timeZone) : null,
    total: invoice.total,
    amountPaid: invoice.amountPaid,
    canSend: Boolean(invoice.customer.email?.trim()),
    itemCount: invoice.itemCount,
  };
}
