import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { appointments, customers, estimates, invoices, jobs } from "#db/schema";
import { CUSTOMER_COLUMNS, customerSchema, type CustomerInput, type CustomerSort } from "~/lib/customer-schema";
import { csvLine } from "~/lib/csv";
import { CUSTOMER_IMPORT_FIELDS, firstListed } from "~/lib/customer-import";
import { PAGE_SIZE } from "~/lib/list-params";
import { readTable } from "~/lib/table-import";
import { now as clockNow } from "~/lib/clock";
import { getDb } from "~/infrastructure/db.server";
import { listTotal, getAccountTotal } from "./account-totals.server";
import { accountRows, sameAccount, searchIndexMatch, textSearch } from "./sql.server";

export type Customer = typeof customers.$inferSelect;

/** A customer as the API sends it: its fields (docs/product/customers.md), without the account it belongs to. */
export function toApiCustomer({ accountId: _account, ...customer }: Customer) {
  return customer;
}

const ORDER: Record<CustomerSort, SQL[]> = {
  name: [asc(sql`${customers.name} collate nocase`), asc(customers.id)],
  "-name": [desc(sql`${customers.name} collate nocase`), desc(customers.id)],
  newest: [desc(customers.createdAt), desc(customers.id)],
  oldest: [asc(customers.createdAt), asc(customers.id)],
};

/** The columns a customer search looks in. */
const SEARCHED = [customers.name, customers.email, customers.phone] as const;

/** The account's customers, searched over name, e-mail and phone. */
function accountCustomers(accountId: string, q: string) {
  return accountRows(customers.accountId, accountId, q, (text) =>
    textSearch("customers", customers.id, accountId, text, SEARCHED),
  );
}

/** One page of the account's customers, searched over name, e-mail and phone, in SQL. */
export async function listCustomers(
  accountId: string,
  {
    q = "",
    sort = "name",
    page = 1,
    pageSize = PAGE_SIZE,
  }: { q?: string; sort?: CustomerSort; page?: number; pageSize?: number } = {},
) {
  const db = await getDb();
  const offset = (page - 1) * pageSize;
  const match = searchIndexMatch("customers", accountId, q, SEARCHED);
  if (match && (sort === "name" || sort === "-name")) {
    return { ...(await searchByName(accountId, match, sort, pageSize, offset)), page, pageSize };
  }
  const where = accountCustomers(accountId, q);
  const [items, total] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(pageSize)
      .offset(offset),
    match
      ? countMatches(match)
      : listTotal(accountId, "customers", q.trim() !== "", () =>
          db.select({ value: count() }).from(customers).where(where).get(),
        ),
  ]);
  return { items, total, page, pageSize };
}

type IndexMatch = NonNullable<ReturnType<typeof searchIndexMatch>>;

/** How many of the account's customers a search finds, counted in the search index alone. */
async function countMatches(match: IndexMatch) {
  const db = await getDb();
  const row = await db.get<{ value: number }>(sql`select count(*) as value from ${match.index} where ${match.where}`);
  return row?.value ?? 0;
}

/**
 * A search's page by name, in one statement: the search index holds the names, so it picks
 * the page's customers and counts the matches, and only the page's rows are read. A common
 * name on a large account matches hundreds of customers; reading each one's row to sort and
 * count them cost more than the page.
 */
async function searchByName(accountId: string, match: IndexMatch, sort: "name" | "-name", limit: number, offset: number) {
  const db = await getDb();
  const direction = sort === "-name" ? sql`desc` : sql`asc`;
  const pageIds = sql`(select id from ${match.index} where ${match.where} order by name collate nocase ${direction}, id ${direction} limit ${limit} offset ${offset})`;
  const rows = await db
    .select({ customer: customers, total: sql<number>`(select count(*) from ${match.index} where ${match.where})` })
    .from(customers)
    .where(and(sql`${customers.id} in ${pageIds}`, sameAccount(customers.accountId, accountId)))
    .orderBy(...ORDER[sort]);
  // Past the last page no row carries the count.
  const total = rows.length > 0 ? rows[0].total : offset > 0 ? await countMatches(match) : 0;
  return { items: rows.map((row) => row.customer), total };
}

export async function countCustomers(accountId: string) {
  return getAccountTotal(accountId, "customers");
}

export async function getCustomer(accountId: string, id: string): Promise<Customer | undefined> {
  const db = await getDb();
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, id)))
    .get();
}

/** Customers to choose from in a form: by name, at most `limit`, plus the one already chosen. */
export async function customerOptions(accountId: string, selectedId?: string | null, limit = 1000) {
  const db = await getDb();
  const rows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.accountId, accountId))
    .orderBy(asc(sql`${customers.name} collate nocase`))
    .limit(limit);
  if (selectedId && !rows.some((row) => row.id === selectedId)) {
    const selected = await getCustomer(accountId, selectedId);
    if (selected) rows.unshift({ id: selected.id, name: selected.name });
  }
  return rows;
}

export async function createCustomer(accountId: string, input: CustomerInput): Promise<Customer> {
  const db = await getDb();
  const [row] = await db
    .insert(customers)
    .values({ ...input, accountId, createdAt: clockNow() })
    .returning();
  return row;
}

/** Updates the account's customer; undefined when there is no such customer in this account. */
export async function updateCustomer(accountId: string, id: string, input: CustomerInput): Promise<Customer | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(customers)
    .set(input)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, id)))
    .returning();
  return row;
}

export interface Attachments {
  jobs: number;
  estimates: number;
  invoices: number;
  appointments: number;
}

/** What is attached to a customer (and would be orphaned by deleting it). */
export async function customerAttachments(accountId: string, id: string): Promise<Attachments> {
  const db = await getDb();
  const countWhere = async (table: typeof jobs | typeof estimates | typeof invoices | typeof appointments) =>
    (
      await db
        .select({ value: count() })
        .from(table)
        .where(and(sameAccount(table.accountId, accountId), eq(table.customerId, id)))
        .get()
    )?.value ?? 0;
  const [j, e, i, a] = await Promise.all([
    countWhere(jobs),
    countWhere(estimates),
    countWhere(invoices),
    countWhere(appointments),
  ]);
  return { jobs: j, estimates: e, invoices: i, appointments: a };
}

export type DeleteCustomerResult =
  | { status: "deleted"; customer: Customer }
  | { status: "not-found" }
  | { status: "attached"; customer: Customer; attachments: Attachments };

/**
 * Deletes a customer who has nothing attached. A customer with jobs, estimates,
 * invoices or appointments is refused with what is attached: those records are the
 * contractor's history and money, never removed as a side effect.
 */
export async function deleteCustomer(accountId: string, id: string): Promise<DeleteCustomerResult> {
  const customer = await getCustomer(accountId, id);
  if (!customer) return { status: "not-found" };
  const attachments = await customerAttachments(accountId, id);
  if (Object.values(attachments).some((n) => n > 0)) return { status: "attached", customer, attachments };
  const db = await getDb();
  try {
    await db.delete(customers).where(and(eq(customers.accountId, accountId), eq(customers.id, id)));
  } catch (error) {
    // Something was attached between the check and the delete: the foreign key refused it.
    if (String((error as { cause?: unknown })?.cause ?? error).includes("FOREIGN KEY")) {
      return { status: "attached", customer, attachments: await customerAttachments(accountId, id) };
    }
    throw error;
  }
  return { status: "deleted", customer };
}

/** The whole customer list as CSV (header row, UTF-8 with a BOM so spreadsheets read accents). */
export async function* exportCustomersCsv(accountId: string, batchSize = 1000): AsyncGenerator<string> {
  const db = await getDb();
  yield `\uFEFF${csvLine([...CUSTOMER_COLUMNS])}`;
  let offset = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(customers)
      .where(eq(customers.accountId, accountId))
      .orderBy(asc(sql`${customers.name} collate nocase`), asc(customers.id))
      .limit(batchSize)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(CUSTOMER_COLUMNS.map((column) => row[column]))).join("");
    offset += rows.length;
  }
}

export const MAX_IMPORT_ROWS = 5000;

export interface ImportReport {
  imported: { line: number; name: string }[];
  rejected: { line: number; name: string; reasons: string[] }[];
  error?: string;
}

/**
 * Imports customers from a CSV file (its bytes, or text): each valid row is created, each invalid
 * one is reported with its line (the row number a spreadsheet shows) and reasons (dictionary keys).
 * The encoding, the delimiter and the header names of Excel, Outlook, Google Contacts and
 * QuickBooks files are recognised (app/lib/table-import.ts, app/lib/customer-import.ts).
 * Valid rows go in together, in one transaction.
 */
/**
 * Contact apps write an address on several lines in one cell (Google Contacts' "Address 1 -
 * Formatted"): in every field but the notes, line breaks become ", " and tabs spaces, since
 * the one-line fields refuse control characters (app/lib/validation.ts).
 */
function oneLineFields<T extends Partial<Record<string, string>>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      field === "notes" || value === undefined ? value : value.replace(/[ \t]*(?:\r\n|\r|\n)+[ \t]*/g, ", ").replace(/\t/g, " "),
    ]),
  ) as T;
}

export async function importCustomersCsv(accountId: string, file: Uint8Array | string): Promise<ImportReport> {
  const report: ImportReport = { imported: [], rejected: [] };
  const table = readTable(file, CUSTOMER_IMPORT_FIELDS);
  if ("error" in table) return { ...report, error: `customers.import.${table.error}` };
  if (!table.fields.includes("name")) return { ...report, error: "customers.import.noNameColumn" };
  if (table.records.length > MAX_IMPORT_ROWS) return { ...report, error: "customers.import.tooMany" };

  const valid: (CustomerInput & { line: number })[] = [];
  table.records.forEach(({ row: line, values }) => {
    const record = { ...oneLineFields(values), email: firstListed(values.email), phone: firstListed(values.phone) };
    const parsed = customerSchema.safeParse(record);
    if (parsed.success) valid.push({ ...parsed.data, line });
    else {
      const reasons = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      report.rejected.push({ line, name: record.name?.trim() ?? "", reasons });
    }
  });

  if (valid.length > 0) {
    const db = await getDb();
    const createdAt = clockNow();
    const rows = valid.map(({ line: _line, ...input }) => ({ ...input, accountId, createdAt }));
    const chunks = [];
    for (let i = 0; i < rows.length; i += 500) chunks.push(db.insert(customers).values(rows.slice(i, i + 500)));
    // One batch: every valid row goes in, or none does (docs/decisions/004).
    await db.batch(chunks as [(typeof chunks)[number], ...typeof chunks]);
    report.imported = valid.map((row) => ({ line: row.line, name: row.name }));
  }
  return report;
}
