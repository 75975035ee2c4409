import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { customers } from "#db/schema";
import { likePattern } from "~/lib/list-params";

/**
 * The account filter of a lookup by a more selective key (a job's estimates, a
 * customer's jobs). Without ANALYZE statistics SQLite guesses that `user_id = ?` picks as
 * few rows as `job_id = ?`, and then prefers an index starting with user_id that also
 * gives the ORDER BY: on a large account it walks every row of the account. The unary
 * plus keeps the filter but takes it out of index selection, so the key's own index is
 * used (docs/decisions/009).
 */
export function sameAccount(column: AnySQLiteColumn, userId: string): SQL {
  return sql`+${column} = ${userId}`;
}

/** `column like '%text%'`, the text's wildcards escaped. */
export function contains(column: AnySQLiteColumn, pattern: string): SQL {
  return sql`${column} like ${pattern} escape '\\'`;
}

/**
 * Rows whose customer's name contains the text: the account's matching customers are
 * found once (one pass over its customers), instead of a join per row, so a search and
 * its count need no join with customers.
 */
export function customerNameContains(customerId: AnySQLiteColumn, userId: string, q: string): SQL {
  return sql`${customerId} in (select ${customers.id} from ${customers} where ${customers.userId} = ${userId} and ${contains(customers.name, likePattern(q))})`;
}
