// Each account's totals (db/schema.ts accountTotals), kept by triggers as rows are added,
// changed and deleted (docs/decisions/022). A busy account's total is one row's read; the
// lists use it when nothing narrows them, and count the rows from their indexes otherwise.
import { eq } from "drizzle-orm";
import { accountTotals } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";

export type AccountTotals = Omit<typeof accountTotals.$inferSelect, "accountId" | "dataVersion">;

const NONE: AccountTotals = {
  customers: 0,
  jobs: 0,
  scheduledJobs: 0,
  estimates: 0,
  pendingEstimates: 0,
  invoices: 0,
  appointments: 0,
  collected: 0,
};

/** The account's totals; all zero for an account that has never added anything. */
export async function getAccountTotals(accountId: string): Promise<AccountTotals> {
  const db = await getDb();
  const row = await db.select().from(accountTotals).where(eq(accountTotals.accountId, accountId)).get();
  if (!row) return NONE;
  const { accountId: _account, dataVersion: _version, ...totals } = row;
  return totals;
}

/** One of the account's totals. */
export async function getAccountTotal(accountId: string, total: keyof AccountTotals): Promise<number> {
  return (await getAccountTotals(accountId))[total];
}

/**
 * How many rows a list selects: the account's kept total when nothing narrows the list (no
 * search, no filter), the rows counted by `count` otherwise.
 */
export async function listTotal(
  accountId: string,
  total: keyof AccountTotals,
  narrowed: boolean,
  count: () => Promise<{ value: number } | undefined>,
): Promise<number> {
  if (!narrowed) return getAccountTotal(accountId, total);
  return (await count())?.value ?? 0;
}
