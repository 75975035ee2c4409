// The customer hub's model: one link per customer, scoped to the account, revocable; what the
// hub shows holds only its customer's records, in the order the page promises; a customer's
// change of details is applied, recorded and told to the contractor in one go.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAppointment, createCustomer, createEstimate, createInvoice } from "#db/factories";
import { accountMembers, accountSettings, customers, notifications } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { recordPayment } from "./payment.server";
import { getSettings } from "./settings.server";
import { getOrCreateShareLink } from "./share.server";
import {
  findHub,
  firstName,
  getOrCreateHub,
  listDetailChanges,
  loadHub,
  openHubDocument,
  revokeHub,
  updateHubDetails,
} from "./customer-hub.server";
import { signedInAccount } from "../../test/accounts";

const line = (unitPrice: number) => [{ description: "Work", quantity: 100, unitPrice }];

async function account(name = "Contractor") {
  const { user } = await signedInAccount(name);
  await getSettings(user.id);
  return user.id;
}

describe("the hub link", () => {
  it("is made once per customer, is 43 URL-safe characters, and is found by its token", async () => {
    const me = await account();
    const db = await getDb();
    const customer = await createCustomer(db, me, { name: "Ana Ruiz" });
    const first = await getOrCreateHub(me, customer.id);
    const again = await getOrCreateHub(me, customer.id);
    expect(first?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again?.token).toBe(first?.token);
    expect((await findHub(first!.token))?.customerId).toBe(customer.id);
  });

  it("is not made for another account's customer, nor revoked by it", async () => {
    const me = await account();
    const other = await account("Other");
    const db = await getDb();
    const theirs = await createCustomer(db, other, { name: "Not mine" });
    expect(await getOrCreateHub(me, theirs.id)).toBeUndefined();
    expect(await getOrCreateHub(me, "no-such-id")).toBeUndefined();
    const hub = await getOrCreateHub(other, theirs.id);
    expect(await revokeHub(me, theirs.id)).toBe(false);
    expect(await findHub(hub!.token)).toBeDefined();
  });

  it("once revoked, its token finds nothing; a new link is a new token", async () => {
    const me = await account();
    const db = await getDb();
    const customer = await createCustomer(db, me);
    const hub = await getOrCreateHub(me, customer.id);
    expect(await revokeHub(me, customer.id)).toBe(true);
    expect(await findHub(hub!.token)).toBeUndefined();
    expect(await loadHub(hub!.token)).toBeUndefined();
    const next = await getOrCreateHub(me, customer.id);
    expect(next!.token).not.toBe(hub!.token);
  });

  it("refuses malformed tokens without a query", async () => {
    expect(await findHub("short")).toBeUndefined();
    expect(await findHub("x".repeat(43) + "'")).toBeUndefined();
  });
});

describe("what the hub shows", () => {
  it("holds only its customer's records, with their order, balance, visits and payments", async () => {
    const me = await account();
    const other = await account("Other");
    const db = await getDb();
    await db.update(accountSettings).set({ estimateValidDays: 30 }).where(eq(accountSettings.accountId, me));
    const ana = await createCustomer(db, me, { name: "Ana Ruiz" });
    const bob = await createCustomer(db, me, { name: "Bob Stone" });
    const stranger = await createCustomer(db, other, { name: "Carl Other" });
    const approved = await createEstimate(db, me, {
      customerId: ana.id,
      title: "Ana approved",
      status: "approved",
      items: line(10_000),
    });
    const pending = await createEstimate(db, me, {
      customerId: ana.id,
      title: "Ana pending",
      validUntil: "2999-01-01",
      items: line(20_000),
    });
    const expired = await createEstimate(db, me, {
      customerId: ana.id,
      title: "Ana expired",
      validUntil: "2000-01-01",
      items: line(5_000),
    });
    const paid = await createInvoice(db, me, { customerId: ana.id, title: "Ana paid", taxRate: 0, items: line(30_000) });
    await recordPayment(me, paid.id, { amount: 30_000, method: "check" });
    const due = await createInvoice(db, me, { customerId: ana.id, title: "Ana due", taxRate: 0, items: line(40_000) });
    await recordPayment(me, due.id, { amount: 10_000, method: "cash" });
    await createEstimate(db, me, { customerId: bob.id, title: "Bob estimate", items: line(1_000) });
    const bobInvoice = await createInvoice(db, me, { customerId: bob.id, title: "Bob invoice", taxRate: 0, items: line(9_900) });
    await recordPayment(me, bobInvoice.id, { amount: 100, method: "cash" });
    await createInvoice(db, other, { customerId: stranger.id, title: "Carl invoice", items: line(7_700) });
    const [member] = await db.select().from(accountMembers).where(eq(accountMembers.accountId, me));
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await createAppointment(db, me, { customerId: ana.id, title: "Ana visit", scheduledDate: soon, assigneeId: member.id });
    await createAppointment(db, me, {
      customerId: ana.id,
      title: "Ana past",
      scheduledDate: new Date(Date.now() - 3 * 86_400_000),
    });
    await createAppointment(db, me, { customerId: ana.id, title: "Ana cancelled", scheduledDate: soon, status: "cancelled" });
    await createAppointment(db, me, { customerId: bob.id, title: "Bob visit", scheduledDate: soon });

    const hub = await getOrCreateHub(me, ana.id);
    const loaded = (await loadHub(hub!.token))!;
    expect(loaded.customer.id).toBe(ana.id);
    expect(loaded.estimates.map((e) => [e.title, e.state])).toEqual([
      ["Ana pending", "pending"],
      ["Ana approved", "approved"],
      ["Ana expired", "expired"],
    ]);
    expect(loaded.invoices.map((i) => [i.title, i.status, i.balance])).toEqual([
      ["Ana due", "pending", 30_000],
      ["Ana paid", "paid", 0],
    ]);
    expect(loaded.balanceDue).toBe(30_000);
    expect(loaded.visits.map((v) => [v.title, v.technician])).toEqual([["Ana visit", "Contractor"]]);
    expect(loaded.payments.map((p) => [p.amount, p.method, p.invoiceNumber]).sort()).toEqual(
      [
        [10_000, "cash", due.invoiceNumber],
        [30_000, "check", paid.invoiceNumber],
      ].sort(),
    );
    const everything = JSON.stringify(loaded);
    for (const foreign of ["Bob", "Carl", bobInvoice.id, stranger.id, bob.id]) expect(everything).not.toContain(foreign);
    // The estimate ids of the hub are its customer's only.
    expect([approved.id, pending.id, expired.id].every((id) => everything.includes(id))).toBe(true);
  });

  it("says which documents already have their customer page", async () => {
    const me = await account();
    const db = await getDb();
    const ana = await createCustomer(db, me);
    const shared = await createEstimate(db, me, { customerId: ana.id, items: line(1_000) });
    await createEstimate(db, me, { customerId: ana.id, items: line(2_000) });
    const link = await getOrCreateShareLink(me, shared.id);
    const loaded = (await loadHub((await getOrCreateHub(me, ana.id))!.token))!;
    expect(loaded.estimates.map((e) => e.shareToken).sort()).toEqual([link!.link.token, null].sort());
  });

  it("gives a technician's first name only", () => {
    expect(firstName("  Ana María Torres ")).toBe("Ana");
  });
});

describe("opening a document from the hub", () => {
  it("opens its customer's estimate and invoice pages, making the share link once", async () => {
    const me = await account();
    const db = await getDb();
    const ana = await createCustomer(db, me);
    const estimate = await createEstimate(db, me, { customerId: ana.id, items: line(1_000) });
    const invoice = await createInvoice(db, me, { customerId: ana.id, items: line(1_000) });
    const { token } = (await getOrCreateHub(me, ana.id))!;
    const path = await openHubDocument(token, "estimate", estimate.id);
    expect(path).toMatch(/^\/e\/[A-Za-z0-9_-]{43}$/);
    expect(await openHubDocument(token, "estimate", estimate.id)).toBe(path);
    expect(await openHubDocument(token, "invoice", invoice.id)).toMatch(/^\/i\/[A-Za-z0-9_-]{43}$/);
  });

  it("opens nothing of another customer, another account, or through a revoked hub", async () => {
    const me = await account();
    const other = await account("Other");
    const db = await getDb();
    const ana = await createCustomer(db, me);
    const bob = await createCustomer(db, me);
    const carl = await createCustomer(db, other);
    const bobs = await createEstimate(db, me, { customerId: bob.id, items: line(1_000) });
    const carls = await createInvoice(db, other, { customerId: carl.id, items: line(1_000) });
    const anas = await createEstimate(db, me, { customerId: ana.id, items: line(1_000) });
    const { token } = (await getOrCreateHub(me, ana.id))!;
    expect(await openHubDocument(token, "estimate", bobs.id)).toBeUndefined();
    expect(await openHubDocument(token, "invoice", carls.id)).toBeUndefined();
    // An estimate's id asked for as an invoice is not found either.
    expect(await openHubDocument(token, "invoice", anas.id)).toBeUndefined();
    await revokeHub(me, ana.id);
    expect(await openHubDocument(token, "estimate", anas.id)).toBeUndefined();
  });
});

describe("the customer's own details", () => {
  it("are applied at once, recorded as the customer's activity and told to the contractor", async () => {
    const me = await account();
    const db = await getDb();
    const ana = await createCustomer(db, me, {
      name: "Ana Ruiz",
      phone: "555-0100",
      email: "ana@example.com",
      address: "1 Old St",
      city: null,
      state: null,
      zipCode: null,
    });
    const { token } = (await getOrCreateHub(me, ana.id))!;
    const result = await updateHubDetails(token, {
      phone: "555-0199",
      email: "ana@example.com",
      address: "1 Old St",
      city: null,
      state: null,
      zipCode: null,
    });
    expect(result).toEqual({ status: "updated", fields: ["phone"] });
    const [row] = await db.select().from(customers).where(eq(customers.id, ana.id));
    expect([row.phone, row.email, row.name]).toEqual(["555-0199", "ana@example.com", "Ana Ruiz"]);
    const changes = await listDetailChanges(me, ana.id);
    expect(changes.map((c) => c.changes)).toEqual([{ phone: { from: "555-0100", to: "555-0199" } }]);
    const notes = await db.select().from(notifications).where(eq(notifications.accountId, me));
    expect(notes.map((n) => [n.type, n.title, n.message])).toEqual([
      ["customer_updated", "Customer details updated", "Ana Ruiz updated their details from their hub: Phone 555-0199"],
    ]);
  });

  it("write nothing when nothing changed, and nothing through a revoked link", async () => {
    const me = await account();
    const db = await getDb();
    const ana = await createCustomer(db, me, { phone: "1", email: null, address: null, city: null, state: null, zipCode: null });
    const { token } = (await getOrCreateHub(me, ana.id))!;
    const same = { phone: "1", email: null, address: null, city: null, state: null, zipCode: null };
    expect(await updateHubDetails(token, same)).toEqual({ status: "unchanged" });
    await revokeHub(me, ana.id);
    expect(await updateHubDetails(token, { ...same, phone: "2" })).toEqual({ status: "not-found" });
    const [row] = await db.select().from(customers).where(eq(customers.id, ana.id));
    expect(row.phone).toBe("1");
    expect(await listDetailChanges(me, ana.id)).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.accountId, me))).toEqual([]);
  });

  it("are another account's to read only for that account", async () => {
    const me = await account();
    const other = await account("Other");
    const db = await getDb();
    const ana = await createCustomer(db, me, { phone: "1" });
    const { token } = (await getOrCreateHub(me, ana.id))!;
    await updateHubDetails(token, { phone: "2", email: null, address: null, city: null, state: null, zipCode: null });
    expect(await listDetailChanges(other, ana.id)).toEqual([]);
    expect(await listDetailChanges(me, ana.id)).toHaveLength(1);
  });
});
