import { and, asc, count, desc, eq, inArray, not, or, sql } from "drizzle-orm";
import { accountSettings, customers, estimateItems, estimates, invoices, jobs } from "#db/schema";
import { statusAfterEdit } from "~/lib/estimate-dates";
import { estimateTotals, type EstimateChecks, type EstimateInput, type EstimateStatusFilter } from "~/lib/estimate-schema";
import { PAGE_SIZE } from "~/lib/list-params";
import { centsToString, discountToString, formatDecimal, rateToString } from "~/lib/money";
import { getDb } from "~/infrastructure/db.server";
import { listTotal, getAccountTotal } from "./account-totals.server";
import { insertWithNumber } from "./document-number.server";
import { depositsReceived } from "./payment.server";
import { hasLinkOrigin } from "./app-origin.server";
import { accountCustomer, accountRows, isAccountRow, customerNameContains, sameAccount, textSearch } from "./sql.server";
import { addDays, now as clockNow, startOfDay, today } from "~/lib/clock";
import { workSettled } from "~/infrastructure/work.server";

export type Estimate = typeof estimates.$inferSelect;
export type EstimateItem = typeof estimateItems.$inferSelect;

/** The customer fields an estimate carries in lists and in the API (docs/product/api.md, "Estimates"). */
const customerColumns = {
  id: customers.id,
  name: customers.name,
  address: customers.address,
  city: customers.city,
  state: customers.state,
  zipCode: customers.zipCode,
  phone: customers.phone,
  email: customers.email,
};
export type EstimateCustomer = {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  phone: string | null;
  email: string | null;
};

/** The valid days of an account that has no settings row yet (account_settings.estimate_valid_days' default). */
const DEFAULT_VALID_DAYS = 30;

// Customer and job are joined inside the account too: an estimate never shows another account's rows.
const customerJoin = (accountId: string) => accountCustomer(estimates.customerId, accountId);
const jobJoin = (accountId: string) => and(eq(jobs.id, estimates.jobId), eq(jobs.accountId, accountId));

/** One of the account's estimates with its items (in order), its customer and its job. */
export async function getEstimateWithItems(accountId: string, id: string) {
  const db = await getDb();
  const row = await db
    .select({ estimate: estimates, customer: customers, job: { id: jobs.id, title: jobs.title } })
    .from(estimates)
    .innerJoin(customers, customerJoin(accountId))
    .leftJoin(jobs, jobJoin(accountId))
    .where(and(eq(estimates.accountId, accountId), eq(estimates.id, id)))
    .get();
  if (!row) return undefined;
  const items = await db
    .select()
    .from(estimateItems)
    .where(eq(estimateItems.estimateId, id))
    .orderBy(asc(estimateItems.order), asc(estimateItems.id));
  return { ...row.estimate, items, customer: row.customer, job: row.job?.id ? row.job : null };
}

export type EstimateWithItems = NonNullable<Awaited<ReturnType<typeof getEstimateWithItems>>>;

/** The account's estimates, searched over title, number and the customer's name. */
function accountEstimates(accountId: string, q: string) {
  return accountRows(estimates.accountId, accountId, q, (text) =>
    or(
      textSearch("estimates", estimates.id, accountId, text, [estimates.title, estimates.estimateNumber]),
      customerNameContains(estimates.customerId, accountId, text),
    ),
  );
}

export interface EstimateListOptions {
  q?: string;
  status?: EstimateStatusFilter;
  page?: number;
  pageSize?: number;
  /** Load every line of the page's estimates (one query, as `lines`) instead of only counting them. */
  withItems?: boolean;
}

/**
 * One page of the account's estimates, newest first, with customer, job and item count;
 * searched over title, customer name and estimate number and filtered by status, in SQL.
 * The item counts (or the items themselves) of the page come from one more query.
 */
export async function listEstimates(
  accountId: string,
  { q = "", status = "all", page = 1, pageSize = PAGE_SIZE, withItems = false }: EstimateListOptions = {},
) {
  const db = await getDb();
  const where = and(accountEstimates(accountId, q), status === "all" ? undefined : eq(estimates.status, status));
  const [rows, total] = await Promise.all([
    db
      .select({ estimate: estimates, customer: customerColumns, job: { id: jobs.id, title: jobs.title } })
      .from(estimates)
      .innerJoin(customers, customerJoin(accountId))
      .leftJoin(jobs, jobJoin(accountId))
      .where(where)
      .orderBy(desc(estimates.createdAt), desc(estimates.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // Counted from the estimates' indexes alone: the search needs no join, and every estimate has its customer.
    listTotal(accountId, "estimates", q.trim() !== "" || status !== "all", () =>
      db.select({ value: count() }).from(estimates).where(where).get(),
    ),
  ]);
  const ids = rows.map((row) => row.estimate.id);
  const counts = new Map<string, number>();
  const lines = withItems ? await itemsOfEstimates(ids) : undefined;
  if (lines) {
    for (const [id, own] of lines) counts.set(id, own.length);
  } else if (ids.length > 0) {
    const grouped = await db
      .select({ estimateId: estimateItems.estimateId, value: count() })
      .from(estimateItems)
      .where(inArray(estimateItems.estimateId, ids))
      .groupBy(estimateItems.estimateId);
    for (const { estimateId, value } of grouped) counts.set(estimateId, value);
  }
  const items = rows.map((row) => ({
    ...row.estimate,
    customer: row.customer as EstimateCustomer,
    job: row.job?.id ? { id: row.job.id, title: row.job.title } : null,
    itemCount: counts.get(row.estimate.id) ?? 0,
    lines: lines?.get(row.estimate.id),
  }));
  return { items, total, page, pageSize };
}

/** The line items of the given estimates (one query), in order, by estimate id. */
export async function itemsOfEstimates(estimateIds: string[]): Promise<Map<string, EstimateItem[]>> {
  const byEstimate = new Map<string, EstimateItem[]>(estimateIds.map((id) => [id, []]));
  if (estimateIds.length === 0) return byEstimate;
  const db = await getDb();
  const rows = await db
    .select()
    .from(estimateItems)
    .where(inArray(estimateItems.estimateId, estimateIds))
    .orderBy(asc(estimateItems.estimateId), asc(estimateItems.order), asc(estimateItems.id));
  for (const row of rows) byEstimate.get(row.estimateId)?.push(row);
  return byEstimate;
}

export async function countEstimates(accountId: string) {
  return getAccountTotal(accountId, "estimates");
}

/** The ownership checks of the estimate schema, for one account. */
/** The schema's server-side checks; with the id of the estimate being edited, its deposits too. */
export function estimateChecks(accountId: string, estimateId?: string): EstimateChecks {
  return {
    ...(estimateId
      ? { depositsReceived: async () => (await depositsReceived(accountId, [estimateId])).get(estimateId) ?? 0 }
      : {}),
    customer: (customerId) => isAccountRow(customers, accountId, customerId),
    async job(jobId, customerId) {
      const db = await getDb();
      const row = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.accountId, accountId), eq(jobs.id, jobId), eq(jobs.customerId, customerId)))
        .get();
      return Boolean(row);
    },
  };
}

/** The jobs of one of the account's customers, for the estimate form's job select. */
export async function jobOptions(accountId: string, customerId: string | null | undefined, limit = 500) {
  if (!customerId) return [];
  const db = await getDb();
  return db
    .select({ id: jobs.id, title: jobs.title })
    .from(jobs)
    .where(and(sameAccount(jobs.accountId, accountId), eq(jobs.customerId, customerId)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

/** True when the estimate belongs to the account. */
export const isAccountEstimate = (accountId: string, estimateId: string) => isAccountRow(estimates, accountId, estimateId);

export class ForeignReferenceError extends Error {
  constructor(what: "customer" | "job") {
    super(`The ${what} does not belong to this account.`);
  }
}

/** The schema's checks again, so no caller can link another account's customer or job. */
async function assertOwnership(accountId: string, input: EstimateInput) {
  const checks = estimateChecks(accountId);
  if (!(await checks.customer(input.customerId))) throw new ForeignReferenceError("customer");
  if (input.jobId && !(await checks.job(input.jobId, input.customerId))) throw new ForeignReferenceError("job");
}

/** The stored amounts of an estimate: always computed from its lines, never taken from a client. */
function computed(input: EstimateInput) {
  const totals = estimateTotals(input.items, input.taxRate);
  if (!totals.withinLimit) throw new RangeError("The estimate total exceeds the money limit.");
  const items = input.items.map((line, order) => ({
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxable: line.taxable,
    discountPercent: line.discountPercent,
    optional: line.optional,
    total: totals.lineTotals[order],
    order,
  }));
  return { subtotal: totals.subtotal, taxAmount: totals.taxAmount, total: totals.total, items };
}

function fields(input: EstimateInput) {
  return {
    customerId: input.customerId,
    jobId: input.jobId,
    title: input.title,
    description: input.description,
    status: input.status,
    taxRate: input.taxRate,
    validUntil: input.validUntil,
    notes: input.notes,
  };
}

/**
 * Creates an estimate and its lines in one transaction, numbered with the account's next
 * estimate number (EST-0001, decision 031), given out in the same batch. The writes go as
 * one batch, which libSQL runs as one transaction without yielding, so concurrent requests
 * in this process never wait on each other's open transaction, and one that fails takes no
 * number.
 */
export async function createEstimate(
  accountId: string,
  input: EstimateInput,
  { by = null }: { by?: string | null } = {},
): Promise<EstimateWithItems> {
  await assertOwnership(accountId, input);
  const { items, ...totals } = computed(input);
  const db = await getDb();
  const id = crypto.randomUUID();
  // A new estimate asks the account's default deposit (Settings), if any.
  const defaults = await db
    .select({ percent: accountSettings.defaultDepositPercent })
    .from(accountSettings)
    .where(eq(accountSettings.accountId, accountId))
    .get();
  const deposit = defaults?.percent ? { depositType: "percent" as const, depositValue: defaults.percent } : {};
  await insertWithNumber(accountId, "estimate", ({ statements, number: estimateNumber }) =>
    db.batch([
      ...statements,
      db.insert(estimates).values({
        ...fields(input),
        ...totals,
        ...deposit,
        id,
        estimateNumber,
        approvedAt: input.status === "approved" ? clockNow() : null,
        accountId,
        createdBy: by,
        createdAt: clockNow(),
      }),
      db.insert(estimateItems).values(items.map((item) => ({ ...item, estimateId: id }))),
    ]),
  );
  return (await getEstimateWithItems(accountId, id))!;
}

/**
 * Updates the account's estimate and replaces its lines, in one transaction (one batch);
 * undefined when there is no such estimate in this account. Becoming approved stamps
 * approvedAt, staying approved keeps it, anything else clears it.
 */
export async function updateEstimate(
  accountId: string,
  id: string,
  input: EstimateInput,
): Promise<EstimateWithItems | undefined> {
  await assertOwnership(accountId, input);
  const { items, ...totals } = computed(input);
  const db = await getDb();
  const mine = and(eq(estimates.accountId, accountId), eq(estimates.id, id));
  const before = await db
    .select({
      status: estimates.status,
      validUntil: estimates.validUntil,
      createdAt: estimates.createdAt,
      estimateValidDays: sql<number>`coalesce(${accountSettings.estimateValidDays}, ${DEFAULT_VALID_DAYS})`,
      timeZone: accountSettings.timeZone,
    })
    .from(estimates)
    .leftJoin(accountSettings, eq(accountSettings.accountId, estimates.accountId))
    .where(mine)
    .get();
  if (!before) return undefined;
  const now = clockNow().getTime();
  const status = statusAfterEdit(before, input, before, today(before.timeZone));
  // SET expressions see the row as it was: approvedAt survives only an approved-to-approved save.
  const approvedAt =
    status === "approved"
      ? sql`case when ${estimates.status} = 'approved' and ${estimates.approvedAt} is not null then ${estimates.approvedAt} else ${now} end`
      : null;
  try {
    await db.batch([
      db
        .update(estimates)
        .set({ ...fields(input), status, ...totals, approvedAt })
        .where(mine),
      db.delete(estimateItems).where(eq(estimateItems.estimateId, id)),
      db.insert(estimateItems).values(items.map((item) => ({ ...item, estimateId: id }))),
    ]);
  } catch (error) {
    // Deleted between the check and the batch: the new lines have no estimate to belong to.
    if (String(error).includes("FOREIGN KEY")) return undefined;
    throw error;
  }
  return getEstimateWithItems(accountId, id);
}

/**
 * Deletes the account's estimate (its lines and share links go with it; an invoice made
 * from it stays, unlinked). Undefined when there is no such estimate in this account.
 */
export async function deleteEstimate(accountId: string, id: string): Promise<Estimate | undefined> {
  const db = await getDb();
  const [row] = await db
    .delete(estimates)
    .where(and(eq(estimates.accountId, accountId), eq(estimates.id, id)))
    .returning();
  return row;
}

/** True when an invoice was made from the estimate (it stays, unlinked, if the estimate is deleted). */
export async function isInvoiced(accountId: string, estimateId: string): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.estimateId, estimateId)))
    .get();
  return Boolean(row);
}

export interface EstimateDeleteEffects {
  /** An invoice was made from it (the invoice stays, unlinked, and keeps the deposits it carries). */
  invoiced: boolean;
  /** The deposits received on it that go with it (none when it is invoiced): how many, and their sum in cents. */
  deposits: { count: number; received: number };
  currency: string;
}

/**
 * What else deleting the account's estimate changes, in one statement: its invoice stays, and
 * the deposits received on it are deleted with it (decision 017), which matters only when no
 * invoice carries them. Undefined when the account has no such estimate.
 */
export async function estimateDeleteEffects(accountId: string, estimateId: string): Promise<EstimateDeleteEffects | undefined> {
  const db = await getDb();
  // Drizzle names a single-table select's columns without their table, which a correlated
  // subquery would read as its own: the tables are named here.
  const row = await db
    .select({
      invoiced: sql<number>`exists (select 1 from invoices i where i.account_id = ${accountId} and i.estimate_id = estimates.id)`,
      count: sql<number>`(select count(*) from estimate_deposits d where d.account_id = ${accountId} and d.estimate_id = estimates.id)`,
      received: sql<number>`(select coalesce(sum(d.amount), 0) from estimate_deposits d where d.account_id = ${accountId} and d.estimate_id = estimates.id)`,
      currency: sql<string | null>`(select s.currency from account_settings s where s.account_id = ${accountId})`,
    })
    .from(estimates)
    .where(and(eq(estimates.accountId, accountId), eq(estimates.id, estimateId)))
    .get();
  if (!row) return undefined;
  const invoiced = Boolean(row.invoiced);
  return {
    invoiced,
    deposits: invoiced ? { count: 0, received: 0 } : { count: Number(row.count), received: Number(row.received) },
    currency: row.currency ?? "USD",
  };
}

type ApiEstimateSource = Estimate & { customer: EstimateCustomer | typeof customers.$inferSelect; items: EstimateItem[] };

/** An estimate as the API sends it (docs/product/api.md): money "1234.50", rate "0.0825", quantity "1.50". */
export function toApiEstimate(estimate: ApiEstimateSource) {
  const { customer } = estimate;
  return {
    id: estimate.id,
    customerId: estimate.customerId,
    jobId: estimate.jobId,
    estimateNumber: estimate.estimateNumber,
    title: estimate.title,
    description: estimate.description,
    status: estimate.status,
    subtotal: centsToString(estimate.subtotal),
    taxRate: rateToString(estimate.taxRate),
    taxAmount: centsToString(estimate.taxAmount),
    total: centsToString(estimate.total),
    notes: estimate.notes,
    validUntil: estimate.validUntil,
    approvedAt: estimate.approvedAt?.toISOString() ?? null,
    customerSignature: estimate.customerSignature,
    customerResponse: estimate.customerResponse,
    createdAt: estimate.createdAt.toISOString(),
    items: estimate.items.map((item) => ({
      id: item.id,
      estimateId: item.estimateId,
      description: item.description,
      quantity: formatDecimal(item.quantity, 2),
      unitPrice: centsToString(item.unitPrice),
      taxable: item.taxable,
      discountPercent: discountToString(item.discountPercent),
      optional: item.optional,
      total: centsToString(item.total),
      order: item.order,
    })),
    customer: {
      name: customer.name,
      address: customer.address,
      city: customer.city,
      state: customer.state,
      zipCode: customer.zipCode,
      phone: customer.phone,
      email: customer.email,
    },
  };
}

/**
 * Records that the estimate was e-mailed to the customer: the first time and who sent it then
 * (`by`, a login; none for TradeDesk's reminders), and the address last sent to.
 */
export async function markEstimateSent(
  accountId: string,
  id: string,
  recipient: string,
  { at = clockNow(), by = null }: { at?: Date; by?: string | null } = {},
): Promise<void> {
  const db = await getDb();
  await db
    .update(estimates)
    .set({
      sentAt: sql`coalesce(${estimates.sentAt}, ${at.getTime()})`,
      sentBy: sql`case when ${estimates.sentAt} is null then ${by} else ${estimates.sentBy} end`,
      sentTo: recipient,
    })
    .where(and(eq(estimates.accountId, accountId), eq(estimates.id, id)));
}

export interface EstimateReminderDue {
  accountId: string;
  estimateId: string;
  validUntil: string | null;
  timeZone: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Marks "expired" every pending estimate past its last valid day (lastValidDay in
 * app/lib/estimate-dates.ts) on the calendar of its account's zone: what the customer's page
 * and the list already show, stored, so the status filter, the API, the dashboard's counts and
 * the reports agree. For every account at once: one pair of UPDATEs per time zone and valid
 * days found in the settings. It changes only rows still pending and already past, so any
 * runner may run it at any moment, twice or at once with another (decision 014): it needs no
 * claim. Returns how many estimates it marked.
 */
export async function expirePastEstimates(now: Date): Promise<number> {
  const db = await getDb();
  const groups = await db
    .selectDistinct({ timeZone: accountSettings.timeZone, validDays: accountSettings.estimateValidDays })
    .from(accountSettings);
  const withSettings = (zone: string | null, days: number) =>
    inArray(
      estimates.accountId,
      db
        .select({ accountId: accountSettings.accountId })
        .from(accountSettings)
        .where(and(sql`${accountSettings.timeZone} is ${zone}`, eq(accountSettings.estimateValidDays, days))),
    );
  const withoutSettings = not(
    inArray(estimates.accountId, db.select({ accountId: accountSettings.accountId }).from(accountSettings)),
  );
  const accounts = [
    ...groups.map((group) => ({ ...group, where: withSettings(group.timeZone, group.validDays) })),
    { timeZone: null, validDays: DEFAULT_VALID_DAYS, where: withoutSettings },
  ];
  let marked = 0;
  for (const { timeZone, validDays, where } of accounts) {
    const day = today(timeZone, now);
    // Without a valid-until the last valid day is the estimate's date plus the valid days:
    // past it when made before the start of (today - valid days) in the account's zone.
    const madeBefore = startOfDay(addDays(day, -validDays), timeZone);
    // Two statements, so each reads its own range of estimates_status_valid_idx.
    for (const past of [
      sql`${estimates.validUntil} < ${day}`,
      and(sql`${estimates.validUntil} is null`, sql`${estimates.createdAt} < ${madeBefore.getTime()}`),
    ]) {
      const result = await db
        .update(estimates)
        .set({ status: "expired" })
        .where(and(eq(estimates.status, "pending"), past, where));
      marked += result.rowsAffected;
    }
  }
  return marked;
}

/**
 * Pending estimates, e-mailed and not answered, of accounts with follow-ups on and an address
 * for the e-mail's links (APP_URL, else a stored one: `hasLinkOrigin`), whose follow-up is due
 * at `now` (sent at least the account's follow-up days before) and not settled yet (sent, or
 * given up); at most `limit`, oldest first. Every account's: the work runner's query.
 */
export async function estimatesDueForFollowUp(now: Date, limit = 200): Promise<EstimateReminderDue[]> {
  const db = await getDb();
  return db
    .select({
      accountId: estimates.accountId,
      estimateId: estimates.id,
      validUntil: estimates.validUntil,
      timeZone: accountSettings.timeZone,
    })
    .from(estimates)
    .innerJoin(accountSettings, eq(accountSettings.accountId, estimates.accountId))
    .where(
      and(
        eq(estimates.status, "pending"),
        sql`${estimates.sentAt} is not null`,
        sql`${estimates.respondedAt} is null`,
        sql`${accountSettings.estimateFollowUpDays} > 0`,
        sql`${estimates.sentAt} + ${accountSettings.estimateFollowUpDays} * ${DAY_MS} <= ${now.getTime()}`,
        // estimateFollowUpKey (app/lib/work-keys.ts)
        not(workSettled(sql`'estimate-follow-up:' || ${estimates.id}`)),
        hasLinkOrigin(estimates.accountId),
      ),
    )
    .orderBy(asc(estimates.sentAt))
    .limit(limit);
}

/**
 * Pending estimates, e-mailed and not answered, with a valid-until day at most two days
 * ahead (and not yet passed: the caller checks each account's calendar day), of accounts
 * with follow-ups on and an address for the e-mail's links (`hasLinkOrigin`).
 */
export async function estimatesNearExpiry(now: Date, limit = 200): Promise<EstimateReminderDue[]> {
  const db = await getDb();
  // Any zone's today is within a day of UTC's: the exact check is the caller's.
  const latest = new Date(now.getTime() + 3 * DAY_MS).toISOString().slice(0, 10);
  const earliest = new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
  return db
    .select({
      accountId: estimates.accountId,
      estimateId: estimates.id,
      validUntil: estimates.validUntil,
      timeZone: accountSettings.timeZone,
    })
    .from(estimates)
    .innerJoin(accountSettings, eq(accountSettings.accountId, estimates.accountId))
    .where(
      and(
        eq(estimates.status, "pending"),
        sql`${estimates.sentAt} is not null`,
        sql`${estimates.respondedAt} is null`,
        sql`${accountSettings.estimateFollowUpDays} > 0`,
        sql`${estimates.validUntil} between ${earliest} and ${latest}`,
        // estimateExpiryKey (app/lib/work-keys.ts)
        not(workSettled(sql`'estimate-expiry:' || ${estimates.id} || ':' || ${estimates.validUntil}`)),
        hasLinkOrigin(estimates.accountId),
      ),
    )
    .orderBy(asc(estimates.validUntil))
    .limit(limit);
}
