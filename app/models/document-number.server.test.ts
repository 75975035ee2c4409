// Sequential document numbers (docs/decisions/031) on a real libSQL file: the counters in
// account_settings, moved in the batch that inserts the document.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate as seedEstimate, createInvoice as seedInvoice, seedAccount } from "#db/factories";
import { accountSettings, estimates, invoices } from "#db/schema";
import type { EstimateInput } from "~/lib/estimate-schema";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../test/accounts";
import { insertWithNumber, isNumberClash, isUniqueViolation } from "./document-number.server";
import { createEstimate, ForeignReferenceError } from "./estimate.server";
import { createInvoiceFromEstimate } from "./invoice.server";
import { getSettingsWithoutLogo } from "./settings.server";

async function account() {
  const { user } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
  return { accountId: user.id, db, customer };
}

function input(customerId: string, overrides: Partial<EstimateInput> = {}): EstimateInput {
  return {
    customerId,
    jobId: null,
    title: "Panel upgrade",
    description: null,
    status: "pending",
    taxRate: 825,
    validUntil: "2025-07-01",
    notes: null,
    items: [{ description: "Labor", quantity: 100, unitPrice: 10_000, taxable: true, discountPercent: 0, optional: false }],
    ...overrides,
  };
}

async function counters(accountId: string) {
  const { estimatePrefix, estimateNextNumber, invoicePrefix, invoiceNextNumber } = await getSettingsWithoutLogo(accountId);
  return { estimatePrefix, estimateNextNumber, invoicePrefix, invoiceNextNumber };
}

async function invoiceOf(accountId: string, estimateId: string) {
  const result = await createInvoiceFromEstimate(accountId, estimateId, { today: "2026-03-02" });
  if (result.status !== "created") throw new Error(`expected a new invoice, got ${result.status}`);
  return result.invoice;
}

describe("estimate numbers", () => {
  it("start at EST-0001 for a new account and follow on, one per estimate", async () => {
    const { accountId, customer } = await account();
    expect(await counters(accountId)).toEqual({
      estimatePrefix: "EST-",
      estimateNextNumber: 1,
      invoicePrefix: "INV-",
      invoiceNextNumber: 1,
    });
    const first = await createEstimate(accountId, input(customer.id));
    const second = await createEstimate(accountId, input(customer.id));
    expect([first.estimateNumber, second.estimateNumber]).toEqual(["EST-0001", "EST-0002"]);
    expect((await counters(accountId)).estimateNextNumber).toBe(3);
  });

  it("number an account with no settings row yet: the row is made with the defaults", async () => {
    const { accountId, db, customer } = await account();
    await db.delete(accountSettings).where(eq(accountSettings.accountId, accountId));
    const estimate = await createEstimate(accountId, input(customer.id));
    expect(estimate.estimateNumber).toBe("EST-0001");
    const row = await db.select().from(accountSettings).where(eq(accountSettings.accountId, accountId)).get();
    expect(row).toMatchObject({ estimateNextNumber: 2, invoiceNextNumber: 1, companyName: "Your Trade Company" });
  });

  it("are each account's own: two accounts both start at EST-0001", async () => {
    const a = await account();
    const b = await account();
    expect((await createEstimate(a.accountId, input(a.customer.id))).estimateNumber).toBe("EST-0001");
    expect((await createEstimate(b.accountId, input(b.customer.id))).estimateNumber).toBe("EST-0001");
    expect((await createEstimate(a.accountId, input(a.customer.id))).estimateNumber).toBe("EST-0002");
    expect((await createEstimate(b.accountId, input(b.customer.id))).estimateNumber).toBe("EST-0002");
  });

  it("use the prefix and next number chosen in Settings, and grow past 4 digits", async () => {
    const { accountId, db, customer } = await account();
    await db
      .update(accountSettings)
      .set({ estimatePrefix: "Q-2026/", estimateNextNumber: 42 })
      .where(eq(accountSettings.accountId, accountId));
    expect((await createEstimate(accountId, input(customer.id))).estimateNumber).toBe("Q-2026/0042");
    await db
      .update(accountSettings)
      .set({ estimatePrefix: "", estimateNextNumber: 12_345 })
      .where(eq(accountSettings.accountId, accountId));
    expect((await createEstimate(accountId, input(customer.id))).estimateNumber).toBe("12345");
    expect((await counters(accountId)).estimateNextNumber).toBe(12_346);
  });

  it("skip forward past numbers already taken instead of failing", async () => {
    const { accountId, db, customer } = await account();
    // Documents that already carry EST-0001 and EST-0002 (a prefix used before, for example).
    await seedEstimate(db, accountId, { customerId: customer.id, estimateNumber: "EST-0001" });
    await seedEstimate(db, accountId, { customerId: customer.id, estimateNumber: "EST-0002" });
    await seedEstimate(db, accountId, { customerId: customer.id, estimateNumber: "EST-0004" });
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push((await createEstimate(accountId, input(customer.id))).estimateNumber);
    expect(numbers).toEqual(["EST-0003", "EST-0005", "EST-0006"]);
    expect((await counters(accountId)).estimateNextNumber).toBe(7);
  });

  it("leave the timestamp numbers of documents made before as they are", async () => {
    const { accountId, db, customer } = await account();
    const old = await seedEstimate(db, accountId, { customerId: customer.id, estimateNumber: "EST-1795823440117" });
    const oldInvoice = await seedInvoice(db, accountId, { customerId: customer.id, invoiceNumber: "INV-1795823440118" });
    // A factory given its number leaves the counter alone, as a document from before the counters did.
    expect(await counters(accountId)).toMatchObject({ estimateNextNumber: 1, invoiceNextNumber: 1 });
    const created = await createEstimate(accountId, input(customer.id, { status: "approved" }));
    const invoice = await invoiceOf(accountId, created.id);
    expect([created.estimateNumber, invoice.invoiceNumber]).toEqual(["EST-0001", "INV-0001"]);
    const stored = await db.select({ number: estimates.estimateNumber }).from(estimates).where(eq(estimates.id, old.id)).get();
    expect(stored?.number).toBe("EST-1795823440117");
    const storedInvoice = await db
      .select({ number: invoices.invoiceNumber })
      .from(invoices)
      .where(eq(invoices.id, oldInvoice.id))
      .get();
    expect(storedInvoice?.number).toBe("INV-1795823440118");
  });

  it("are not used up by an estimate refused before or inside its batch", async () => {
    const { accountId, db, customer } = await account();
    const other = await account();
    // Refused before the batch: another account's customer.
    await expect(createEstimate(accountId, input(other.customer.id))).rejects.toBeInstanceOf(ForeignReferenceError);
    // Refused by the batch itself: the customer does not exist (the foreign key), after the counter moved.
    await expect(
      insertWithNumber(accountId, "estimate", ({ statements, number }) =>
        db.batch([
          ...statements,
          db.insert(estimates).values({
            accountId,
            customerId: "no-such-customer",
            estimateNumber: number,
            title: "Gone",
            subtotal: 0,
            taxAmount: 0,
            total: 0,
          }),
        ]),
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
    expect((await counters(accountId)).estimateNextNumber).toBe(1);
    expect((await createEstimate(accountId, input(customer.id))).estimateNumber).toBe("EST-0001");
  });

  it("are 50 distinct numbers with no gap for 50 estimates created at once", async () => {
    const { accountId, customer } = await account();
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createEstimate(accountId, input(customer.id, { title: `Estimate ${i}` }))),
    );
    const numbers = created.map((estimate) => estimate.estimateNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `EST-${String(i + 1).padStart(4, "0")}`));
    expect((await counters(accountId)).estimateNextNumber).toBe(51);
  });
});

describe("invoice numbers", () => {
  it("have their own sequence, apart from the estimates'", async () => {
    const { accountId, customer } = await account();
    const estimates = [];
    for (let i = 0; i < 3; i++) estimates.push(await createEstimate(accountId, input(customer.id, { status: "approved" })));
    const invoice = await invoiceOf(accountId, estimates[2].id);
    expect(estimates.map((e) => e.estimateNumber)).toEqual(["EST-0001", "EST-0002", "EST-0003"]);
    expect(invoice.invoiceNumber).toBe("INV-0001");
    expect((await invoiceOf(accountId, estimates[0].id)).invoiceNumber).toBe("INV-0002");
    expect(await counters(accountId)).toMatchObject({ estimateNextNumber: 4, invoiceNextNumber: 3 });
  });

  it("are not used up when the estimate was invoiced already (the batch fails, the number goes back)", async () => {
    const { accountId, customer } = await account();
    const estimate = await createEstimate(accountId, input(customer.id, { status: "approved" }));
    // Two requests for the same estimate at once: one invoice, and the loser's batch took no number.
    const [a, b] = await Promise.all([
      createInvoiceFromEstimate(accountId, estimate.id, { today: "2026-03-02" }),
      createInvoiceFromEstimate(accountId, estimate.id, { today: "2026-03-02" }),
    ]);
    expect([a.status, b.status].sort()).toEqual(["created", "exists"]);
    expect((await counters(accountId)).invoiceNextNumber).toBe(2);
    const next = await createEstimate(accountId, input(customer.id, { status: "approved" }));
    expect((await invoiceOf(accountId, next.id)).invoiceNumber).toBe("INV-0002");
  });

  it("are 50 distinct numbers with no gap for 50 approved estimates invoiced at once", async () => {
    const { accountId, customer } = await account();
    const approved = [];
    for (let i = 0; i < 50; i++) approved.push(await createEstimate(accountId, input(customer.id, { status: "approved" })));
    const results = await Promise.all(
      approved.map((estimate) => createInvoiceFromEstimate(accountId, estimate.id, { today: "2026-03-02" })),
    );
    const numbers = results.map((result) => (result.status === "created" ? result.invoice.invoiceNumber : result.status)).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(4, "0")}`));
    expect((await counters(accountId)).invoiceNextNumber).toBe(51);
  });
});

describe("the test factories", () => {
  it("number from the account's counters as the app does", async () => {
    const { accountId, db, customer } = await account();
    const first = await seedEstimate(db, accountId, { customerId: customer.id });
    const made = await createEstimate(accountId, input(customer.id));
    const invoice = await seedInvoice(db, accountId, { customerId: customer.id });
    expect([first.estimateNumber, made.estimateNumber, invoice.invoiceNumber]).toEqual(["EST-0001", "EST-0002", "INV-0001"]);
  });
});

describe("seedAccount (the demo data)", () => {
  it("numbers the seeded documents in the order they were made, and the app goes on from there", async () => {
    const { accountId, db, customer } = await account();
    await seedAccount(db, accountId, { customers: 3, estimates: 12, invoices: 5 }, { seed: 3 });
    const seeded = await db
      .select({ number: estimates.estimateNumber, createdAt: estimates.createdAt })
      .from(estimates)
      .where(eq(estimates.accountId, accountId));
    const inOrder = seeded.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.number);
    expect(inOrder).toEqual(Array.from({ length: 12 }, (_, i) => `EST-${String(i + 1).padStart(4, "0")}`));
    const invoiceNumbers = await db
      .select({ number: invoices.invoiceNumber })
      .from(invoices)
      .where(eq(invoices.accountId, accountId));
    expect(invoiceNumbers.map((row) => row.number).sort()).toEqual(["INV-0001", "INV-0002", "INV-0003", "INV-0004", "INV-0005"]);
    expect(await counters(accountId)).toMatchObject({ estimateNextNumber: 13, invoiceNextNumber: 6 });
    expect((await createEstimate(accountId, input(customer.id))).estimateNumber).toBe("EST-0013");
  });
});

describe("isUniqueViolation, isNumberClash", () => {
  it("tell a clash of the number index from other unique indexes and other errors", () => {
    const clash = new Error("SQLITE_CONSTRAINT: UNIQUE constraint failed: estimates.account_id, estimates.estimate_number");
    expect(isUniqueViolation(clash)).toBe(true);
    expect(isNumberClash(clash, "estimate")).toBe(true);
    expect(isNumberClash(clash, "invoice")).toBe(false);
    const viaCause = new Error("batch failed", {
      cause: new Error("UNIQUE constraint failed: invoices.account_id, invoices.invoice_number"),
    });
    expect(isNumberClash(viaCause, "invoice")).toBe(true);
    expect(isNumberClash(new Error("UNIQUE constraint failed: invoices.estimate_id"), "invoice")).toBe(false);
    expect(isUniqueViolation(new Error("disk full"))).toBe(false);
  });
});
