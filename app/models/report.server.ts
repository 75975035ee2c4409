import { and, count, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { customers, estimates, invoices, jobs, payments } from "#db/schema";
import {
  approvalRatePercent,
  averageInvoiceDollars,
  chartPeriods,
  jobsPerCustomerTenths,
  reportExport,
  reportWindow,
  tallyTotal,
  type Aging,
  type ChartUnit,
  type CollectedByMethod,
  type ReportExport,
  type ReportRange,
  type ReportWindow,
} from "~/lib/report";
import { getDb, preparedQuery } from "~/infrastructure/db.server";
import { collectedBetween, unpaidByAge } from "./collections.server";
import { getRecordCounts } from "./overview.server";
import { now as clockNow } from "~/lib/clock";
import { earliestOf, firstDatedAfter, keptFigure } from "./kept-figures.server";

// The reports screen (docs/product/dashboard-and-reports.md, "Reports"), every figure
// an SQL aggregate over the account's rows. The range keeps records created inside the
// window; revenue is the money COLLECTED inside it: the payments of the ledger, by the day
// each was received (docs/decisions/020).

/** 1 for each row that matches, summed: a conditional count inside one aggregate query. */
const countWhere = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
const sumWhere = (value: AnySQLiteColumn, condition: SQL) =>
  sql<number>`coalesce(sum(case when ${condition} then ${value} else 0 end), 0)`;

export interface RevenuePoint {
  /** First day of the period inside the window (`yyyy-MM-dd`). */
  from: string;
  /** Cents received in the period. */
  revenue: number;
  /** Payments received in the period. */
  payments: number;
}

export interface BusinessReport {
  window: ReportWindow;
  /** Cents: the money collected in the window (every payment received in it). */
  totalRevenue: number;
  /** The window's payments by method. */
  collected: CollectedByMethod;
  pendingRevenue: number;
  customers: number;
  jobs: { total: number; pending: number; inProgress: number; completed: number; active: number };
  estimates: { total: number; approved: number; pending: number };
  invoices: { total: number; paid: number };
  insights: { averageInvoiceDollars: number; jobsPerCustomerTenths: number; approvalRatePercent: number };
  revenue: { unit: ChartUnit; points: RevenuePoint[] };
  /** Unpaid balances on the window's last day (the account's today), by age. */
  aging: Aging;
}

// What the report counts of the records created in its window: four statements built once
// (preparedQuery), with the account and the window as placeholders.
const reportCountsQuery = preparedQuery((db) => {
  const accountId = sql.placeholder("accountId");
  const createdWithin = (column: AnySQLiteColumn) =>
    and(gte(column, sql.placeholder("start")), lte(column, sql.placeholder("end")));
  return {
    jobs: db
      .select({
        total: count(),
        pending: countWhere(sql`${jobs.status} = 'pending'`),
        inProgress: countWhere(sql`${jobs.status} = 'in_progress'`),
        completed: countWhere(sql`${jobs.status} = 'completed'`),
      })
      .from(jobs)
      .where(and(eq(jobs.accountId, accountId), createdWithin(jobs.createdAt)))
      .prepare(),
    customers: db
      .select({ total: count() })
      .from(customers)
      .where(and(eq(customers.accountId, accountId), createdWithin(customers.createdAt)))
      .prepare(),
    estimates: db
      .select({
        total: count(),
        approved: countWhere(sql`${estimates.status} = 'approved'`),
        pending: countWhere(sql`${estimates.status} = 'pending'`),
        pendingRevenue: sumWhere(estimates.total, sql`${estimates.status} = 'pending'`),
      })
      .from(estimates)
      .where(and(eq(estimates.accountId, accountId), createdWithin(estimates.createdAt)))
      .prepare(),
    invoices: db
      .select({ total: count(), paid: countWhere(sql`${invoices.status} = 'paid'`) })
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), createdWithin(invoices.createdAt)))
      .prepare(),
  };
});

export async function getBusinessReport(
  accountId: string,
  range: ReportRange,
  { now = clockNow(), timeZone = null }: { now?: Date; timeZone?: string | null } = {},
): Promise<BusinessReport> {
  const window = reportWindow(range, now, timeZone);
  // Kept while the account's records stay as they are (decision 023): the window's first day
  // and today name it; it ends now, so a record dated later than now (its creation, or a
  // payment's receipt) would enter it on its own: the earliest such date ends it.
  const key = `report:${window.timeZone}:${window.from}:${window.to}`;
  const at = now.getTime();
  const figures = await keptFigure(accountId, key, at, async () => {
    const [value, validUntil] = await Promise.all([
      reportFigures(accountId, window),
      earliestOf(
        [customers.createdAt, jobs.createdAt, estimates.createdAt, invoices.createdAt, payments.receivedAt].map((column) =>
          firstDatedAfter(accountId, column, at),
        ),
      ),
    ]);
    return { value, validUntil };
  });
  return { window, ...figures };
}

/** Everything the report shows of its window, worked out in SQL. */
async function reportFigures(accountId: string, window: ReportWindow): Promise<Omit<BusinessReport, "window">> {
  // Epoch milliseconds, as stored (placeholders skip the column's encoding).
  const values = { accountId, start: window.start.getTime(), end: window.end.getTime() };
  const counts = await reportCountsQuery();
  const [jobRow, customerRow, estimateRow, invoiceRow, collected, revenue, aging] = await Promise.all([
    counts.jobs.get(values),
    counts.customers.get(values),
    counts.estimates.get(values),
    counts.invoices.get(values),
    collectedBetween(accountId, window.start, new Date(window.end.getTime() + 1)),
    revenueByPeriod(accountId, window),
    unpaidByAge(accountId, window.to),
  ]);

  const jobCounts = {
    total: jobRow?.total ?? 0,
    pending: Number(jobRow?.pending ?? 0),
    inProgress: Number(jobRow?.inProgress ?? 0),
    completed: Number(jobRow?.completed ?? 0),
  };
  const estimateCounts = {
    total: estimateRow?.total ?? 0,
    approved: Number(estimateRow?.approved ?? 0),
    pending: Number(estimateRow?.pending ?? 0),
  };
  const invoiceCounts = { total: invoiceRow?.total ?? 0, paid: Number(invoiceRow?.paid ?? 0) };
  const customerCount = customerRow?.total ?? 0;
  const totalRevenue = tallyTotal(collected).amount;
  return {
    totalRevenue,
    collected,
    pendingRevenue: Number(estimateRow?.pendingRevenue ?? 0),
    customers: customerCount,
    jobs: { ...jobCounts, active: jobCounts.pending + jobCounts.inProgress },
    estimates: estimateCounts,
    invoices: invoiceCounts,
    insights: {
      averageInvoiceDollars: averageInvoiceDollars(totalRevenue, invoiceCounts.total),
      jobsPerCustomerTenths: jobsPerCustomerTenths(jobCounts.total, customerCount),
      approvalRatePercent: approvalRatePercent(estimateCounts.approved, estimateCounts.total),
    },
    revenue,
    aging,
  };
}

/** Money collected per week (or month, for a year), grouped in SQL by the period each payment was received in. */
async function revenueByPeriod(accountId: string, window: ReportWindow): Promise<BusinessReport["revenue"]> {
  const db = await getDb();
  const { unit, periods } = chartPeriods(window);
  // The period index: the last period whose start is at or before the day received.
  const cases = periods.slice(1).map((period, i) => sql`when ${payments.receivedAt} < ${period.start.getTime()} then ${i}`);
  const receivedWithin = and(
    eq(payments.accountId, accountId),
    gte(payments.receivedAt, window.start),
    lte(payments.receivedAt, window.end),
  );
  const totals = { revenue: sql<number>`coalesce(sum(${payments.amount}), 0)`, payments: count() };
  let rows: { index: number; revenue: number; payments: number }[];
  if (cases.length === 0) {
    // A single period: one plain aggregate.
    const row = await db.select(totals).from(payments).where(receivedWithin).get();
    rows = row ? [{ index: 0, ...row }] : [];
  } else {
    const index = sql<number>`case ${sql.join(cases, sql` `)} else ${periods.length - 1} end`;
    rows = await db
      .select({ index, ...totals })
      .from(payments)
      .where(receivedWithin)
      .groupBy(index);
  }
  const byIndex = new Map(rows.map((row) => [Number(row.index), row]));
  return {
    unit,
    points: periods.map((period, i) => ({
      from: period.from,
      revenue: Number(byIndex.get(i)?.revenue ?? 0),
      payments: byIndex.get(i)?.payments ?? 0,
    })),
  };
}

/** The exported report (docs/product/dashboard-and-reports.md, "Exports"): the period's summary and the account's record counts. */
export async function getReportExport(
  accountId: string,
  range: ReportRange,
  options: { now?: Date; timeZone?: string | null } = {},
): Promise<ReportExport> {
  const now = options.now ?? clockNow();
  const [report, counts] = await Promise.all([
    getBusinessReport(accountId, range, { ...options, now }),
    getRecordCounts(accountId),
  ]);
  return reportExport(
    report.window,
    report,
    { customers: counts.customers, jobs: counts.jobs, estimates: counts.estimates, invoices: counts.invoices },
    now,
  );
}
