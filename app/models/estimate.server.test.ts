import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCustomer, createEstimate as seedEstimate, createInvoice, createJob } from "#db/factories";
import { estimateItems, estimates, invoices, workClaims } from "#db/schema";
import { estimateFollowUpKey } from "~/lib/work-keys";
import { claimWork, finishWork, MAX_ATTEMPTS } from "~/infrastructure/work.server";
import type { EstimateInput } from "~/lib/estimate-schema";
import { getDb } from "~/infrastructure/db.server";
import { recordAppOrigin } from "./app-origin.server";
import { signedInAccount } from "../../test/accounts";
import {
  countEstimates,
  createEstimate,
  deleteEstimate,
  estimatesDueForFollowUp,
  estimateChecks,
  ForeignReferenceError,
  getEstimateWithItems,
  isInvoiced,
  itemsOfEstimates,
  jobOptions,
  listEstimates,
  markEstimateSent,
  toApiEstimate,
  updateEstimate,
} from "./estimate.server";

afterEach(() => vi.restoreAllMocks());

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
    items: [
      { description: "Labor", quantity: 150, unitPrice: 1999, taxable: true, discountPercent: 0, optional: false },
      { description: "Breaker", quantity: 100, unitPrice: 1001, taxable: true, discountPercent: 0, optional: false },
    ],
    ...overrides,
  };
}

describe("creating and updating", () => {
  it("writes the estimate and its lines with the totals computed from them", async () => {
    const { accountId, customer } = await account();
    const estimate = await createEstimate(accountId, input(customer.id));
    expect(estimate.estimateNumber).toBe("EST-0001");
    expect(estimate).toMatchObject({
      subtotal: 2999 + 1001,
      taxAmount: 330,
      total: 4330,
      taxRate: 825,
      status: "pending",
      approvedAt: null,
    });
    expect(
      estimate.items.map(({ description, quantity, unitPrice, total, order }) => ({
        description,
        quantity,
        unitPrice,
        total,
        order,
      })),
    ).toEqual([
      { description: "Labor", quantity: 150, unitPrice: 1999, total: 2999, order: 0 },
      { description: "Breaker", quantity: 100, unitPrice: 1001, total: 1001, order: 1 },
    ]);
    expect(estimate.customer.name).toBe("Ana Ruiz");
  });

  it("replaces the lines on update, keeps their order, and stamps approvedAt when approved", async () => {
    const { accountId, db, customer } = await account();
    const created = await createEstimate(accountId, input(customer.id));
    const updated = await updateEstimate(
      accountId,
      created.id,
      input(customer.id, {
        status: "approved",
        items: [
          { description: "Third", quantity: 300, unitPrice: 100, taxable: true, discountPercent: 0, optional: false },
          { description: "First", quantity: 100, unitPrice: 5000, taxable: true, discountPercent: 0, optional: false },
          { description: "Second", quantity: 33, unitPrice: 1, taxable: true, discountPercent: 0, optional: false },
        ],
      }),
    );
    expect(updated?.estimateNumber).toBe(created.estimateNumber);
    expect(updated?.items.map((item) => [item.description, item.order, item.total])).toEqual([
      ["Third", 0, 300],
      ["First", 1, 5000],
      ["Second", 2, 0],
    ]);
    expect(updated).toMatchObject({ subtotal: 5300, taxAmount: 437, total: 5737 });
    expect(updated?.approvedAt).toBeInstanceOf(Date);
    expect(await db.select().from(estimateItems).where(eq(estimateItems.estimateId, created.id))).toHaveLength(3);

    const approvedAt = updated!.approvedAt!;
    const again = await updateEstimate(accountId, created.id, input(customer.id, { status: "approved", title: "Renamed" }));
    expect(again?.approvedAt?.getTime()).toBe(approvedAt.getTime());
    const rejected = await updateEstimate(accountId, created.id, input(customer.id, { status: "rejected" }));
    expect(rejected?.approvedAt).toBeNull();
  });

  it("links a job of the same customer and refuses another customer's or account's job", async () => {
    const { accountId, db, customer } = await account();
    const job = await createJob(db, accountId, { customerId: customer.id, title: "Rewire" });
    const otherCustomer = await createCustomer(db, accountId, { name: "Bo" });
    const otherJob = await createJob(db, accountId, { customerId: otherCustomer.id });
    const estimate = await createEstimate(accountId, input(customer.id, { jobId: job.id }));
    expect(estimate.job).toEqual({ id: job.id, title: "Rewire" });
    await expect(createEstimate(accountId, input(customer.id, { jobId: otherJob.id }))).rejects.toBeInstanceOf(
      ForeignReferenceError,
    );

    const stranger = await account();
    await expect(createEstimate(stranger.accountId, input(customer.id))).rejects.toBeInstanceOf(ForeignReferenceError);
    await expect(createEstimate(stranger.accountId, input(stranger.customer.id, { jobId: job.id }))).rejects.toBeInstanceOf(
      ForeignReferenceError,
    );
    expect(await countEstimates(stranger.accountId)).toBe(0);
    expect(await countEstimates(accountId)).toBe(1);

    const checks = estimateChecks(accountId);
    expect(await checks.customer(customer.id)).toBe(true);
    expect(await checks.customer(stranger.customer.id)).toBe(false);
    expect(await checks.job(job.id, customer.id)).toBe(true);
    expect(await checks.job(job.id, otherCustomer.id)).toBe(false);
    expect((await jobOptions(accountId, customer.id)).map((j) => j.title)).toEqual(["Rewire"]);
    expect(await jobOptions(stranger.accountId, customer.id)).toEqual([]);
  });

  it("refuses totals past the money limit (the schema's check, repeated)", async () => {
    const { accountId, customer } = await account();
    await expect(
      createEstimate(
        accountId,
        input(customer.id, {
          items: [
            {
              description: "Too much",
              quantity: 200,
              unitPrice: 9_999_999_999,
              taxable: true,
              discountPercent: 0,
              optional: false,
            },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(RangeError);
    expect(await countEstimates(accountId)).toBe(0);
  });

  it("gives unique EST numbers to estimates created in the same millisecond, in parallel", async () => {
    const { accountId, customer } = await account();
    vi.spyOn(Date, "now").mockReturnValue(1_750_000_000_000);
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createEstimate(accountId, input(customer.id, { title: `E${i}` }))),
    );
    const numbers = created.map((e) => e.estimateNumber);
    expect(new Set(numbers).size).toBe(6);
    // The account's sequence, whatever the clock says (decision 031).
    expect([...numbers].sort()).toEqual(Array.from({ length: 6 }, (_, i) => `EST-000${i + 1}`));
    // Every estimate got exactly its own two lines, none left behind by a retried insert.
    const items = await itemsOfEstimates(created.map((e) => e.id));
    expect([...items.values()].map((list) => list.length)).toEqual([2, 2, 2, 2, 2, 2]);
    const db = await getDb();
    expect(await db.select().from(estimates).where(eq(estimates.accountId, accountId))).toHaveLength(6);
  });

  it("deletes an estimate with its lines and keeps an invoice made from it, unlinked", async () => {
    const { accountId, db, customer } = await account();
    const estimate = await createEstimate(accountId, input(customer.id, { status: "approved" }));
    expect(await isInvoiced(accountId, estimate.id)).toBe(false);
    const invoice = await createInvoice(db, accountId, { fromEstimate: estimate.id });
    expect(await isInvoiced(accountId, estimate.id)).toBe(true);
    expect((await deleteEstimate(accountId, estimate.id))?.id).toBe(estimate.id);
    expect(await getEstimateWithItems(accountId, estimate.id)).toBeUndefined();
    expect(await db.select().from(estimateItems).where(eq(estimateItems.estimateId, estimate.id))).toEqual([]);
    const [kept] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept.estimateId).toBeNull();
    expect(await deleteEstimate(accountId, estimate.id)).toBeUndefined();
  });
});

describe("scoping to the account", () => {
  it("another account's estimates are invisible and untouchable", async () => {
    const a = await account();
    const b = await account();
    const mine = await createEstimate(a.accountId, input(a.customer.id, { title: "Private quote" }));
    await createEstimate(b.accountId, input(b.customer.id, { title: "Private other" }));

    expect((await listEstimates(a.accountId, { q: "Private" })).items.map((e) => e.title)).toEqual(["Private quote"]);
    expect(await getEstimateWithItems(b.accountId, mine.id)).toBeUndefined();
    expect(await updateEstimate(b.accountId, mine.id, input(b.customer.id, { title: "Hacked" }))).toBeUndefined();
    expect(await deleteEstimate(b.accountId, mine.id)).toBeUndefined();
    const still = await getEstimateWithItems(a.accountId, mine.id);
    expect(still?.title).toBe("Private quote");
    expect(still?.items).toHaveLength(2);
  });
});

describe("the list", () => {
  it("searches title, customer name and number, filters by status, pages in SQL, and counts items per row", async () => {
    const { accountId, db, customer } = await account();
    const bob = await createCustomer(db, accountId, { name: "Bob Builder" });
    const panel = await createEstimate(accountId, input(customer.id, { title: "Panel upgrade 100% copper" }));
    await createEstimate(
      accountId,
      input(bob.id, {
        title: "Water heater",
        status: "approved",
        items: [{ description: "Tank", quantity: 100, unitPrice: 84900, taxable: true, discountPercent: 0, optional: false }],
      }),
    );
    for (let i = 0; i < 26; i++) {
      await seedEstimate(db, accountId, {
        customerId: customer.id,
        title: `Filler ${String(i).padStart(2, "0")}`,
        status: i % 2 ? "rejected" : "expired",
        createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
      });
    }

    expect((await listEstimates(accountId, { q: "water" })).items.map((e) => e.title)).toEqual(["Water heater"]);
    expect((await listEstimates(accountId, { q: "builder" })).items.map((e) => e.customer.name)).toEqual(["Bob Builder"]);
    expect((await listEstimates(accountId, { q: panel.estimateNumber })).items.map((e) => e.id)).toEqual([panel.id]);
    expect((await listEstimates(accountId, { q: "100%" })).items.map((e) => e.id)).toEqual([panel.id]);
    expect((await listEstimates(accountId, { status: "approved" })).items.map((e) => e.title)).toEqual(["Water heater"]);
    expect((await listEstimates(accountId, { status: "rejected" })).total).toBe(13);
    expect((await listEstimates(accountId, { status: "pending", q: "water" })).total).toBe(0);

    const first = await listEstimates(accountId, { page: 1, pageSize: 25 });
    const second = await listEstimates(accountId, { page: 2, pageSize: 25 });
    expect(first.total).toBe(28);
    expect(first.items).toHaveLength(25);
    expect(second.items).toHaveLength(3);
    // Newest first: the two made now, then the fillers from the latest date back.
    expect(first.items.slice(0, 3).map((e) => e.title)).toEqual(["Water heater", "Panel upgrade 100% copper", "Filler 25"]);
    expect(second.items.at(-1)?.title).toBe("Filler 00");
    expect(first.items.find((e) => e.id === panel.id)?.itemCount).toBe(2);
    expect(first.items.find((e) => e.title === "Water heater")?.itemCount).toBe(1);
    expect(await countEstimates(accountId)).toBe(28);
  });

  it("reads each page's item counts in one grouped query (no query per row)", async () => {
    const { accountId, db, customer } = await account();
    for (let i = 0; i < 5; i++) await seedEstimate(db, accountId, { customerId: customer.id });
    const spy = vi.spyOn(db, "select");
    await listEstimates(accountId);
    // The page, the total and the grouped item counts.
    expect(spy).toHaveBeenCalledTimes(3);
  });
});

describe("the API shape", () => {
  it("sends money and quantities as decimal strings, the rate with four places and the embedded customer", async () => {
    const { accountId, customer } = await account();
    const estimate = await createEstimate(accountId, input(customer.id));
    const shaped = toApiEstimate(estimate);
    expect(shaped).toMatchObject({
      subtotal: "40.00",
      taxRate: "0.0825",
      taxAmount: "3.30",
      total: "43.30",
      validUntil: "2025-07-01",
      approvedAt: null,
      customer: { name: "Ana Ruiz", email: customer.email, city: customer.city },
    });
    expect(shaped.items[0]).toMatchObject({
      description: "Labor",
      quantity: "1.50",
      unitPrice: "19.99",
      total: "29.99",
      order: 0,
    });
    expect(Object.keys(shaped.customer).sort()).toEqual(["address", "city", "email", "name", "phone", "state", "zipCode"]);
  });
});

describe("the runner's follow-up query", () => {
  it("leaves out follow-ups already sent or given up, so they never fill its limit", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
    // Sent in 2001 (before anything else in this database), three days apart: oldest first.
    const sent: string[] = [];
    for (const day of ["2001-01-01", "2001-01-04", "2001-01-07"]) {
      const estimate = await seedEstimate(db, user.id, { customerId: customer.id, validUntil: null });
      await markEstimateSent(user.id, estimate.id, "ana@example.com", { at: new Date(`${day}T12:00:00Z`) });
      sent.push(estimate.id);
    }
    const now = new Date("2001-02-01T00:00:00Z");
    const mine = async (limit: number) =>
      (await estimatesDueForFollowUp(now, limit)).map((row) => row.estimateId).filter((id) => sent.includes(id));
    // Without APP_URL, an account nobody has signed in to has nowhere to link to: it waits.
    expect(await mine(3)).toEqual([]);
    await recordAppOrigin(user.id, new Request("https://pro-electric.example/login", { method: "POST" }));
    expect(await mine(2)).toEqual(sent.slice(0, 2));
    // The first one's follow-up is sent; the second one's ran out of attempts.
    expect(await claimWork(estimateFollowUpKey(sent[0]), "estimate-follow-up", "test", now)).toBe(true);
    await finishWork(estimateFollowUpKey(sent[0]), "test", now);
    await db.insert(workClaims).values({
      key: estimateFollowUpKey(sent[1]),
      kind: "estimate-follow-up",
      claimedBy: "x",
      claimedAt: now,
      leaseUntil: now,
      attempts: MAX_ATTEMPTS,
    });
    expect(await mine(2)).toEqual([sent[2]]);
  });
});
