// Figures worked out from an account's records, kept in memory while they still hold
// (docs/decisions/023): until the account's data version changes (triggers bump it on every
// insert, update and delete of its customers, jobs, estimates, invoices, payments and
// appointments: migrations 0015 and 0016) and until the instant the figure says it could
// change on its own (a record dated later entering a window that ends now). The version is
// read from the database on every use, so a change made through another server sharing it
// is seen at once.
import { eq, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { accountTotals } from "#db/schema";
import { getDb, preparedQuery } from "~/infrastructure/db.server";

/** At most this many figures are kept; the least recently used goes first. */
const MAX_KEPT = 500;

interface Kept {
  version: number;
  /** Epoch ms: the figure is worked out again from this instant on. */
  validUntil: number;
  value: unknown;
}

const kept = new Map<string, Kept>();

const versionQuery = preparedQuery((db) =>
  db
    .select({ version: accountTotals.dataVersion })
    .from(accountTotals)
    .where(eq(accountTotals.accountId, sql.placeholder("accountId")))
    .prepare(),
);

/** The account's data version; null for an account that has never added anything. */
export async function dataVersion(accountId: string): Promise<number | null> {
  const row = await (await versionQuery()).get({ accountId });
  return row?.version ?? null;
}

/**
 * The figure `key` of the account: kept from an earlier call when the account's data has not
 * changed since and `now` is before the instant it gave as its limit, worked out by `compute`
 * otherwise. The version is read before computing, so a change made while computing makes
 * the next call compute again.
 */
export async function keptFigure<T>(
  accountId: string,
  key: string,
  now: number,
  compute: () => Promise<{ value: T; validUntil: number }>,
): Promise<T> {
  const id = `${accountId}\u0000${key}`;
  const version = await dataVersion(accountId);
  const found = kept.get(id);
  if (found && version !== null && found.version === version && now < found.validUntil) {
    // Most recently used last, so the first key is the one to drop.
    kept.delete(id);
    kept.set(id, found);
    return found.value as T;
  }
  const { value, validUntil } = await compute();
  if (version === null) return value;
  kept.delete(id);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(id, { version, validUntil, value });
  return value;
}

/**
 * When a dated record crosses an edge of a window that moves with time, with no write: the
 * account's first `column` (epoch ms) after `after`, plus `plus` ms (the window's length for
 * a record leaving it). One step down the account's index on the column.
 */
export function firstDatedAfter(accountId: string, column: AnySQLiteColumn, after: number, plus = 0): SQL {
  const userIdColumn = (column.table as unknown as { accountId: AnySQLiteColumn }).accountId;
  return sql`select min(${column}) + ${plus} from ${column.table} where ${userIdColumn} = ${accountId} and ${column} > ${after}`;
}

/** The earliest of the instants (`firstDatedAfter`); never (Infinity) when none has a record. */
export async function earliestOf(instants: SQL[]): Promise<number> {
  const db = await getDb();
  const row = await db.get<{ at: number | null }>(
    sql`select min(at) as at from (${sql.join(
      instants.map((instant) => sql`select (${instant}) as at`),
      sql` union all `,
    )})`,
  );
  return row?.at ?? Number.POSITIVE_INFINITY;
}

/** Forgets every kept figure (tests). */
export function forgetKeptFigures() {
  kept.clear();
}
