// Migration 0024 (docs/decisions/031) on a database an earlier release made
// (test/fixtures/release-0018.db, see test/fixtures/README.md): its estimates and invoices are
// numbered by a millisecond timestamp. After the migration every document keeps its number
// exactly, each account starts its sequences at 1, and the next documents are EST-0001 and
// INV-0001.
import { copyFileSync } from "node:fs";
import { createClient } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { getConnection } from "~/infrastructure/db.server";
import { createEstimate } from "~/models/estimate.server";
import { createInvoiceFromEstimate } from "~/models/invoice.server";

const FIXTURE = "test/fixtures/release-0018.db";

type Numbers = { estimates: string[]; invoices: string[] };

async function numbersIn(url: string): Promise<Numbers> {
  const client = createClient({ url });
  try {
    const read = async (sql: string) => (await client.execute(sql)).rows.map((row) => `${String(row.id)} ${String(row.n)}`);
    return {
      estimates: await read("select id, estimate_number as n from estimates order by id"),
      invoices: await read("select id, invoice_number as n from invoices order by id"),
    };
  } finally {
    client.close();
  }
}

let before: Numbers;
let url: string;

beforeAll(async () => {
  url = process.env.DATABASE_URL!;
  before = await numbersIn(`file:${FIXTURE}`);
  // The app has not opened its database yet in this file: it finds the old release's and migrates it.
  copyFileSync(FIXTURE, url.slice("file:".length));
  await getConnection();
});

describe("migration 0024: sequential document numbers", () => {
  it("keeps every estimate and invoice number of the earlier release exactly as it was", async () => {
    expect(before.estimates.length).toBeGreaterThan(0);
    expect(before.invoices.length).toBeGreaterThan(0);
    // Timestamp numbers: the prefix and 13 digits.
    expect(before.estimates.every((row) => /^\S+ EST-\d{13}$/.test(row))).toBe(true);
    expect(await numbersIn(url)).toEqual(before);
  });

  it("starts every account at 1 with the default prefixes", async () => {
    const { client } = await getConnection();
    const rows = (
      await client.execute(
        "select estimate_prefix, estimate_next_number, invoice_prefix, invoice_next_number from account_settings",
      )
    ).rows;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect({ ...row }).toEqual({
        estimate_prefix: "EST-",
        estimate_next_number: 1,
        invoice_prefix: "INV-",
        invoice_next_number: 1,
      });
    }
  });

  it("numbers the next estimate and invoice EST-0001 and INV-0001, leaving the old ones untouched", async () => {
    const { client } = await getConnection();
    const owner = await client.execute(
      "select accounts.id as account, customers.id as customer from accounts join customers on customers.account_id = accounts.id limit 1",
    );
    const accountId = String(owner.rows[0].account);
    const customerId = String(owner.rows[0].customer);
    const estimate = await createEstimate(accountId, {
      customerId,
      jobId: null,
      title: "After the upgrade",
      description: null,
      status: "approved",
      taxRate: 825,
      validUntil: null,
      notes: null,
      items: [{ description: "Labor", quantity: 100, unitPrice: 5_000, taxable: true, discountPercent: 0, optional: false }],
    });
    expect(estimate.estimateNumber).toBe("EST-0001");
    const invoice = await createInvoiceFromEstimate(accountId, estimate.id, { today: "2026-12-01" });
    expect(invoice.status === "created" && invoice.invoice.invoiceNumber).toBe("INV-0001");
    const after = await numbersIn(url);
    expect(after.estimates.filter((row) => !row.startsWith(`${estimate.id} `))).toEqual(before.estimates);
    expect(after.invoices).toHaveLength(before.invoices.length + 1);
    expect(after.invoices.filter((row) => row.endsWith(" INV-0001"))).toHaveLength(1);
    expect(after.invoices.filter((row) => !row.endsWith(" INV-0001"))).toEqual(before.invoices);
  });
});
