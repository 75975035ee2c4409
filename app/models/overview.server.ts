import { and, count, desc, eq, gte, lt, or, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { accountTotals, customers, estimates, invoices, jobs, payments, users } from "#db/schema";
import { getDb, preparedQuery } from "~/infrastructure/db.server";
import { tallyTotal, type Aging, type CollectedByMethod } from "~/lib/report";
import { collectedBetween, unpaidByAge } from "./collections.server";
import { overdueCondition } from "./invoice.server";
import { accountCustomer, accountRows, customerNameContains, textSearch } from "./sql.server";
import { getAccountTotals } from "./account-totals.server";
import { earliestOf, firstDatedAfter, keptFigure } from "./kept-figures.server";
import { dayKey, weekRange, now as clockNow } from "~/lib/clock";

const DAY_MS = 86_400_000;
/** The dashboard compares the last 30 days with the 30 before. */
export const CHANGE_PERIOD_DAYS = 30;

/** How many records of each kind the account has: its kept totals, nothing counted. */
export async function getRecordCounts(accountId: string) {
  const { customers, jobs, estimates, invoices, appointments } = await getAccountTotals(accountId);
  return { customers, jobs, estimates, invoices, appointments };
}

/** The change from one period to the next as a whole signed percent; null when the earlier period had nothing. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

const number = (value: unknown) => Number(value ?? 0);

export interface DashboardStats {
  totalJobs: number;
  /** Cents: all the money collected (every payment of the ledger; docs/decisions/020). */
  totalRevenue: number;
  pendingEstimates: number;
  activeCustomers: number;
  /** Jobs created in the last 30 days against the 30 before, in percent; null when there were none before. */
  jobsChange: number | null;
  /** Money collected in the last 30 days against the 30 before, by the day received, in percent; null when there was none before. */
  revenueChange: number | null;
  /** Cents received in the last 30 days. */
  collectedLast30Days: number;
  /** The last 30 days' payments by method. */
  collectedByMethod: CollectedByMethod;
  /** Cents still owed on open invoices (pending or overdue), today. */
  unpaidBalance: number;
  /** Those balances by how late they are on the account's today. */
  unpaidByAge: Aging;
  /** Invoices past due: marked overdue, or pending with a due date before the account's today. */
  overdueInvoices: number;
  /** Customers added since the start of the account's week (Sunday). */
  newCustomersThisWeek: number;
}

// The figures of one statement, counted from their index ranges; the totals of the whole
// account are its kept totals (docs/decisions/022), joined from its row. Built once: the
// dashboard runs it on every visit (preparedQuery).
const dashboardQuery = preparedQuery((db) => {
  const accountId = sql.placeholder("accountId");
  const [now, recent, before, weekStart] = ["now", "recent", "before", "weekStart"].map((name) => sql.placeholder(name));
  const scalar = (query: SQLWrapper) => sql<number | null>`(${query})`;
  const countOf = (table: typeof customers | typeof jobs | typeof invoices, where: SQL | undefined) =>
    scalar(
      db
        .select({ value: count() })
        .from(table)
        .where(and(eq(table.accountId, accountId), where)),
    );
  // Money collected: the payments of the ledger, by the day each was received.
  const revenueBetween = (from: Placeholder, to: Placeholder) =>
    scalar(
      db
        .select({ value: sql`coalesce(sum(${payments.amount}), 0)` })
        .from(payments)
        .where(and(eq(payments.accountId, accountId), gte(payments.receivedAt, from), lt(payments.receivedAt, to))),
    );
  return db
    .select({
      totalJobs: accountTotals.jobs,
      recentJobs: countOf(jobs, and(gte(jobs.createdAt, recent), lt(jobs.createdAt, now))),
      previousJobs: countOf(jobs, and(gte(jobs.createdAt, before), lt(jobs.createdAt, recent))),
      revenue: accountTotals.collected,
      recentRevenue: revenueBetween(recent, now),
      previousRevenue: revenueBetween(before, recent),
      overdue: countOf(invoices, overdueCondition(sql.placeholder("today"))),
      pendingEstimates: accountTotals.pendingEstimates,
      customers: accountTotals.customers,
      newCustomers: countOf(customers, gte(customers.createdAt, weekStart)),
    })
    .from(users)
    .leftJoin(accountTotals, eq(accountTotals.accountId, users.id))
    .where(eq(users.id, accountId))
    .prepare();
});

/**
 * The dashboard stats (docs/product/dashboard-and-reports.md) and the figures under them, as SQL
 * aggregates. "Today" and "this week" are the account's, in its time zone. Each figure is
 * a count or a sum over one range of an index that holds every column it reads
 * (docs/decisions/009), or the account's kept total (decision 022). They go as subqueries
 * of one statement, read from the account's own row; the last 30 days' payments by method
 * and the unpaid balances by age are one grouped query each
 * (app/models/collections.server.ts, shared with the reports).
 */
export async function getDashboardStats(
  accountId: string,
  { now = clockNow(), timeZone }: { now?: Date; timeZone: string },
): Promise<DashboardStats> {
  const nowMs = now.getTime();
  const recent = nowMs - CHANGE_PERIOD_DAYS * DAY_MS;
  const before = nowMs - 2 * CHANGE_PERIOD_DAYS * DAY_MS;
  const today = dayKey(now, timeZone);
  // Kept while the account's records stay as they are (docs/decisions/023), for the day (the
  // week's and the overdue figures are by the account's day) and until a dated record
  // crosses an edge of the 30-day windows: a job created, or a payment received, later than
  // now comes in; the first of each window goes out 30 days after its date. Customers are
  // counted from the week's start, so only one dated later than now changes that.
  const periods = [CHANGE_PERIOD_DAYS * DAY_MS, 2 * CHANGE_PERIOD_DAYS * DAY_MS];
  return keptFigure(accountId, `dashboard:${timeZone}:${today}`, nowMs, async () => {
    const [value, validUntil] = await Promise.all([
      dashboardFigures(accountId, { nowMs, recent, before, today, timeZone }),
      earliestOf([
        firstDatedAfter(accountId, customers.createdAt, nowMs),
        ...[jobs.createdAt, payments.receivedAt].flatMap((column) => [
          firstDatedAfter(accountId, column, nowMs),
          // Leaves [recent, now] when recent passes it, leaves [before, recent) when before does.
          firstDatedAfter(accountId, column, recent - 1, periods[0] + 1),
          firstDatedAfter(accountId, column, before - 1, periods[1] + 1),
        ]),
      ]),
    ]);
    return { value, validUntil };
  });
}

async function dashboardFigures(
  accountId: string,
  { nowMs, recent, before, today, timeZone }: { nowMs: number; recent: number; before: number; today: string; timeZone: string },
): Promise<DashboardStats> {
  const weekStart = weekRange(today, timeZone).start.getTime();
  const statement = dashboardQuery().then((query) =>
    query.get({
      accountId,
      // Epoch milliseconds, as stored; "now" counts up to and including this instant.
      now: nowMs + 1,
      recent,
      before,
      today,
      weekStart,
    }),
  );
  const [row, byMethod, aging] = await Promise.all([
    statement,
    collectedBetween(accountId, new Date(recent), new Date(nowMs + 1)),
    unpaidByAge(accountId, today),
  ]);

  return {
    totalJobs: number(row?.totalJobs),
    totalRevenue: number(row?.revenue),
    pendingEstimates: number(row?.pendingEstimates),
    activeCustomers: number(row?.customers),
    jobsChange: percentChange(number(row?.recentJobs), number(row?.previousJobs)),
    revenueChange: percentChange(number(row?.recentRevenue), number(row?.previousRevenue)),
    collectedLast30Days: number(row?.recentRevenue),
    collectedByMethod: byMethod,
    unpaidBalance: tallyTotal(aging).amount,
    unpaidByAge: aging,
    overdueInvoices: number(row?.overdue),
    newCustomersThisWeek: number(row?.newCustomers),
  };
}

// ---------------------------------------------------------------------------
// Search across the business (the dashboard's search box, /app/search).

export const SEARCH_SECTION_LIMIT = 10;

/**
 * Customers, jobs, estimates and invoices matching the text, each section the newest
 * `limit` with its total, searched in SQL: customers by name, e-mail and phone; jobs by
 * title, location and customer; estimates and invoices by number, title and customer.
 */
export async function searchBusiness(
  accountId: string,
  q: string,
  { limit = SEARCH_SECTION_LIMIT, today }: { limit?: number; today: string },
) {
  const db = await getDb();

  // The customer's name is matched through customerNameContains, so the counts need no join.
  const customerWhere = accountRows(customers.accountId, accountId, q, (text) =>
    textSearch("customers", customers.id, accountId, text, [customers.name, customers.email, customers.phone]),
  );
  const jobCustomer = accountCustomer(jobs.customerId, accountId);
  const jobWhere = accountRows(jobs.accountId, accountId, q, (text) =>
    or(
      textSearch("jobs", jobs.id, accountId, text, [jobs.title, jobs.location]),
      customerNameContains(jobs.customerId, accountId, text),
    ),
  );
  const estimateCustomer = accountCustomer(estimates.customerId, accountId);
  const estimateWhere = accountRows(estimates.accountId, accountId, q, (text) =>
    or(
      textSearch("estimates", estimates.id, accountId, text, [estimates.estimateNumber, estimates.title]),
      customerNameContains(estimates.customerId, accountId, text),
    ),
  );
  const invoiceCustomer = accountCustomer(invoices.customerId, accountId);
  const invoiceWhere = accountRows(invoices.accountId, accountId, q, (text) =>
    or(
      textSearch("invoices", invoices.id, accountId, text, [invoices.invoiceNumber, invoices.title]),
      customerNameContains(invoices.customerId, accountId, text),
    ),
  );

  const [customerRows, customerTotal, jobRows, jobTotal, estimateRows, estimateTotal, invoiceRows, invoiceTotal] =
    await Promise.all([
      db
        .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone, city: customers.city })
        .from(customers)
        .where(customerWhere)
        .orderBy(sql`${customers.name} collate nocase`, customers.id)
        .limit(limit),
      db.select({ value: count() }).from(customers).where(customerWhere).get(),
      db
        .select({ id: jobs.id, title: jobs.title, status: jobs.status, location: jobs.location, customerName: customers.name })
        .from(jobs)
        .innerJoin(customers, jobCustomer)
        .where(jobWhere)
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(limit),
      db.select({ value: count() }).from(jobs).where(jobWhere).get(),
      db
        .select({
          id: estimates.id,
          estimateNumber: estimates.estimateNumber,
          title: estimates.title,
          status: estimates.status,
          total: estimates.total,
          customerName: customers.name,
        })
        .from(estimates)
        .innerJoin(customers, estimateCustomer)
        .where(estimateWhere)
        .orderBy(desc(estimates.createdAt), desc(estimates.id))
        .limit(limit),
      db.select({ value: count() }).from(estimates).where(estimateWhere).get(),
      db
        .select({
          id: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          title: invoices.title,
          // A pending invoice past its due date reads as overdue (docs/product/invoices-and-payments.md, "Statuses").
          status: sql<string>`case when ${invoices.status} = 'pending' and ${invoices.dueDate} < ${today} then 'overdue' else ${invoices.status} end`,
          total: invoices.total,
          customerName: customers.name,
        })
        .from(invoices)
        .innerJoin(customers, invoiceCustomer)
        .where(invoiceWhere)
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(limit),
      db.select({ value: count() }).from(invoices).where(invoiceWhere).get(),
    ]);
  return {
    customers: { items: customerRows, total: customerTotal?.value ?? 0 },
    jobs: { items: jobRows, total: jobTotal?.value ?? 0 },
    estimates: { items: estimateRows, total: estimateTotal?.value ?? 0 },
    invoices: { items: invoiceRows, total: invoiceTotal?.value ?? 0 },
  };
}

export type BusinessSearch = Awaited<ReturnType<typeof searchBusiness>>;
