// The price book: the account's saved items (name, price, unit, taxable, category, cost),
// from which estimate lines are made (docs/decisions/019).
import { and, asc, count, eq, or, sql } from "drizzle-orm";
import { priceItems } from "#db/schema";
import { csvLine } from "~/lib/csv";
import { likePattern, PAGE_SIZE } from "~/lib/list-params";
import { centsToString } from "~/lib/money";
import { PRICE_ITEM_IMPORT_FIELDS } from "~/lib/price-item-import";
import { PRICE_ITEM_COLUMNS, priceItemCsvSchema, type PriceItemInput } from "~/lib/price-item-schema";
import { readTable } from "~/lib/table-import";
import { getDb } from "~/infrastructure/db.server";
import { contains } from "./sql.server";

export type PriceItem = typeof priceItems.$inferSelect;

/** The account's items, matching the search (name, description, category) and the category when given. */
function accountItems(accountId: string, q = "", category = "") {
  const text = q.trim();
  const pattern = likePattern(text);
  return and(
    eq(priceItems.accountId, accountId),
    text
      ? or(contains(priceItems.name, pattern), contains(priceItems.description, pattern), contains(priceItems.category, pattern))
      : undefined,
    category ? eq(priceItems.category, category) : undefined,
  );
}

const byName = [asc(sql`${priceItems.name} collate nocase`), asc(priceItems.id)];

/** One page of the account's price book by name, searched and filtered by category, in SQL. */
export async function listPriceItems(
  accountId: string,
  {
    q = "",
    category = "",
    page = 1,
    pageSize = PAGE_SIZE,
  }: { q?: string; category?: string; page?: number; pageSize?: number } = {},
) {
  const db = await getDb();
  const where = accountItems(accountId, q, category);
  const [items, total] = await Promise.all([
    db
      .select()
      .from(priceItems)
      .where(where)
      .orderBy(...byName)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(priceItems).where(where).get(),
  ]);
  return { items, total: total?.value ?? 0, page, pageSize };
}

/** Items whose name, description or category contains the text: what "Add from price book" offers. */
export async function searchPriceItems(accountId: string, q: string, limit = 10): Promise<PriceItem[]> {
  const db = await getDb();
  return db
    .select()
    .from(priceItems)
    .where(accountItems(accountId, q))
    .orderBy(...byName)
    .limit(limit);
}

export async function countPriceItems(accountId: string) {
  const db = await getDb();
  return (await db.select({ value: count() }).from(priceItems).where(eq(priceItems.accountId, accountId)).get())?.value ?? 0;
}

/** The account's categories, by name. */
export async function priceItemCategories(accountId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ category: priceItems.category })
    .from(priceItems)
    .where(and(eq(priceItems.accountId, accountId), sql`${priceItems.category} is not null`))
    .orderBy(asc(sql`${priceItems.category} collate nocase`));
  return rows.map((row) => row.category!).filter(Boolean);
}

export async function getPriceItem(accountId: string, id: string): Promise<PriceItem | undefined> {
  const db = await getDb();
  return db
    .select()
    .from(priceItems)
    .where(and(eq(priceItems.accountId, accountId), eq(priceItems.id, id)))
    .get();
}

export async function createPriceItem(accountId: string, input: PriceItemInput): Promise<PriceItem> {
  const db = await getDb();
  const [row] = await db
    .insert(priceItems)
    .values({ ...input, accountId })
    .returning();
  return row;
}

/** Updates the account's item; undefined when there is no such item in this account. */
export async function updatePriceItem(accountId: string, id: string, input: PriceItemInput): Promise<PriceItem | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(priceItems)
    .set(input)
    .where(and(eq(priceItems.accountId, accountId), eq(priceItems.id, id)))
    .returning();
  return row;
}

/** Deletes the account's item (estimate lines made from it keep their own copy); undefined when there is none. */
export async function deletePriceItem(accountId: string, id: string): Promise<PriceItem | undefined> {
  const db = await getDb();
  const [row] = await db
    .delete(priceItems)
    .where(and(eq(priceItems.accountId, accountId), eq(priceItems.id, id)))
    .returning();
  return row;
}

/** An item as the API sends it: money as "1234.50", the cost null when there is none. */
export function toApiPriceItem(item: PriceItem) {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    unitPrice: centsToString(item.unitPrice),
    unit: item.unit,
    taxable: item.taxable,
    category: item.category,
    cost: item.cost === null ? null : centsToString(item.cost),
    createdAt: item.createdAt.toISOString(),
  };
}

/** The whole price book as CSV (header row, UTF-8 with a BOM), in the columns the import reads back. */
export async function* exportPriceItemsCsv(accountId: string, batchSize = 1000): AsyncGenerator<string> {
  const db = await getDb();
  yield `\uFEFF${csvLine([...PRICE_ITEM_COLUMNS])}`;
  let offset = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(priceItems)
      .where(eq(priceItems.accountId, accountId))
      .orderBy(...byName)
      .limit(batchSize)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows
      .map((row) => {
        const api = toApiPriceItem(row);
        return csvLine([api.name, api.description, api.unitPrice, api.unit, api.taxable ? "yes" : "no", api.category, api.cost]);
      })
      .join("");
    offset += rows.length;
  }
}

export const MAX_IMPORT_ROWS = 5000;

export interface PriceImportReport {
  imported: { line: number; name: string }[];
  rejected: { line: number; name: string; reasons: string[] }[];
  error?: string;
}

/**
 * Imports price book items from a CSV file with the customer import's table reader
 * (app/lib/table-import.ts): each valid row is created, each invalid one reported with its
 * line and reasons (dictionary keys). Valid rows go in together, in one batch.
 */
export async function importPriceItemsCsv(accountId: string, file: Uint8Array | string): Promise<PriceImportReport> {
  const report: PriceImportReport = { imported: [], rejected: [] };
  const table = readTable(file, PRICE_ITEM_IMPORT_FIELDS);
  if ("error" in table) return { ...report, error: `customers.import.${table.error}` };
  if (!table.fields.includes("name") || !table.fields.includes("unitPrice")) {
    return { ...report, error: "priceBook.import.noColumns" };
  }
  if (table.records.length > MAX_IMPORT_ROWS) return { ...report, error: "customers.import.tooMany" };
  const valid: (PriceItemInput & { line: number })[] = [];
  for (const { row: line, values } of table.records) {
    const parsed = priceItemCsvSchema.safeParse(values);
    if (parsed.success) valid.push({ ...parsed.data, line });
    else {
      const reasons = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      report.rejected.push({ line, name: values.name?.trim() ?? "", reasons });
    }
  }
  await insertAll(
    accountId,
    valid.map(({ line: _line, ...input }) => input),
  );
  report.imported = valid.map((row) => ({ line: row.line, name: row.name }));
  return report;
}

/** Items written in one batch: every one goes in, or none does (docs/decisions/004). */
async function insertAll(accountId: string, items: readonly PriceItemInput[]) {
  if (items.length === 0) return;
  const db = await getDb();
  const rows = items.map((item) => ({ ...item, accountId }));
  const chunks = [];
  for (let i = 0; i < rows.length; i += 500) chunks.push(db.insert(priceItems).values(rows.slice(i, i + 500)));
  await db.batch(chunks as [(typeof chunks)[number], ...typeof chunks]);
}

/**
 * Adds a trade's catalog items (app/lib/price-catalog.ts) to the account's price book,
 * leaving out names it already has; answers how many were added.
 */
export async function addCatalogItems(accountId: string, items: readonly PriceItemInput[]): Promise<number> {
  const db = await getDb();
  const existing = await db.select({ name: priceItems.name }).from(priceItems).where(eq(priceItems.accountId, accountId));
  const have = new Set(existing.map((row) => row.name.toLowerCase()));
  const added = items.filter((item) => !have.has(item.name.toLowerCase()));
  await insertAll(accountId, added);
  return added.length;
}
