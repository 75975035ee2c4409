// Estimate and invoice numbers (docs/decisions/031): sequential per account and kind, the
// account's prefix and a number at least 4 digits wide (EST-0001, INV-0001; app/lib/document-number.ts).
// The counter is account_settings' next number for the kind. It goes up in the same batch
// (one transaction, decision 004) that inserts the document, and the document's number is
// read from it there, in SQL: two servers creating at once each get their own number, and a
// batch that fails rolls the counter back with everything else, so a failed insert leaves no
// gap. A number already taken (the documents made before, numbered by a timestamp, or a
// prefix and next number chosen in Settings that meet an existing number) is skipped.
import type { ResultSet } from "@libsql/client";
import { eq, sql, type SQL } from "drizzle-orm";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type * as schema from "#db/schema";
import { accountSettings } from "#db/schema";
import type { DocumentKind } from "~/lib/document-number";
import { getDb } from "~/infrastructure/db.server";

/** The app's database, or a transaction on it (the test factories number their documents the same way). */
type Db = BaseSQLiteDatabase<"async", ResultSet, typeof schema>;

/** Where each kind's counter, prefix and numbers live. */
const KINDS = {
  estimate: {
    prefix: sql.raw("estimate_prefix"),
    next: sql.raw("estimate_next_number"),
    documents: sql.raw("estimates"),
    number: sql.raw("estimate_number"),
    // The unique index's message names its columns: "UNIQUE constraint failed: estimates.account_id, estimates.estimate_number".
    clash: "estimates.estimate_number",
  },
  invoice: {
    prefix: sql.raw("invoice_prefix"),
    next: sql.raw("invoice_next_number"),
    documents: sql.raw("invoices"),
    number: sql.raw("invoice_number"),
    clash: "invoices.invoice_number",
  },
} as const;

/** The number printed as formatDocumentNumber (app/lib/document-number.ts) does: the prefix and at least 4 digits. */
const printed = (kind: DocumentKind, value: SQL) => sql`${KINDS[kind].prefix} || printf('%04d', ${value})`;

export function isUniqueViolation(error: unknown): boolean {
  return errorText(error).includes("UNIQUE constraint failed");
}

function errorText(error: unknown): string {
  return `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
}

/** The account's first number for the kind, from its next number on, that no document of the account has. */
function firstFreeNumber(accountId: string, kind: DocumentKind): SQL {
  const { next, documents, number, prefix } = KINDS[kind];
  // Usually one look-up in the unique (account, number) index; a run of taken numbers is walked once.
  return sql`(with recursive candidate(n) as (
      select ${next} from account_settings where account_id = ${accountId}
      union all
      select n + 1 from candidate where exists (
        select 1 from ${documents}
        where account_id = ${accountId}
          and ${number} = (select ${prefix} from account_settings where account_id = ${accountId}) || printf('%04d', n)
      )
    ) select max(n) from candidate)`;
}

export interface Numbering {
  /** The statements that give out the number: first in the batch, before the document's insert. */
  statements: ReturnType<typeof numberingStatements>;
  /** The number they gave out, as the value of the document's number column in the same batch. */
  number: SQL;
}

function numberingStatements(db: Db, accountId: string, kind: DocumentKind) {
  const taken = sql`${firstFreeNumber(accountId, kind)} + 1`;
  return [
    // An account without its settings row yet gets it, with the defaults (EST-, INV-, 1).
    db.insert(accountSettings).values({ accountId }).onConflictDoNothing(),
    db
      .update(accountSettings)
      .set(kind === "estimate" ? { estimateNextNumber: taken } : { invoiceNextNumber: taken })
      .where(eq(accountSettings.accountId, accountId)),
  ] as const;
}

/** The statements and the number's value for one document of the kind (see `Numbering`). */
export function numbering(db: Db, accountId: string, kind: DocumentKind): Numbering {
  return {
    statements: numberingStatements(db, accountId, kind),
    number: sql`(select ${printed(kind, sql`${KINDS[kind].next} - 1`)} from account_settings where account_id = ${accountId})`,
  };
}

/**
 * Runs `insert`, one batch that starts with `numbering.statements` and writes
 * `numbering.number` as the document's number. The free number is found in the same
 * transaction as the insert, so the number cannot clash; should the unique number index
 * refuse it anyway, the batch left nothing behind and runs again, searching again.
 * Any other error (the batch's own: a customer gone, an estimate invoiced already) passes
 * through, and the counter is as it was.
 */
export async function insertWithNumber<T>(
  accountId: string,
  kind: DocumentKind,
  insert: (numbering: Numbering) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(numbering(db, accountId, kind));
    } catch (error) {
      if (attempt >= 3 || !isNumberClash(error, kind)) throw error;
    }
  }
}

/** The unique number index of the kind refused the insert (not another unique index of the batch). */
export function isNumberClash(error: unknown, kind: DocumentKind): boolean {
  return isUniqueViolation(error) && errorText(error).includes(KINDS[kind].clash);
}
