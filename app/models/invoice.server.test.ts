import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice, createJob } from "#db/factories";
import { estimateItems, invoiceItems, invoices } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../test/accounts";
import { listNotifications } from "./notification.server";
import {
  countInvoices,
  createInvoiceFromEstimate,
  deleteInvoice,
  getInvoiceWithItems,
  listInvoices,
  markInvoicePaid,
  toApiInvoice,
  updateInvoiceStatus,
} from "./invoice.server";

const LINES = [
  { description: "Panel upgrade, 200A", quantity: 100, unitPrice: 185_000 },
  { description: "Dedicated 20A circuit", quantity: 350, unitPrice: 12_550 },
  { description: "Permit and inspection", quantity: 150, unitPrice: 3_333 },
];

async function invoiceCount(estimateId: string) {
  const db = await getDb();
  return (await db.select({ value: count() }).from(invoices).where(eq(invoices.estimateId, estimateId)).get())?.value ?? 0;
}

describe("createInvoiceFromEstimate", () => {
  it("copies customer, job, title, description, notes, tax rate, totals and the items in order", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
    const job = await createJob(db, user.id, { customerId: customer.id });
    const estimate = await createEstimate(db, user.id, {
      customerId: customer.id,
      jobId: job.id,
      title: "Kitchen rewire",
      description: "Rewire the kitchen to code.",
      notes: "Includes cleanup.",
      status: "approved",
      taxRate: 700,
      items: LINES,
    });
    // Shuffle the stored order: the copy must follow `order`, not insertion.
    const [first, second, third] = estimate.items;
    await db.update(estimateItems).set({ order: 2 }).where(eq(estimateItems.id, first.id));
    await db.update(estimateItems).set({ order: 0 }).where(eq(estimateItems.id, third.id));
    await db.update(estimateItems).set({ order: 1 }).where(eq(estimateItems.id, second.id));

    const result = await createInvoiceFromEstimate(user.id, estimate.id, { today: "2025-06-10" });
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    const { invoice } = result;
    expect(invoice).toMatchObject({
      accountId: user.id,
      customerId: customer.id,
      jobId: job.id,
      estimateId: estimate.id,
      title: "Kitchen rewire",
      description: "Rewire the kitchen to code.",
      notes: "Includes cleanup.",
      status: "pending",
      taxRate: 700,
      subtotal: estimate.subtotal,
      taxAmount: estimate.taxAmount,
      total: estimate.total,
      dueDate: "2025-07-10",
      paidDate: null,
    });
    expect(invoice.invoiceNumber).toBe("INV-0001");
    expect(invoice.customer.name).toBe("Ana Ruiz");
    expect(invoice.job?.id).toBe(job.id);
    expect(invoice.estimate).toEqual({ id: estimate.id, estimateNumber: estimate.estimateNumber });
    expect(invoice.items.map((item) => [item.description, item.quantity, item.unitPrice, item.total, item.order])).toEqual([
      [third.description, third.quantity, third.unitPrice, third.total, 0],
      [second.description, second.quantity, second.unitPrice, second.total, 1],
      [first.description, first.quantity, first.unitPrice, first.total, 2],
    ]);
    expect(invoice.items.reduce((sum, item) => sum + item.total, 0)).toBe(invoice.subtotal);
  });

  it("keeps the sequence of lines that share an order", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const estimate = await createEstimate(db, user.id, { status: "approved", items: LINES });
    await db.update(estimateItems).set({ order: 0 }).where(eq(estimateItems.estimateId, estimate.id));
    const expected = [...estimate.items].sort((a, b) => a.id.localeCompare(b.id)).map((item) => item.description);
    const result = await createInvoiceFromEstimate(user.id, estimate.id);
    if (result.status !== "created") throw new Error(result.status);
    expect(result.invoice.items.map((item) => item.description)).toEqual(expected);
  });

  it("refuses pending, rejected and expired estimates and writes nothing", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    for (const status of ["pending", "rejected", "expired"] as const) {
      const estimate = await createEstimate(db, user.id, { status });
      expect(await createInvoiceFromEstimate(user.id, estimate.id)).toEqual({ status: "not-approved", estimateStatus: status });
      expect(await invoiceCount(estimate.id)).toBe(0);
    }
    expect(await countInvoices(user.id)).toBe(0);
  });

  it("is done once: a second request returns the same invoice", async () => {
    const { user } = await signedInAccount();
    const estimate = await createEstimate(await getDb(), user.id, { status: "approved" });
    const first = await createInvoiceFromEstimate(user.id, estimate.id);
    const second = await createInvoiceFromEstimate(user.id, estimate.id);
    expect(first.status).toBe("created");
    expect(second.status).toBe("exists");
    if (first.status !== "created" || second.status !== "exists") return;
    expect(second.invoice.id).toBe(first.invoice.id);
    expect(second.invoice.items).toHaveLength(first.invoice.items.length);
    expect(await invoiceCount(estimate.id)).toBe(1);
  });

  it("is done once when requests race: one creates, the others get that invoice", async () => {
    const { user } = await signedInAccount();
    const estimate = await createEstimate(await getDb(), user.id, { status: "approved", items: LINES });
    const results = await Promise.all(Array.from({ length: 4 }, () => createInvoiceFromEstimate(user.id, estimate.id)));
    expect(results.filter((r) => r.status === "created")).toHaveLength(1);
    expect(results.filter((r) => r.status === "exists")).toHaveLength(3);
    const ids = new Set(results.map((r) => (r.status === "created" || r.status === "exists" ? r.invoice.id : null)));
    expect(ids.size).toBe(1);
    expect(await invoiceCount(estimate.id)).toBe(1);
    const db = await getDb();
    const [id] = [...ids];
    const lines = await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, id!));
    expect(lines).toHaveLength(3);
  });

  it("says not-found for an unknown estimate or another account's", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    const estimate = await createEstimate(await getDb(), a.user.id, { status: "approved" });
    expect(await createInvoiceFromEstimate(b.user.id, estimate.id)).toEqual({ status: "not-found" });
    expect(await createInvoiceFromEstimate(a.user.id, "no-such-id")).toEqual({ status: "not-found" });
    expect(await invoiceCount(estimate.id)).toBe(0);
  });
});

describe("paying and changing status", () => {
  it("marks a pending or overdue invoice paid with today's date", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const pending = await createInvoice(db, user.id, { status: "pending" });
    const overdue = await createInvoice(db, user.id, { status: "overdue" });
    const now = new Date("2025-06-20T15:00:00Z");
    for (const invoice of [pending, overdue]) {
      const result = await markInvoicePaid(user.id, invoice.id, { now });
      expect(result.status).toBe("paid");
      const stored = await getInvoiceWithItems(user.id, invoice.id);
      expect(stored?.status).toBe("paid");
      expect(stored?.paidDate?.toISOString()).toBe(now.toISOString());
    }
  });

  it("leaves paid and cancelled invoices alone", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const paidOn = new Date("2025-01-05T10:00:00Z");
    const paid = await createInvoice(db, user.id, { status: "paid", paidDate: paidOn });
    const cancelled = await createInvoice(db, user.id, { status: "cancelled" });
    expect((await markInvoicePaid(user.id, paid.id)).status).toBe("not-payable");
    expect((await markInvoicePaid(user.id, cancelled.id)).status).toBe("not-payable");
    expect((await getInvoiceWithItems(user.id, paid.id))?.paidDate?.toISOString()).toBe(paidOn.toISOString());
    expect((await getInvoiceWithItems(user.id, cancelled.id))?.status).toBe("cancelled");
  });

  it("updates the status: paid records the date once, anything else clears it", async () => {
    const { user } = await signedInAccount();
    const invoice = await createInvoice(await getDb(), user.id, { status: "pending" });
    const first = new Date("2025-03-01T12:00:00Z");
    expect((await updateInvoiceStatus(user.id, invoice.id, "paid", { now: first }))?.paidDate?.toISOString()).toBe(
      first.toISOString(),
    );
    const again = await updateInvoiceStatus(user.id, invoice.id, "paid", { now: new Date("2025-04-01T12:00:00Z") });
    expect(again?.paidDate?.toISOString()).toBe(first.toISOString());
    const cancelled = await updateInvoiceStatus(user.id, invoice.id, "cancelled");
    expect(cancelled).toMatchObject({ status: "cancelled", paidDate: null });
  });

  it("deletes an invoice with its lines", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const invoice = await createInvoice(db, user.id);
    expect((await deleteInvoice(user.id, invoice.id))?.id).toBe(invoice.id);
    expect(await getInvoiceWithItems(user.id, invoice.id)).toBeUndefined();
    expect(await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id))).toEqual([]);
    expect(await deleteInvoice(user.id, invoice.id)).toBeUndefined();
  });
});

describe("listInvoices", () => {
  it("reads pending invoices past due as overdue, in the filter too", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const today = "2025-06-15";
    const late = await createInvoice(db, user.id, { title: "Late", status: "pending", dueDate: "2025-06-14" });
    const dueToday = await createInvoice(db, user.id, { title: "Due today", status: "pending", dueDate: "2025-06-15" });
    const markedOverdue = await createInvoice(db, user.id, { title: "Marked overdue", status: "overdue", dueDate: "2025-07-01" });
    const paid = await createInvoice(db, user.id, { title: "Paid", status: "paid", dueDate: "2025-01-01" });
    await createInvoice(db, user.id, { title: "Cancelled", status: "cancelled", dueDate: "2025-01-01" });

    const titles = async (status: "all" | "pending" | "paid" | "overdue" | "cancelled") =>
      (await listInvoices(user.id, { status, today })).items.map((i) => i.title).sort();
    expect(await titles("overdue")).toEqual([late.title, markedOverdue.title].sort());
    expect(await titles("pending")).toEqual([dueToday.title]);
    expect(await titles("paid")).toEqual([paid.title]);
    expect(await titles("cancelled")).toEqual(["Cancelled"]);
    expect(await titles("all")).toHaveLength(5);
    expect((await listInvoices(user.id, { status: "overdue", today })).total).toBe(2);
  });

  it("searches title, customer name and invoice number, newest first, with item counts", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const ana = await createCustomer(db, user.id, { name: "Ana Ruiz" });
    const bob = await createCustomer(db, user.id, { name: "Bob 100% Pipes" });
    const older = await createInvoice(db, user.id, {
      customerId: ana.id,
      title: "Water heater",
      items: LINES,
      createdAt: new Date("2025-01-01"),
    });
    const newer = await createInvoice(db, user.id, {
      customerId: bob.id,
      title: "Drain repair",
      items: LINES.slice(0, 2),
      createdAt: new Date("2025-02-01"),
    });

    const all = await listInvoices(user.id);
    expect(all.items.map((i) => [i.id, i.itemCount])).toEqual([
      [newer.id, 2],
      [older.id, 3],
    ]);
    expect(all.items[0].customer).toMatchObject({ name: "Bob 100% Pipes" });
    expect((await listInvoices(user.id, { q: "heater" })).items.map((i) => i.id)).toEqual([older.id]);
    expect((await listInvoices(user.id, { q: "ana ruiz" })).items.map((i) => i.id)).toEqual([older.id]);
    expect((await listInvoices(user.id, { q: newer.invoiceNumber })).items.map((i) => i.id)).toEqual([newer.id]);
    expect((await listInvoices(user.id, { q: "100%" })).items.map((i) => i.id)).toEqual([newer.id]);
    expect((await listInvoices(user.id, { q: "nothing like this" })).total).toBe(0);

    const page = await listInvoices(user.id, { pageSize: 1, page: 2 });
    expect(page.items.map((i) => i.id)).toEqual([older.id]);
    expect(page.total).toBe(2);

    const withItems = await listInvoices(user.id, { withItems: true });
    expect(withItems.items[1].items?.map((item) => item.description)).toEqual(LINES.map((line) => line.description));
  });
});

describe("scoping to the account", () => {
  it("another account's invoices are invisible and untouchable", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    const db = await getDb();
    const mine = await createInvoice(db, a.user.id, { title: "Private invoice", status: "pending" });
    await createInvoice(db, b.user.id, { title: "Other invoice" });

    expect((await listInvoices(b.user.id, { q: "Private" })).total).toBe(0);
    expect((await listInvoices(b.user.id)).items.map((i) => i.title)).toEqual(["Other invoice"]);
    expect(await getInvoiceWithItems(b.user.id, mine.id)).toBeUndefined();
    expect(await markInvoicePaid(b.user.id, mine.id)).toEqual({ status: "not-found" });
    expect(await updateInvoiceStatus(b.user.id, mine.id, "cancelled")).toBeUndefined();
    expect(await deleteInvoice(b.user.id, mine.id)).toBeUndefined();
    expect((await getInvoiceWithItems(a.user.id, mine.id))?.status).toBe("pending");
  });
});

describe("toApiInvoice", () => {
  it("sends money, rates and quantities as decimal strings and dates as text", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, {
      name: "Ana",
      address: "1 Main",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      phone: "555",
      email: "a@example.com",
    });
    const invoice = await createInvoice(db, user.id, {
      customerId: customer.id,
      items: [{ description: "Labor", quantity: 150, unitPrice: 123_450 }],
      dueDate: "2025-07-01",
      status: "pending",
    });
    const api = toApiInvoice((await getInvoiceWithItems(user.id, invoice.id))!, "2025-06-01");
    expect(api).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      status: "pending",
      subtotal: "1851.75",
      taxRate: "0.0825",
      taxAmount: "152.77",
      total: "2004.52",
      dueDate: "2025-07-01",
      paidDate: null,
      items: [{ description: "Labor", quantity: "1.50", unitPrice: "1234.50", total: "1851.75", order: 0 }],
      customer: {
        name: "Ana",
        address: "1 Main",
        city: "Austin",
        state: "TX",
        zipCode: "78701",
        phone: "555",
        email: "a@example.com",
      },
    });
    expect(api).not.toHaveProperty("accountId");
    expect(toApiInvoice((await getInvoiceWithItems(user.id, invoice.id))!, "2025-07-02").status).toBe("overdue");
  });
});

describe("payment notifications", () => {
  it("marking an invoice paid tells the contractor once", async () => {
    const { user } = await signedInAccount();
    const estimate = await createEstimate(await getDb(), user.id, { status: "approved" });
    const created = await createInvoiceFromEstimate(user.id, estimate.id);
    if (created.status !== "created") throw new Error(`unexpected ${created.status}`);
    await markInvoicePaid(user.id, created.invoice.id);
    await markInvoicePaid(user.id, created.invoice.id);
    await updateInvoiceStatus(user.id, created.invoice.id, "paid");
    const notes = await listNotifications(user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "payment_received", title: "Payment received" });
    expect(notes[0].message).toContain(created.invoice.invoiceNumber);
  });
});
