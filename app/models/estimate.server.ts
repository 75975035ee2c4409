import { and, asc, eq } from "drizzle-orm";
import { customers, estimateItems, estimates, jobs } from "#db/schema";
import { getDb } from "~/services/db.server";

export type Estimate = typeof estimates.$inferSelect;
export type EstimateItem = typeof estimateItems.$inferSelect;

/** One of the account's estimates with its items (in order), its customer and its job. */
export async function getEstimateWithItems(userId: string, id: string) {
  const db = await getDb();
  const row = await db
    .select({ estimate: estimates, customer: customers, job: { id: jobs.id, title: jobs.title } })
    .from(estimates)
    .innerJoin(customers, eq(customers.id, estimates.customerId))
    .leftJoin(jobs, eq(jobs.id, estimates.jobId))
    .where(and(eq(estimates.userId, userId), eq(estimates.id, id)))
    .get();
  if (!row) return undefined;
  const items = await db
    .select()
    .from(estimateItems)
    .where(eq(estimateItems.estimateId, id))
    .orderBy(asc(estimateItems.order), asc(estimateItems.id));
  return { ...row.estimate, items, customer: row.customer, job: row.job?.id ? row.job : null };
}
