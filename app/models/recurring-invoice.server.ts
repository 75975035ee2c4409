// Recurring invoices (docs/decisions/018-recurring-invoices.md): the schedules of an
// account, and the one write that turns an occurrence into an ordinary invoice, once.
import { and, asc, count, desc, eq, inArray, not, sql } from "drizzle-orm";
import {
  accountSettings,
  customers,
  invoiceItems,
  invoices,
  recurringInvoiceItems,
  recurringInvoiceRuns,
  recurringInvoices,
} from "#db/schema";
import { addDays, now as clockNow, startOfDay, today as todayIn } from "~/lib/clock";
import { estimateTotals } from "~/lib/estimate-schema";
import { PAYMENT_TERM_DAYS } from "~/lib/invoice-status";
import { PAGE_SIZE } from "~/lib/list-params";
import { centsToString, discountToString, formatDecimal, rateToString } from "~/lib/money";
import {
  dueOccurrences,
  MAX_CATCH_UP,
  nextOccurrence,
  occurrenceInstant,
  recurringStatus,
  type Occurrence,
  type Recurrence,
  type RecurringStatus,
} from "~/lib/recurrence";
import type { RecurringInvoiceInput } from "~/lib/recurring-invoice-schema";
import { getDb } from "~/infrastructure/db.server";
import { workOpen } from "~/infrastructure/work.server";
import { insertWithNumber } from "./document-number.server";
import { translate } from "~/infrastructure/i18n.server";
import { createNotification } from "./notification.server";
import { getAccountTimeZone, getSettings } from "./settings.server";
import { accountCustomer, accountRows, isAccountRow, contains, customerNameContains } from "./sql.server";
import { likePattern } from "~/lib/list-params";

export type RecurringInvoice = typeof recurringInvoices.$inferSelect;
export type RecurringInvoiceItem = typeof recurringInvoiceItems.$inferSelect;

export interface RecurringInvoiceView extends RecurringInvoice {
  customer: { id: string; name: string; email: string | null };
  items: RecurringInvoiceItem[];
  subtotal: number;
  taxAmount: number;
  total: number;
  /** Invoices made so far. */
  invoicesMade: number;
  lastMade: string | null;
  next: Occurrence | null;
  status: RecurringStatus;
}

/** The schedule part of a row, for app/lib/recurrence.ts. */
export const recurrenceOf = (
  row: Pick<RecurringInvoice, "frequency" | "startDate" | "endDate" | "occurrenceCount">,
): Recurrence => ({
  frequency: row.frequency,
  startDate: row.startDate,
  endDate: row.endDate,
  count: row.occurrenceCount,
});

/** The instant occurrences are made from after a create or an edit: the start of today in the zone. */
const startOfToday = (zone: string, at: Date) => startOfDay(todayIn(zone, at), zone);

function view(
  row: RecurringInvoice,
  customer: RecurringInvoiceView["customer"],
  items: RecurringInvoiceItem[],
  made: { invoicesMade: number; lastMade: string | null },
  zone: string,
  now: Date,
): RecurringInvoiceView {
  const totals = estimateTotals(items, row.taxRate);
  // While paused, nothing before now will be made: the next date is one still to come.
  const from = row.paused && row.activeFrom < now ? now : row.activeFrom;
  const next = nextOccurrence(recurrenceOf(row), { zone, from, lastMade: made.lastMade });
  return {
    ...row,
    customer,
    items,
    subtotal: totals.subtotal,
    taxAmount: totals.taxAmount,
    total: totals.total,
    ...made,
    next,
    status: recurringStatus(row.paused, next),
  };
}

async function madeOf(ids: string[]) {
  if (ids.length === 0) return new Map<string, { invoicesMade: number; lastMade: string | null }>();
  const db = await getDb();
  const rows = await db
    .select({
      id: recurringInvoiceRuns.recurringInvoiceId,
      invoicesMade: count(),
      lastMade: sql<string | null>`max(${recurringInvoiceRuns.occurrenceDate})`,
    })
    .from(recurringInvoiceRuns)
    .where(inArray(recurringInvoiceRuns.recurringInvoiceId, ids))
    .groupBy(recurringInvoiceRuns.recurringInvoiceId);
  return new Map(rows.map((row) => [row.id, { invoicesMade: row.invoicesMade, lastMade: row.lastMade }]));
}

async function itemsOf(ids: string[]) {
  const byParent = new Map<string, RecurringInvoiceItem[]>();
  if (ids.length === 0) return byParent;
  const db = await getDb();
  const rows = await db
    .select()
    .from(recurringInvoiceItems)
    .where(inArray(recurringInvoiceItems.recurringInvoiceId, ids))
    .orderBy(asc(recurringInvoiceItems.recurringInvoiceId), asc(recurringInvoiceItems.order), asc(recurringInvoiceItems.id));
  for (const row of rows) {
    const own = byParent.get(row.recurringInvoiceId);
    if (own) own.push(row);
    else byParent.set(row.recurringInvoiceId, [row]);
  }
  return byParent;
}

const customerColumns = { id: customers.id, name: customers.name, email: customers.email };

/**
 * The occurrence dates of these schedules whose invoice is made and whose work is over: an
 * occurrence made by a runner that then failed to e-mail it, or died, is not over, and stays
 * due until a runner finishes it (or its attempts run out).
 */
async function settledDates(ids: string[]) {
  const byParent = new Map<string, Set<string>>();
  if (ids.length === 0) return byParent;
  const db = await getDb();
  // recurringInvoiceKey (app/lib/work-keys.ts); an occurrence made without a claim (none today) is over too.
  const key = sql`'recurring-invoice:' || ${recurringInvoiceRuns.recurringInvoiceId} || ':' || ${recurringInvoiceRuns.occurrenceDate}`;
  const rows = await db
    .select({ id: recurringInvoiceRuns.recurringInvoiceId, date: recurringInvoiceRuns.occurrenceDate })
    .from(recurringInvoiceRuns)
    .where(and(inArray(recurringInvoiceRuns.recurringInvoiceId, ids), not(workOpen(key))));
  for (const row of rows) {
    const own = byParent.get(row.id);
    if (own) own.add(row.date);
    else byParent.set(row.id, new Set([row.date]));
  }
  return byParent;
}

/** One page of the account's recurring invoices, newest first, searched over title and customer name. */
export async function listRecurringInvoices(
  accountId: string,
  { q = "", page = 1, pageSize = PAGE_SIZE, now = clockNow() }: { q?: string; page?: number; pageSize?: number; now?: Date } = {},
) {
  const db = await getDb();
  const where = accountRows(
    recurringInvoices.accountId,
    accountId,
    q,
    (text) =>
      sql`(${contains(recurringInvoices.title, likePattern(text))} or ${customerNameContains(recurringInvoices.customerId, accountId, text)})`,
  );
  const [rows, total, zone] = await Promise.all([
    db
      .select({ row: recurringInvoices, customer: customerColumns })
      .from(recurringInvoices)
      .innerJoin(customers, accountCustomer(recurringInvoices.customerId, accountId))
      .where(where)
      .orderBy(desc(recurringInvoices.createdAt), desc(recurringInvoices.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(recurringInvoices).where(where).get(),
    getAccountTimeZone(accountId),
  ]);
  const ids = rows.map(({ row }) => row.id);
  const [items, made] = await Promise.all([itemsOf(ids), madeOf(ids)]);
  return {
    items: rows.map(({ row, customer }) =>
      view(row, customer, items.get(row.id) ?? [], made.get(row.id) ?? { invoicesMade: 0, lastMade: null }, zone, now),
    ),
    total: total?.value ?? 0,
    page,
    pageSize,
  };
}

export async function countRecurringInvoices(accountId: string) {
  const db = await getDb();
  const row = await db.select({ value: count() }).from(recurringInvoices).where(eq(recurringInvoices.accountId, accountId)).get();
  return row?.value ?? 0;
}

/** How many of the account's recurring invoices bill this customer (they go with the customer: decision 018). */
export async function countCustomerRecurringInvoices(accountId: string, customerId: string): Promise<number> {
  const db = await getDb();
  const row = await db
    .select({ value: count() })
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.accountId, accountId), eq(recurringInvoices.customerId, customerId)))
    .get();
  return row?.value ?? 0;
}

/** One of the account's recurring invoices with its lines; undefined for none (or another account's). */
export async function getRecurringInvoice(
  accountId: string,
  id: string,
  now = clockNow(),
): Promise<RecurringInvoiceView | undefined> {
  const db = await getDb();
  const found = await db
    .select({ row: recurringInvoices, customer: customerColumns })
    .from(recurringInvoices)
    .innerJoin(customers, accountCustomer(recurringInvoices.customerId, accountId))
    .where(and(eq(recurringInvoices.accountId, accountId), eq(recurringInvoices.id, id)))
    .get();
  if (!found) return undefined;
  const [items, made, zone] = await Promise.all([itemsOf([id]), madeOf([id]), getAccountTimeZone(accountId)]);
  return view(found.row, found.customer, items.get(id) ?? [], made.get(id) ?? { invoicesMade: 0, lastMade: null }, zone, now);
}

/** Whether a customer id is the account's (the schema's check). */
export const isOwnCustomer = (accountId: string, customerId: string) => isAccountRow(customers, accountId, customerId);

function lines(id: string, input: RecurringInvoiceInput) {
  const totals = estimateTotals(input.items, input.taxRate);
  if (!totals.withinLimit) throw new RangeError("The recurring invoice total exceeds the money limit.");
  return input.items.map((line, order) => ({
    recurringInvoiceId: id,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxable: line.taxable ?? true,
    discountPercent: line.discountPercent ?? 0,
    total: totals.lineTotals[order],
    order,
  }));
}

const fields = (input: RecurringInvoiceInput) => ({
  customerId: input.customerId,
  title: input.title,
  description: input.description,
  notes: input.notes,
  taxRate: input.taxRate,
  frequency: input.frequency,
  startDate: input.startDate,
  endDate: input.endDate,
  occurrenceCount: input.count,
  autoSend: input.autoSend,
});

/**
 * Creates a recurring invoice and its lines in one batch. Its invoices are made from today
 * (in the account's zone): a start date in the past makes no invoices for the days gone by.
 */
export async function createRecurringInvoice(
  accountId: string,
  input: RecurringInvoiceInput,
  now = clockNow(),
): Promise<RecurringInvoiceView> {
  if (!(await isOwnCustomer(accountId, input.customerId))) throw new Error("Not the account's customer");
  const db = await getDb();
  const zone = await getAccountTimeZone(accountId);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(recurringInvoices).values({
      ...fields(input),
      id,
      accountId,
      paused: input.paused ?? false,
      activeFrom: input.paused ? now : startOfToday(zone, now),
      createdAt: now,
    }),
    db.insert(recurringInvoiceItems).values(lines(id, input)),
  ]);
  return (await getRecurringInvoice(accountId, id, now))!;
}

/**
 * Updates the account's recurring invoice and replaces its lines (one batch); the invoices
 * already made keep what they were made with, and the new schedule makes invoices from today
 * on (an occurrence made today under the same date is not made again). Undefined for none.
 */
export async function updateRecurringInvoice(
  accountId: string,
  id: string,
  input: RecurringInvoiceInput,
  now = clockNow(),
): Promise<RecurringInvoiceView | undefined> {
  const db = await getDb();
  const mine = and(eq(recurringInvoices.accountId, accountId), eq(recurringInvoices.id, id));
  const current = await db.select().from(recurringInvoices).where(mine).get();
  if (!current) return undefined;
  if (!(await isOwnCustomer(accountId, input.customerId))) throw new Error("Not the account's customer");
  const zone = await getAccountTimeZone(accountId);
  const paused = input.paused ?? current.paused;
  // Resumed by this edit: from now. Kept running: from today, or later when it was resumed later.
  const resumed = current.paused && !paused;
  const today = startOfToday(zone, now);
  const activeFrom = resumed ? now : paused ? current.activeFrom : current.activeFrom > today ? current.activeFrom : today;
  await db.batch([
    db
      .update(recurringInvoices)
      .set({ ...fields(input), paused, activeFrom })
      .where(mine),
    db.delete(recurringInvoiceItems).where(eq(recurringInvoiceItems.recurringInvoiceId, id)),
    db.insert(recurringInvoiceItems).values(lines(id, input)),
  ]);
  return getRecurringInvoice(accountId, id, now);
}

/**
 * Pauses or resumes; a resumed schedule makes the occurrences from now on, never those that
 * fell while it was paused. Undefined when the account has no such schedule.
 */
export async function setRecurringInvoicePaused(
  accountId: string,
  id: string,
  paused: boolean,
  now = clockNow(),
): Promise<RecurringInvoice | undefined> {
  const db = await getDb();
  const mine = and(eq(recurringInvoices.accountId, accountId), eq(recurringInvoices.id, id));
  const [row] = await db
    .update(recurringInvoices)
    .set(
      paused
        ? { paused: true }
        : // Resuming one that was not paused changes nothing.
          {
            paused: false,
            activeFrom: sql`case when ${recurringInvoices.paused} then ${now.getTime()} else ${recurringInvoices.activeFrom} end`,
          },
    )
    .where(mine)
    .returning();
  return row;
}

/** Deletes the account's recurring invoice; the invoices it made stay. Undefined for none. */
export async function deleteRecurringInvoice(accountId: string, id: string): Promise<RecurringInvoice | undefined> {
  const db = await getDb();
  const [row] = await db
    .delete(recurringInvoices)
    .where(and(eq(recurringInvoices.accountId, accountId), eq(recurringInvoices.id, id)))
    .returning();
  return row;
}

/** The API's shape: amounts "123.45", the tax rate "0.0825", quantities "1.50", dates `yyyy-MM-dd`. */
export function toApiRecurringInvoice(recurring: RecurringInvoiceView) {
  return {
    id: recurring.id,
    customerId: recurring.customerId,
    customer: { name: recurring.customer.name, email: recurring.customer.email },
    title: recurring.title,
    description: recurring.description,
    notes: recurring.notes,
    taxRate: rateToString(recurring.taxRate),
    frequency: recurring.frequency,
    startDate: recurring.startDate,
    endDate: recurring.endDate,
    count: recurring.occurrenceCount,
    autoSend: recurring.autoSend,
    paused: recurring.paused,
    status: recurring.status,
    nextDate: recurring.next?.date ?? null,
    invoicesMade: recurring.invoicesMade,
    lastDate: recurring.lastMade,
    subtotal: centsToString(recurring.subtotal),
    taxAmount: centsToString(recurring.taxAmount),
    total: centsToString(recurring.total),
    createdAt: recurring.createdAt.toISOString(),
    items: recurring.items.map((item) => ({
      id: item.id,
      description: item.description,
      quantity: formatDecimal(item.quantity, 2),
      unitPrice: centsToString(item.unitPrice),
      taxable: item.taxable,
      discountPercent: discountToString(item.discountPercent),
      total: centsToString(item.total),
      order: item.order,
    })),
  };
}

// ---------------------------------------------------------------------------
// The runner's side (app/services/work-kinds.server.ts)

export interface RecurringOccurrenceDue {
  accountId: string;
  recurringInvoiceId: string;
  date: string;
  n: number;
  timeZone: string | null;
}

/**
 * Every occurrence due at `now` of every account's active schedules whose work is not over
 * (not made yet, or made and not yet sent by a runner that failed or died): its 6:00 (in the
 * account's zone) has come and is not before the schedule's activeFrom. At most MAX_CATCH_UP
 * per schedule and pass, oldest first.
 */
export async function recurringOccurrencesDue(now: Date, limit = 500): Promise<RecurringOccurrenceDue[]> {
  const db = await getDb();
  const rows = await db
    .select({ row: recurringInvoices, timeZone: accountSettings.timeZone })
    .from(recurringInvoices)
    .leftJoin(accountSettings, eq(accountSettings.accountId, recurringInvoices.accountId))
    .where(and(eq(recurringInvoices.paused, false), sql`${recurringInvoices.activeFrom} <= ${now.getTime()}`));
  const made = await settledDates(rows.map(({ row }) => row.id));
  const due: RecurringOccurrenceDue[] = [];
  for (const { row, timeZone } of rows) {
    const done = made.get(row.id) ?? new Set<string>();
    // Those over already are left out here, so a long schedule's old occurrences never fill the pass.
    const occurrences = dueOccurrences(recurrenceOf(row), {
      zone: timeZone,
      now,
      from: row.activeFrom,
      limit: done.size + MAX_CATCH_UP,
    }).filter((occurrence) => !done.has(occurrence.date));
    for (const occurrence of occurrences.slice(0, MAX_CATCH_UP)) {
      due.push({ accountId: row.accountId, recurringInvoiceId: row.id, date: occurrence.date, n: occurrence.n, timeZone });
      if (due.length >= limit) return due;
    }
  }
  return due;
}

/** The occurrence's row exists: another runner (or an earlier try) made its invoice. */
class AlreadyMade extends Error {}

export type MadeOccurrence =
  { status: "created"; invoiceId: string } | { status: "exists"; invoiceId: string | null } | { status: "gone" };

/**
 * Turns one occurrence into an ordinary invoice, once: dated the occurrence's date (made at
 * its 6:00 in the account's zone), due PAYMENT_TERM_DAYS later, pending, with the schedule's
 * customer, title, notes, tax and lines as they are now. The invoice, its lines and the
 * occurrence's row go in one batch; the row's primary key (schedule, date) refuses a second
 * invoice for the same occurrence, whoever tries, after a crash as much as in a race.
 */
export async function makeOccurrence(accountId: string, recurringInvoiceId: string, date: string): Promise<MadeOccurrence> {
  const db = await getDb();
  const [found, lineRows, existing] = await db.batch([
    db
      .select()
      .from(recurringInvoices)
      .where(and(eq(recurringInvoices.accountId, accountId), eq(recurringInvoices.id, recurringInvoiceId))),
    db
      .select()
      .from(recurringInvoiceItems)
      .where(eq(recurringInvoiceItems.recurringInvoiceId, recurringInvoiceId))
      .orderBy(asc(recurringInvoiceItems.order), asc(recurringInvoiceItems.id)),
    db
      .select({ invoiceId: recurringInvoiceRuns.invoiceId })
      .from(recurringInvoiceRuns)
      .where(and(eq(recurringInvoiceRuns.recurringInvoiceId, recurringInvoiceId), eq(recurringInvoiceRuns.occurrenceDate, date))),
  ]);
  const schedule = found[0];
  if (!schedule) return { status: "gone" };
  if (existing[0]) return { status: "exists", invoiceId: existing[0].invoiceId };
  const zone = await getAccountTimeZone(accountId);
  const totals = estimateTotals(lineRows, schedule.taxRate);
  const invoiceId = crypto.randomUUID();
  const invoiceLines = lineRows.map((line, order) => ({
    invoiceId,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxable: line.taxable,
    discountPercent: line.discountPercent,
    total: totals.lineTotals[order],
    order,
  }));
  try {
    await insertWithNumber(accountId, "invoice", async ({ statements, number: invoiceNumber }) => {
      const run = db.insert(recurringInvoiceRuns).values({ recurringInvoiceId, occurrenceDate: date, accountId, invoiceId });
      const invoice = db.insert(invoices).values({
        id: invoiceId,
        accountId,
        customerId: schedule.customerId,
        invoiceNumber,
        title: schedule.title,
        description: schedule.description,
        status: "pending",
        subtotal: totals.subtotal,
        taxRate: schedule.taxRate,
        taxAmount: totals.taxAmount,
        total: totals.total,
        notes: schedule.notes,
        dueDate: addDays(date, PAYMENT_TERM_DAYS),
        // The invoice date is the occurrence's, whenever the runner got to it.
        createdAt: occurrenceInstant(date, zone),
      });
      try {
        // The occurrence's row last: it names the invoice, and its primary key undoes the batch.
        if (invoiceLines.length === 0) await db.batch([...statements, invoice, run]);
        else await db.batch([...statements, invoice, db.insert(invoiceItems).values(invoiceLines), run]);
      } catch (error) {
        // Not the number (insertWithNumber's): the occurrence was made already, and the batch took no number.
        if (`${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`.includes("recurring_invoice_runs")) {
          throw new AlreadyMade();
        }
        throw error;
      }
    });
  } catch (error) {
    if (!(error instanceof AlreadyMade)) throw error;
    // Another runner wrote the occurrence's row first: its invoice is the one.
    const row = await db
      .select({ invoiceId: recurringInvoiceRuns.invoiceId })
      .from(recurringInvoiceRuns)
      .where(and(eq(recurringInvoiceRuns.recurringInvoiceId, recurringInvoiceId), eq(recurringInvoiceRuns.occurrenceDate, date)))
      .get();
    return { status: "exists", invoiceId: row?.invoiceId ?? null };
  }
  return { status: "created", invoiceId };
}

/** The schedule's auto-send choice and the invoice's state, for the runner after making it. */
export async function occurrenceInvoice(accountId: string, recurringInvoiceId: string, invoiceId: string) {
  const db = await getDb();
  const row = await db
    .select({
      autoSend: recurringInvoices.autoSend,
      sentAt: invoices.sentAt,
      invoiceNumber: invoices.invoiceNumber,
      title: invoices.title,
      customerName: customers.name,
      customerEmail: customers.email,
    })
    .from(invoices)
    .innerJoin(recurringInvoices, and(eq(recurringInvoices.id, recurringInvoiceId), eq(recurringInvoices.accountId, accountId)))
    .innerJoin(customers, accountCustomer(invoices.customerId, accountId))
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)))
    .get();
  return row;
}

/**
 * Tells the contractor that an invoice made by a recurring invoice with auto-send was not
 * e-mailed (the customer has no e-mail address, or the server has no APP_URL for its link),
 * in the account's interface language.
 */
export async function notifyNotSent(
  accountId: string,
  invoice: { invoiceNumber: string; title: string; customerName: string },
  reason: "noEmail" | "noAppUrl",
) {
  const settings = await getSettings(accountId);
  const lang = settings.appLanguage;
  await createNotification(accountId, {
    type: "recurring_invoice",
    title: translate(lang, "recurring.notSentTitle"),
    message: translate(lang, `recurring.notSent.${reason}`, {
      number: invoice.invoiceNumber,
      title: invoice.title,
      customer: invoice.customerName,
    }),
  });
}

/** Every recurring invoice of the account with its lines, for the account export. */
export async function exportRecurringInvoices(accountId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(recurringInvoices)
    .where(eq(recurringInvoices.accountId, accountId))
    .orderBy(asc(recurringInvoices.createdAt));
  const items = await itemsOf(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, items: items.get(row.id) ?? [] }));
}
