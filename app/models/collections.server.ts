// Money collected and money owed, for the dashboard and the reports (docs/decisions/020):
// payments from the ledger by the day each was received (not the invoice's paid date), by
// method, and the unpaid balances of invoices by how late they are on the account's today.
// SQL groups and sums; the buckets and their edges are app/lib/report.ts's.
import { and, count, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import { invoices, payments } from "#db/schema";
import { agingOf, agingThresholds, collectedByMethod, type Aging, type AgingBucket, type CollectedByMethod } from "~/lib/report";
import { getDb } from "~/infrastructure/db.server";

/** The account's payments received from `from` up to (not including) `until`, by method. */
export async function collectedBetween(accountId: string, from: Date, until: Date): Promise<CollectedByMethod> {
  const db = await getDb();
  const rows = await db
    .select({ method: payments.method, count: count(), amount: sql<number>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), gte(payments.receivedAt, from), lt(payments.receivedAt, until)))
    .groupBy(payments.method);
  return collectedByMethod(rows);
}

/**
 * What is still owed on the account's open invoices (pending or overdue, balance above
 * zero: a partly paid invoice counts for its balance), by how far past the due date they
 * are on `today`, the account's calendar day.
 */
export async function unpaidByAge(accountId: string, today: string): Promise<Aging> {
  const db = await getDb();
  const balance = sql<number>`${invoices.total} - ${invoices.amountPaid}`;
  const thresholds = agingThresholds(today);
  const whens = thresholds.flatMap(({ bucket, from }) =>
    from === null ? [] : [sql`when ${invoices.dueDate} >= ${from} then ${bucket}`],
  );
  const last = thresholds[thresholds.length - 1].bucket;
  const bucket = sql<AgingBucket>`case when ${invoices.dueDate} is null then 'current' ${sql.join(whens, sql` `)} else ${last} end`;
  const rows = await db
    .select({ bucket, count: count(), amount: sql<number>`coalesce(sum(${balance}), 0)` })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        inArray(invoices.status, ["pending", "overdue"]),
        gt(invoices.total, invoices.amountPaid),
      ),
    )
    .groupBy(bucket);
  return agingOf(rows);
}
