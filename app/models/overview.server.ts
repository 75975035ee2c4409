import { and, count, eq, sum } from "drizzle-orm";
import { appointments, customers, estimates, invoices, jobs } from "#db/schema";
import { getDb } from "~/services/db.server";

/** How many records of each kind the account has: SQL counts, nothing loaded. */
export async function getRecordCounts(userId: string) {
  const db = await getDb();
  const countOf = (table: typeof customers | typeof jobs | typeof estimates | typeof invoices | typeof appointments) =>
    db.select({ value: count() }).from(table).where(eq(table.userId, userId)).get();
  const [c, j, e, i, a] = await Promise.all([
    countOf(customers),
    countOf(jobs),
    countOf(estimates),
    countOf(invoices),
    countOf(appointments),
  ]);
  return {
    customers: c?.value ?? 0,
    jobs: j?.value ?? 0,
    estimates: e?.value ?? 0,
    invoices: i?.value ?? 0,
    appointments: a?.value ?? 0,
  };
}

/** The dashboard stats of SPEC.md section 3, as SQL aggregates. Revenue is in cents. */
export async function getDashboardStats(userId: string) {
  const db = await getDb();
  const [counts, revenue, pending] = await Promise.all([
    getRecordCounts(userId),
    db
      .select({ value: sum(invoices.total) })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.status, "paid")))
      .get(),
    db
      .select({ value: count() })
      .from(estimates)
      .where(and(eq(estimates.userId, userId), eq(estimates.status, "pending")))
      .get(),
  ]);
  return {
    totalJobs: counts.jobs,
    totalRevenue: Number(revenue?.value ?? 0),
    pendingEstimates: pending?.value ?? 0,
    activeCustomers: counts.customers,
  };
}
