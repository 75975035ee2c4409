import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { customers } from "#db/schema";
import { likePattern } from "~/lib/list-params";
import { getDb } from "~/infrastructure/db.server";

/**
 * True when the row of this table with this id is the account's: the check before linking a
 * record to it (a job's customer, an appointment's job) or before a form's buttons act on it.
 */
export async function isAccountRow(
  table: SQLiteTable & { id: AnySQLiteColumn; accountId: AnySQLiteColumn },
  accountId: string,
  id: string,
): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, accountId), eq(table.id, id)))
    .get();
  return Boolean(row);
}

/**
 * The account filter of a lookup by a more selective key (a job's estimates, a
 * customer's jobs). Without ANALYZE statistics SQLite guesses that `account_id = ?` picks as
 * few rows as `job_id = ?`, and then prefers an index starting with account_id that also
 * gives the ORDER BY: on a large account it walks every row of the account. The unary
 * plus keeps the filter but takes it out of index selection, so the key's own index is
 * used (docs/decisions/009).
 */
export function sameAccount(column: AnySQLiteColumn, accountId: string): SQL {
  return sql`+${column} = ${accountId}`;
}

/** `column like '%text%'`, the text's wildcards escaped. */
export function contains(column: AnySQLiteColumn, pattern: string): SQL {
  return sql`${column} like ${pattern} escape '\\'`;
}

/**
 * The join to a row's customer, checked to be the account's. The customer's primary key
 * drives the join; the account check is `sameAccount`, so SQLite never starts a list from
 * the account's customers instead of the listed rows (a search would then walk them all).
 */
export function accountCustomer(customerId: AnySQLiteColumn, accountId: string): SQL {
  return and(eq(customers.id, customerId), sameAccount(customers.accountId, accountId))!;
}

/** The tables with a full-text search index (migration 0003_search_index, docs/decisions/010). */
export type SearchableTable = "customers" | "jobs" | "estimates" | "invoices" | "appointments";

/** The trigram index finds text of three characters or more; shorter text is matched with LIKE. */
const TRIGRAM = 3;

/**
 * Rows of the account where any of the columns contains the text, ignoring case (and, for
 * three characters or more, accents: "garcia" finds "García"). Three characters or more go
 * through the table's trigram index, so the cost follows the matches, not the account's
 * size; shorter text falls back to `like` over the columns.
 */
export function textSearch(
  table: SearchableTable,
  id: AnySQLiteColumn,
  accountId: string,
  q: string,
  columns: readonly AnySQLiteColumn[],
): SQL {
  const text = q.trim();
  if ([...text].length < TRIGRAM) {
    const pattern = likePattern(text);
    return sql`(${sql.join(
      columns.map((column) => contains(column, pattern)),
      sql` or `,
    )})`;
  }
  const match = searchIndexMatch(table, accountId, text, columns)!;
  return sql`${id} in (select id from ${match.index} where ${match.where})`;
}

/**
 * The rows of a table's search index that match the text, for one account; null below three
 * characters (the trigram index cannot look those up). The index holds one row per row of
 * the table, with its id, account and searched columns, kept by the triggers of migration
 * 0003: so a search over the table's own columns with no other filter is counted, and sorted
 * by a searched column, from the index alone, without reading a table row per match.
 */
export function searchIndexMatch(
  table: SearchableTable,
  accountId: string,
  q: string,
  columns: readonly AnySQLiteColumn[],
): { index: SQL; where: SQL } | null {
  const text = q.trim();
  if ([...text].length < TRIGRAM) return null;
  const index = sql`${sql.identifier(`${table}_search`)}`;
  // A phrase in double quotes is taken literally; the braces name the columns to look in.
  const query = `{${columns.map((column) => column.name).join(" ")}} : "${text.replace(/"/g, '""')}"`;
  // The search tables keep the account's id in their own column, still named user_id (migration 0019).
  return { index, where: sql`${index} match ${query} and user_id = ${accountId}` };
}

/**
 * The account's rows, those matching the search when there is one. With text the trigram
 * index finds, the matches drive the query (the search's id lookups), and the account
 * filter only checks them: as `sameAccount`, so SQLite does not walk the account's whole
 * index instead (docs/decisions/010). Without, or with shorter text, the account's index
 * drives it as usual.
 */
export function accountRows(
  userIdColumn: AnySQLiteColumn,
  accountId: string,
  q: string,
  search: (text: string) => SQL | undefined,
): SQL {
  const text = q.trim();
  if (!text) return eq(userIdColumn, accountId);
  const account = [...text].length >= TRIGRAM ? sameAccount(userIdColumn, accountId) : eq(userIdColumn, accountId);
  return and(account, search(text))!;
}

/**
 * Rows whose customer's name contains the text: the account's matching customers are
 * found once (through the customers' search index), instead of a join per row, so a search
 * and its count need no join with customers.
 */
export function customerNameContains(customerId: AnySQLiteColumn, accountId: string, q: string): SQL {
  const matching = accountRows(customers.accountId, accountId, q, (text) =>
    textSearch("customers", customers.id, accountId, text, [customers.name]),
  );
  return sql`${customerId} in (select ${customers.id} from ${customers} where ${matching})`;
}
