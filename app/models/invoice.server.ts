import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import { accountSettings, customers, estimateItems, estimates, invoiceItems, invoices, jobs } from "#db/schema";
import {
  effectiveStatus,
  invoiceStatusChange,
  PAYMENT_TERM_DAYS,
  type InvoiceStatus,
  type InvoiceStatusFilter,
  type InvoiceStatusRequest,
} from "~/lib/invoice-status";
import { canInvoiceEstimate } from "~/lib/estimate-dates";
import { balanceDue } from "~/lib/invoice-balance";
import { PAGE_SIZE } from "~/lib/list-params";
import { centsToString, discountToString, formatDecimal, formatMoney, rateToString } from "~/lib/money";
import { getDb } from "~/infrastructure/db.server";
import { listTotal, getAccountTotal } from "./account-totals.server";
import { translate } from "~/infrastructure/i18n.server";
import { insertWithNumber } from "./document-number.server";
import { createNotification } from "./notification.server";
import { carryDepositsStatements, recordPayment } from "./payment.server";
import { getAccountTimeZone, getSettings } from "./settings.server";
import { accountCustomer, accountRows, customerNameContains, textSearch } from "./sql.server";
import { addDays, dayKey, now as clockNow, today as todayIn } from "~/lib/clock";

export type Invoice = typeof invoices.$inferSelect;

export { todayFor } from "./settings.server";
export type InvoiceItem = typeof invoiceItems.$inferSelect;

/** The customer fields an invoice carries with it (docs/product/api.md, "Invoices"). */
export interface InvoiceCustomer {
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  phone: string | null;
  email: string | null;
}

export interface InvoiceListItem extends Invoice {
  customer: InvoiceCustomer;
  job: { id: string; title: string } | null;
  estimate: { id: string; estimateNumber: string } | null;
  itemCount: number;
  /** Present only when the list was asked for them (the API). */
  items?: InvoiceItem[];
}

export interface InvoiceWithItems extends Invoice {
  customer: InvoiceCustomer;
  job: { id: string; title: string } | null;
  estimate: { id: string; estimateNumber: string } | null;
  items: InvoiceItem[];
}

const listColumns = {
  ...getTableColumns(invoices),
  customerName: customers.name,
  customerAddress: customers.address,
  customerCity: customers.city,
  customerState: customers.state,
  customerZipCode: customers.zipCode,
  customerPhone: customers.phone,
  customerEmail: customers.email,
  jobTitle: jobs.title,
  estimateNumber: estimates.estimateNumber,
};

type ListRow = Invoice & {
  customerName: string;
  customerAddress: string | null;
  customerCity: string | null;
  customerState: string | null;
  customerZipCode: string | null;
  customerPhone: string | null;
  customerEmail: string | null;
  jobTitle: string | null;
  estimateNumber: string | null;
};

function shape(row: ListRow) {
  const {
    customerName,
    customerAddress,
    customerCity,
    customerState,
    customerZipCode,
    customerPhone,
    customerEmail,
    jobTitle,
    estimateNumber,
    ...invoice
  } = row;
  return {
    ...invoice,
    customer: {
      name: customerName,
      address: customerAddress,
      city: customerCity,
      state: customerState,
      zipCode: customerZipCode,
      phone: customerPhone,
      email: customerEmail,
    },
    job: invoice.jobId && jobTitle !== null ? { id: invoice.jobId, title: jobTitle } : null,
    estimate: invoice.estimateId && estimateNumber !== null ? { id: invoice.estimateId, estimateNumber } : null,
  };
}

// Joins stay inside the account: an invoice never shows another account's customer, job or estimate.
function baseQuery(accountId: string) {
  return {
    customerJoin: accountCustomer(invoices.customerId, accountId),
    jobJoin: and(eq(jobs.id, invoices.jobId), eq(jobs.accountId, accountId)),
    estimateJoin: and(eq(estimates.id, invoices.estimateId), eq(estimates.accountId, accountId)),
  };
}

/** The account's invoices, searched over title, number and the customer's name. */
function accountInvoices(accountId: string, q: string) {
  return accountRows(invoices.accountId, accountId, q, (text) =>
    or(
      textSearch("invoices", invoices.id, accountId, text, [invoices.title, invoices.invoiceNumber]),
      customerNameContains(invoices.customerId, accountId, text),
    ),
  );
}

/**
 * Overdue, or pending past its due date: written as "overdue or pending, and then overdue
 * or past due" (the same rows) so that a count reads the two statuses' index ranges
 * instead of every invoice of the account.
 */
export function overdueCondition(today: string | Placeholder): SQL {
  return and(inArray(invoices.status, ["overdue", "pending"]), or(eq(invoices.status, "overdue"), lt(invoices.dueDate, today)))!;
}

/**
 * The status filter in SQL, reading statuses as effectiveStatus does: a pending invoice
 * past its due date counts as overdue, not as pending.
 */
function statusCondition(status: InvoiceStatusFilter, today: string): SQL | undefined {
  switch (status) {
    case "all":
      return undefined;
    case "overdue":
      return overdueCondition(today);
    case "pending":
      return and(eq(invoices.status, "pending"), or(isNull(invoices.dueDate), sql`${invoices.dueDate} >= ${today}`));
    default:
      return eq(invoices.status, status);
  }
}

export interface InvoiceListOptions {
  q?: string;
  status?: InvoiceStatusFilter;
  page?: number;
  pageSize?: number;
  /** `yyyy-MM-dd`: the day that decides what is overdue. */
  today?: string;
  /** Load every line of the page's invoices (one query) instead of only counting them. */
  withItems?: boolean;
}

/**
 * One page of the account's invoices, newest first, with customer, job and estimate,
 * searched over title, customer name and invoice number and filtered by status, in
 * SQL. Item counts (or the items themselves) for the whole page come in one more query.
 */
export async function listInvoices(
  accountId: string,
  { q = "", status = "all", page = 1, pageSize = PAGE_SIZE, today = todayIn(), withItems = false }: InvoiceListOptions = {},
) {
  const db = await getDb();
  const joins = baseQuery(accountId);
  const where = and(accountInvoices(accountId, q), statusCondition(status, today));
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(invoices)
      .innerJoin(customers, joins.customerJoin)
      .leftJoin(jobs, joins.jobJoin)
      .leftJoin(estimates, joins.estimateJoin)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // Counted from the invoices' indexes alone: the search needs no join, and every invoice has its customer.
    listTotal(accountId, "invoices", q.trim() !== "" || status !== "all", () =>
      db.select({ value: count() }).from(invoices).where(where).get(),
    ),
  ]);
  const ids = rows.map((row) => row.id);
  let items: InvoiceListItem[];
  if (withItems) {
    const lines =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(invoiceItems)
            .where(inArray(invoiceItems.invoiceId, ids))
            .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.order), asc(invoiceItems.id));
    const byInvoice = new Map<string, InvoiceItem[]>();
    for (const line of lines) {
      const own = byInvoice.get(line.invoiceId);
      if (own) own.push(line);
      else byInvoice.set(line.invoiceId, [line]);
    }
    items = rows.map((row) => {
      const own = byInvoice.get(row.id) ?? [];
      return { ...shape(row), items: own, itemCount: own.length };
    });
  } else {
    const counts =
      ids.length === 0
        ? []
        : await db
            .select({ invoiceId: invoiceItems.invoiceId, value: count() })
            .from(invoiceItems)
            .where(inArray(invoiceItems.invoiceId, ids))
            .groupBy(invoiceItems.invoiceId);
    const countOf = new Map(counts.map((row) => [row.invoiceId, row.value]));
    items = rows.map((row) => ({ ...shape(row), itemCount: countOf.get(row.id) ?? 0 }));
  }
  return { items, total, page, pageSize };
}

export async function countInvoices(accountId: string) {
  return getAccountTotal(accountId, "invoices");
}

/** One of the account's invoices with its items (in order), customer, job and estimate. */
export async function getInvoiceWithItems(accountId: string, id: string): Promise<InvoiceWithItems | undefined> {
  const db = await getDb();
  const joins = baseQuery(accountId);
  const row = await db
    .select(listColumns)
    .from(invoices)
    .innerJoin(customers, joins.customerJoin)
    .leftJoin(jobs, joins.jobJoin)
    .leftJoin(estimates, joins.estimateJoin)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, id)))
    .get();
  if (!row) return undefined;
  const items = await db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, id))
    .orderBy(asc(invoiceItems.order), asc(invoiceItems.id));
  return { ...shape(row), items };
}

async function invoiceOfEstimate(accountId: string, estimateId: string) {
  const db = await getDb();
  const row = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.estimateId, estimateId)))
    .get();
  return row ? getInvoiceWithItems(accountId, row.id) : undefined;
}

export type FromEstimateResult =
  | { status: "created"; invoice: InvoiceWithItems }
  | { status: "exists"; invoice: InvoiceWithItems }
  | { status: "not-found" }
  | { status: "not-approved"; estimateStatus: string };

/** The estimate was invoiced by another request between our check and our insert. */
class AlreadyInvoiced extends Error {}

async function insertOnce<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    // Not the number (insertWithNumber's): the unique estimate_id index refused it, and the batch took no number.
    if (`${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`.includes("invoices.estimate_id")) {
      throw new AlreadyInvoiced();
    }
    throw error;
  }
}

/**
 * Turns an approved estimate into its invoice, once: customer, job, title, description,
 * notes, tax rate, totals and the lines (in their order) are copied, and the invoice is
 * due PAYMENT_TERM_DAYS after `today`, pending. The invoice and its lines are written in
 * one batch, which libSQL runs as one transaction without yielding in between, so
 * concurrent requests in this process never wait on each other's open transaction. A
 * second request for the same estimate, even one racing this one, gets the existing
 * invoice: the unique index on invoices.estimate_id decides who was first.
 */
export async function createInvoiceFromEstimate(
  accountId: string,
  estimateId: string,
  { today = todayIn(), by = null }: { today?: string; by?: string | null } = {},
): Promise<FromEstimateResult> {
  const db = await getDb();
  // One read batch: the estimate and its lines as of the same moment.
  const [found, lines] = await db.batch([
    db
      .select()
      .from(estimates)
      .where(and(eq(estimates.accountId, accountId), eq(estimates.id, estimateId))),
    db
      .select()
      .from(estimateItems)
      .where(eq(estimateItems.estimateId, estimateId))
      .orderBy(asc(estimateItems.order), asc(estimateItems.id)),
  ]);
  const estimate = found[0];
  if (!estimate) return { status: "not-found" };
  const existing = await invoiceOfEstimate(accountId, estimateId);
  if (existing) return { status: "exists", invoice: existing };
  if (!canInvoiceEstimate(estimate.status)) return { status: "not-approved", estimateStatus: estimate.status };

  const invoiceId = crypto.randomUUID();
  try {
    await insertWithNumber<unknown>(accountId, "invoice", ({ statements, number: invoiceNumber }) => {
      const insertInvoice = db.insert(invoices).values({
        id: invoiceId,
        accountId,
        createdBy: by,
        customerId: estimate.customerId,
        jobId: estimate.jobId,
        estimateId: estimate.id,
        invoiceNumber,
        title: estimate.title,
        description: estimate.description,
        status: "pending",
        subtotal: estimate.subtotal,
        taxRate: estimate.taxRate,
        taxAmount: estimate.taxAmount,
        total: estimate.total,
        notes: estimate.notes,
        dueDate: addDays(today, PAYMENT_TERM_DAYS),
        createdAt: clockNow(),
      });
      // An optional line the customer did not choose is not part of the deal (decision 019).
      const chosen = lines.filter((line) => !line.optional);
      // The estimate's deposits become payments already made, in the same batch (docs/decisions/017).
      const deposits = carryDepositsStatements(db, accountId, estimate.id);
      if (chosen.length === 0) return insertOnce(() => db.batch([...statements, insertInvoice, ...deposits]));
      // Numbered in the estimate's sequence, so lines that shared an order stay in place.
      const insertLines = db.insert(invoiceItems).values(
        chosen.map((line, index) => ({
          invoiceId,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          taxable: line.taxable,
          discountPercent: line.discountPercent,
          total: line.total,
          order: index,
        })),
      );
      return insertOnce(() => db.batch([...statements, insertInvoice, insertLines, ...deposits]));
    });
  } catch (error) {
    if (error instanceof AlreadyInvoiced) {
      const winner = await invoiceOfEstimate(accountId, estimateId);
      if (winner) return { status: "exists", invoice: winner };
    }
    throw error;
  }
  const invoice = await getInvoiceWithItems(accountId, invoiceId);
  return { status: "created", invoice: invoice! };
}

export type MarkPaidResult =
  { status: "paid"; invoice: Invoice } | { status: "not-found" } | { status: "not-payable"; invoice: Invoice };

export type StatusChangeResult =
  { status: "changed"; invoice: Invoice } | { status: "not-found" } | { status: "refused"; invoice: Invoice };

/**
 * Moves an invoice to `target` as the rule of `invoiceStatusChange` (app/lib/invoice-status.ts)
 * says: paid with money still due through one payment of the remaining balance, recorded by the
 * payments ledger (decision 013); any other change sets the status and the paid date.
 */
export async function changeInvoiceStatus(
  accountId: string,
  id: string,
  target: InvoiceStatus,
  request: InvoiceStatusRequest,
  now = clockNow(),
  by: string | null = null,
): Promise<StatusChangeResult> {
  const db = await getDb();
  const mine = and(eq(invoices.accountId, accountId), eq(invoices.id, id));
  const current = await db.select().from(invoices).where(mine).get();
  if (!current) return { status: "not-found" };
  const change = invoiceStatusChange(current, target, request);
  if (change.kind === "refused") return { status: "refused", invoice: current };
  if (change.kind === "pay-balance") {
    if (change.reopen) await db.update(invoices).set({ status: "pending" }).where(mine);
    const recorded = await recordPayment(
      accountId,
      id,
      { amount: change.amount, method: "other", receivedAt: now, recordedBy: by },
      { manual: true, notify: true },
    );
    const after = await db.select().from(invoices).where(mine).get();
    if (!after) return { status: "not-found" };
    return recorded.status === "recorded" || request === "set"
      ? { status: "changed", invoice: after }
      : { status: "refused", invoice: after };
  }
  const [row] = await db
    .update(invoices)
    .set({
      status: change.status,
      paidDate: change.paidDate === "now" ? sql`coalesce(${invoices.paidDate}, ${now.getTime()})` : null,
    })
    .where(change.onlyFrom ? and(mine, inArray(invoices.status, [...change.onlyFrom])) : mine)
    .returning();
  // The row changed meanwhile (no longer payable) or is gone.
  if (!row) return change.onlyFrom ? { status: "refused", invoice: current } : { status: "not-found" };
  if (change.notifyPaid) await notifyPaid(accountId, row);
  return { status: "changed", invoice: row };
}

/** The screen's Mark paid: a pending or overdue invoice becomes paid, today, through a payment of its balance. */
export async function markInvoicePaid(
  accountId: string,
  id: string,
  { now = clockNow(), by = null }: { now?: Date; by?: string | null } = {},
): Promise<MarkPaidResult> {
  const result = await changeInvoiceStatus(accountId, id, "paid", "mark-paid", now, by);
  if (result.status === "not-found") return result;
  return result.status === "changed"
    ? { status: "paid", invoice: result.invoice }
    : { status: "not-payable", invoice: result.invoice };
}

/** The API's PUT { status }: any status (paid records a payment of the balance); undefined when there is no such invoice. */
export async function updateInvoiceStatus(
  accountId: string,
  id: string,
  status: InvoiceStatus,
  { now = clockNow(), by = null }: { now?: Date; by?: string | null } = {},
): Promise<Invoice | undefined> {
  const result = await changeInvoiceStatus(accountId, id, status, "set", now, by);
  return result.status === "not-found" ? undefined : result.invoice;
}

/** A `payment_received` notification, written in the account's interface language. */
async function notifyPaid(accountId: string, invoice: Invoice) {
  const settings = await getSettings(accountId);
  const lang = settings.appLanguage;
  await createNotification(accountId, {
    type: "payment_received",
    title: translate(lang, "notifications.events.paymentReceivedTitle"),
    message: translate(lang, "notifications.events.paymentReceived", {
      number: invoice.invoiceNumber,
      title: invoice.title,
      total: formatMoney(invoice.total, lang, settings.currency),
    }),
  });
}

/** Deletes the account's invoice (its lines go with it); undefined when there is none. */
export async function deleteInvoice(accountId: string, id: string): Promise<Invoice | undefined> {
  const db = await getDb();
  const [row] = await db
    .delete(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, id)))
    .returning();
  return row;
}

/**
 * An invoice as the API sends it (docs/product/api.md): amounts "1234.50", the tax rate
 * "0.0825", quantities "1.50", the invoice and due dates `yyyy-MM-dd` (the invoice date is
 * the day it was made in the account's zone, `zone`; a recurring invoice's, its occurrence's),
 * instants ISO; the status as it reads today.
 */
export function toApiInvoice(
  invoice: Invoice & { customer: InvoiceCustomer; items: InvoiceItem[] },
  today = todayIn(),
  zone: string | null = null,
) {
  return {
    id: invoice.id,
    customerId: invoice.customerId,
    jobId: invoice.jobId,
    estimateId: invoice.estimateId,
    invoiceNumber: invoice.invoiceNumber,
    title: invoice.title,
    description: invoice.description,
    status: effectiveStatus(invoice, today),
    subtotal: centsToString(invoice.subtotal),
    taxRate: rateToString(invoice.taxRate),
    taxAmount: centsToString(invoice.taxAmount),
    total: centsToString(invoice.total),
    amountPaid: centsToString(invoice.amountPaid),
    balance: centsToString(balanceDue(invoice.total, invoice.amountPaid)),
    notes: invoice.notes,
    issueDate: dayKey(invoice.createdAt, zone),
    dueDate: invoice.dueDate,
    paidDate: invoice.paidDate ? invoice.paidDate.toISOString() : null,
    createdAt: invoice.createdAt.toISOString(),
    items: invoice.items.map((item) => ({
      id: item.id,
      invoiceId: item.invoiceId,
      description: item.description,
      quantity: formatDecimal(item.quantity, 2),
      unitPrice: centsToString(item.unitPrice),
      taxable: item.taxable,
      discountPercent: discountToString(item.discountPercent),
      total: centsToString(item.total),
      order: item.order,
    })),
    customer: invoice.customer,
  };
}

/** An invoice as the API sends it, dated and read in the account's time zone. */
export async function apiInvoice(accountId: string, invoice: InvoiceWithItems) {
  const zone = await getAccountTimeZone(accountId);
  return toApiInvoice(invoice, todayIn(zone), zone);
}

/**
 * Records that the invoice was e-mailed to the customer: the first time and who sent it then
 * (`by`, a login; none for TradeDesk's reminders), and the address last sent to.
 */
export async function markInvoiceSent(
  accountId: string,
  id: string,
  recipient: string,
  { at = clockNow(), by = null }: { at?: Date; by?: string | null } = {},
): Promise<void> {
  const db = await getDb();
  await db
    .update(invoices)
    .set({
      sentAt: sql`coalesce(${invoices.sentAt}, ${at.getTime()})`,
      sentBy: sql`case when ${invoices.sentAt} is null then ${by} else ${invoices.sentBy} end`,
      sentTo: recipient,
    })
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, id)));
}

export interface InvoiceReminderDue {
  accountId: string;
  invoiceId: string;
  dueDate: string;
  sentAt: Date;
  timeZone: string | null;
  /** The account's reminder days, "-3,0,7,14". */
  reminderSteps: string;
}

const DAY = 86_400_000;

/**
 * Invoices that may have a payment reminder due around `now`, of every account with reminders
 * on: e-mailed, not excluded, pending or overdue with a balance, and a due date within the
 * reach of the reminder days (30 before to 90 after, two days of grace). Which step is due is
 * the caller's (app/lib/reminders.ts). The work runner's query. No limit: the window bounds
 * it, and a limit would fill with invoices whose reminders are done and starve the others.
 */
export async function invoicesForReminders(now: Date): Promise<InvoiceReminderDue[]> {
  const db = await getDb();
  const earliest = new Date(now.getTime() - 93 * DAY).toISOString().slice(0, 10);
  const latest = new Date(now.getTime() + 31 * DAY).toISOString().slice(0, 10);
  const rows = await db
    .select({
      accountId: invoices.accountId,
      invoiceId: invoices.id,
      dueDate: invoices.dueDate,
      sentAt: invoices.sentAt,
      timeZone: accountSettings.timeZone,
      reminderSteps: accountSettings.reminderSteps,
    })
    .from(invoices)
    .innerJoin(accountSettings, eq(accountSettings.accountId, invoices.accountId))
    .where(
      and(
        inArray(invoices.status, ["pending", "overdue"]),
        sql`${invoices.sentAt} is not null`,
        eq(invoices.remindersOff, false),
        eq(accountSettings.remindersEnabled, true),
        sql`${invoices.total} > ${invoices.amountPaid}`,
        sql`${invoices.dueDate} between ${earliest} and ${latest}`,
      ),
    )
    .orderBy(asc(invoices.dueDate));
  return rows.filter((row): row is InvoiceReminderDue => row.dueDate !== null && row.sentAt !== null);
}

/** Whether the account's invoice still waits for money (pending or overdue, a balance left). */
export async function invoiceOwes(accountId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .select({
      status: invoices.status,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      remindersOff: invoices.remindersOff,
    })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, id)))
    .get();
  return Boolean(
    row && (row.status === "pending" || row.status === "overdue") && row.total > row.amountPaid && !row.remindersOff,
  );
}

/** Whether the invoice gets payment reminders (the choice in the send dialog). */
export async function setInvoiceReminders(accountId: string, id: string, on: boolean): Promise<void> {
  const db = await getDb();
  await db
    .update(invoices)
    .set({ remindersOff: !on })
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, id)));
}
