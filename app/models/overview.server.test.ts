import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice, createJob } from "#db/factories";
import { agingOf, collectedByMethod } from "~/lib/report";
import { deletePayment, recordPayment } from "~/models/payment.server";
import { createUser } from "~/models/user.server";
import { getDb } from "~/infrastructure/db.server";
import { forgetKeptFigures } from "./kept-figures.server";
import { getDashboardStats, getRecordCounts, percentChange, searchBusiness } from "./overview.server";

const DAY = 86_400_000;
const NY = "America/New_York";
// Wednesday, November 18, 2026, 3 PM in New York: its week started on Sunday the 15th, 05:00 UTC.
const NOW = new Date("2026-11-18T20:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const line = [{ description: "Labor", quantity: 100, unitPrice: 10_000 }];

async function account() {
  const user = await createUser({ name: "Pat", email: `${crypto.randomUUID()}@example.com`, password: "secret1" });
  return user.id;
}

describe("percentChange", () => {
  it("is a whole signed percent, null when the earlier period had nothing", () => {
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(10, 10)).toBe(0);
    expect(percentChange(1, 3)).toBe(-67);
    expect(percentChange(4, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });
});

describe("dashboard stats", () => {
  it("an empty account has zeros and nothing to compare", async () => {
    const me = await account();
    expect(await getDashboardStats(me, { now: NOW, timeZone: NY })).toEqual({
      totalJobs: 0,
      totalRevenue: 0,
      pendingEstimates: 0,
      activeCustomers: 0,
      jobsChange: null,
      revenueChange: null,
      overdueInvoices: 0,
      newCustomersThisWeek: 0,
      collectedLast30Days: 0,
      collectedByMethod: collectedByMethod([]),
      unpaidBalance: 0,
      unpaidByAge: agingOf([]),
    });
  });

  it("counts the account's own records only, as SQL aggregates", async () => {
    const db = await getDb();
    const [me, other] = [await account(), await account()];
    // Another business, busy in every way the dashboard counts: none of it may show.
    const theirs = await createCustomer(db, other, { createdAt: daysAgo(1) });
    await createJob(db, other, { customerId: theirs.id, createdAt: daysAgo(2) });
    await createEstimate(db, other, { customerId: theirs.id, status: "pending" });
    await createInvoice(db, other, { customerId: theirs.id, status: "paid", paidDate: daysAgo(3), items: line });
    await createInvoice(db, other, { customerId: theirs.id, status: "overdue", items: line });

    // Customers: one before this week (Saturday 11:59 PM in New York), two in it.
    const ana = await createCustomer(db, me, { createdAt: new Date("2026-11-15T04:59:00Z") });
    await createCustomer(db, me, { createdAt: new Date("2026-11-15T05:00:00Z") });
    await createCustomer(db, me, { createdAt: daysAgo(0) });

    // Jobs: 3 in the last 30 days, 2 in the 30 before, 1 older.
    for (const days of [1, 10, 29]) await createJob(db, me, { customerId: ana.id, createdAt: daysAgo(days) });
    for (const days of [31, 59]) await createJob(db, me, { customerId: ana.id, createdAt: daysAgo(days) });
    await createJob(db, me, { customerId: ana.id, createdAt: daysAgo(90) });

    // Estimates: 2 pending, 1 approved.
    await createEstimate(db, me, { customerId: ana.id, status: "pending" });
    await createEstimate(db, me, { customerId: ana.id, status: "pending" });
    await createEstimate(db, me, { customerId: ana.id, status: "approved" });

    // Invoices of $100.00 each (tax 8.25%: $108.25): paid 2 recently and 4 before; 1 paid long ago.
    for (const days of [2, 20])
      await createInvoice(db, me, { customerId: ana.id, status: "paid", paidDate: daysAgo(days), items: line });
    for (const days of [35, 40, 45, 50])
      await createInvoice(db, me, { customerId: ana.id, status: "paid", paidDate: daysAgo(days), items: line });
    await createInvoice(db, me, { customerId: ana.id, status: "paid", paidDate: daysAgo(200), items: line });
    // Overdue: one marked so, one pending past its due date; not: due today, paid, cancelled.
    await createInvoice(db, me, { customerId: ana.id, status: "overdue", dueDate: "2026-12-01", items: line });
    await createInvoice(db, me, { customerId: ana.id, status: "pending", dueDate: "2026-11-17", items: line });
    await createInvoice(db, me, { customerId: ana.id, status: "pending", dueDate: "2026-11-18", items: line });
    await createInvoice(db, me, { customerId: ana.id, status: "cancelled", dueDate: "2026-01-01", items: line });

    expect(await getDashboardStats(me, { now: NOW, timeZone: NY })).toEqual({
      totalJobs: 6,
      totalRevenue: 7 * 10_825,
      pendingEstimates: 2,
      activeCustomers: 3,
      jobsChange: 50,
      revenueChange: -50,
      overdueInvoices: 2,
      newCustomersThisWeek: 2,
      // The two payments of the last 30 days (the factory records a paid invoice's payment by check).
      collectedLast30Days: 2 * 10_825,
      collectedByMethod: collectedByMethod([{ method: "check", count: 2, amount: 2 * 10_825 }]),
      // Owed today (November 18 in New York): due December 1 (marked overdue) and due today are
      // current; due yesterday is 1 day late. The cancelled one is owed by nobody.
      unpaidBalance: 3 * 10_825,
      unpaidByAge: agingOf([
        { bucket: "current", count: 2, amount: 2 * 10_825 },
        { bucket: "days1to30", count: 1, amount: 10_825 },
      ]),
    });
    // "This week" and "today" are the account's: in Tokyo the week started earlier, on Saturday 15:00 UTC.
    const tokyo = await getDashboardStats(me, { now: NOW, timeZone: "Asia/Tokyo" });
    expect(tokyo.newCustomersThisWeek).toBe(3);
    expect((await getRecordCounts(me)).invoices).toBe(11);
  });
});

describe("dashboard money (docs/decisions/020)", () => {
  it("counts payments by the day received, partial ones too, by method; owes the balance; forgets a deleted payment", async () => {
    const db = await getDb();
    const me = await account();
    const ana = await createCustomer(db, me);
    const invoice = await createInvoice(db, me, { customerId: ana.id, status: "pending", dueDate: "2026-08-01", items: line });
    const pay = async (amount: number, method: "cash" | "card", receivedAt: Date) => {
      const result = await recordPayment(me, invoice.id, { amount, method, receivedAt }, { notify: false });
      if (result.status !== "recorded") throw new Error(result.status);
      return result.payment;
    };
    await pay(2_000, "cash", daysAgo(45));
    const card = await pay(3_000, "card", daysAgo(3));
    let stats = await getDashboardStats(me, { now: NOW, timeZone: NY });
    expect(stats).toMatchObject({ totalRevenue: 5_000, collectedLast30Days: 3_000, revenueChange: 50, unpaidBalance: 5_825 });
    expect(stats.collectedByMethod.card).toEqual({ count: 1, amount: 3_000 });
    expect(stats.collectedByMethod.cash).toEqual({ count: 0, amount: 0 });
    // Due August 1: 109 days late on November 18.
    expect(stats.unpaidByAge.over90).toEqual({ count: 1, amount: 5_825 });

    await deletePayment(me, card.id);
    stats = await getDashboardStats(me, { now: NOW, timeZone: NY });
    expect(stats).toMatchObject({ totalRevenue: 2_000, collectedLast30Days: 0, revenueChange: -100, unpaidBalance: 8_825 });
  });

  it("is kept between visits, yet follows records across the 30-day windows' edges as time passes (docs/decisions/023)", async () => {
    const db = await getDb();
    const me = await account();
    const ana = await createCustomer(db, me, { createdAt: daysAgo(100) });
    const invoice = await createInvoice(db, me, { customerId: ana.id, status: "pending", dueDate: "2026-12-30", items: line });
    // A job created exactly 60 days before now leaves the 30 days before the last 30 one
    // millisecond from now; a payment received 30 days less two hours ago leaves the last 30
    // days two hours and a millisecond from now.
    const HOUR = 3_600_000;
    const result = await recordPayment(
      me,
      invoice.id,
      { amount: 4_000, method: "cash", receivedAt: new Date(daysAgo(30).getTime() + 2 * HOUR) },
      { notify: false },
    );
    if (result.status !== "recorded") throw new Error(result.status);
    await createJob(db, me, { customerId: ana.id, createdAt: daysAgo(60) });
    await createJob(db, me, { customerId: ana.id, createdAt: daysAgo(45) });
    await createJob(db, me, { customerId: ana.id, createdAt: daysAgo(10) });
    // A job dated an hour from now (a clock ahead on another server, an import) comes in when its time comes.
    await createJob(db, me, { customerId: ana.id, createdAt: new Date(NOW.getTime() + HOUR) });
    const at = async (ms: number) => getDashboardStats(me, { now: new Date(NOW.getTime() + ms), timeZone: NY });

    // Now: one job in the last 30 days against two in the 30 before; the payment is in the last 30.
    expect(await at(0)).toMatchObject({ collectedLast30Days: 4_000, revenueChange: null, jobsChange: -50 });
    expect(await at(0)).toMatchObject({ collectedLast30Days: 4_000, revenueChange: null, jobsChange: -50 });
    expect(await at(1)).toMatchObject({ collectedLast30Days: 4_000, jobsChange: 0 });
    expect(await at(HOUR - 1)).toMatchObject({ jobsChange: 0 });
    expect(await at(HOUR)).toMatchObject({ jobsChange: 100 });
    expect(await at(2 * HOUR)).toMatchObject({ collectedLast30Days: 4_000, revenueChange: null });
    expect(await at(2 * HOUR + 1)).toMatchObject({ collectedLast30Days: 0, revenueChange: -100, jobsChange: 100 });
    // What was kept is what a fresh count gives.
    const kept = await at(2 * HOUR + 1);
    forgetKeptFigures();
    expect(await at(2 * HOUR + 1)).toEqual(kept);
  });
});

describe("searching the business", () => {
  it("finds customers, jobs, estimates and invoices of the account at once", async () => {
    const db = await getDb();
    const [me, other] = [await account(), await account()];
    const ana = await createCustomer(db, me, { name: "Ana Ruiz", email: "ana@example.com", phone: "(512) 555-0142" });
    const bob = await createCustomer(db, me, { name: "Bob Lee", email: "bob@example.com", phone: "(512) 555-0199" });
    const twin = await createCustomer(db, other, { name: "Ana Ruiz (other account)" });
    await createJob(db, other, { customerId: twin.id, title: "Ana's other job" });
    const job = await createJob(db, me, { customerId: bob.id, title: "Panel upgrade", location: "12 Elm St, Austin" });
    const estimate = await createEstimate(db, me, { customerId: ana.id, title: "Water heater 50% off" });
    const invoice = await createInvoice(db, me, {
      customerId: bob.id,
      title: "Panel upgrade",
      status: "pending",
      dueDate: "2026-11-01",
      items: line,
    });

    const ruiz = await searchBusiness(me, "ruiz", { today: "2026-11-18" });
    expect(ruiz.customers).toEqual({ items: [expect.objectContaining({ id: ana.id, name: "Ana Ruiz" })], total: 1 });
    expect(ruiz.estimates.items.map((e) => e.id)).toEqual([estimate.id]);
    expect(ruiz.jobs.total).toBe(0);

    const panel = await searchBusiness(me, "PANEL", { today: "2026-11-18" });
    expect(panel.jobs.items).toEqual([
      { id: job.id, title: "Panel upgrade", status: "pending", location: "12 Elm St, Austin", customerName: "Bob Lee" },
    ]);
    expect(panel.invoices.items).toEqual([
      {
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        title: "Panel upgrade",
        status: "overdue",
        total: 10_825,
        customerName: "Bob Lee",
      },
    ]);

    expect((await searchBusiness(me, "elm st", { today: "2026-11-18" })).jobs.total).toBe(1);
    expect((await searchBusiness(me, "555-0199", { today: "2026-11-18" })).customers.items.map((c) => c.name)).toEqual([
      "Bob Lee",
    ]);
    expect((await searchBusiness(me, invoice.invoiceNumber, { today: "2026-11-18" })).invoices.total).toBe(1);
    // LIKE wildcards are searched for literally.
    expect((await searchBusiness(me, "50%", { today: "2026-11-18" })).estimates.total).toBe(1);
    expect((await searchBusiness(me, "5_%", { today: "2026-11-18" })).estimates.total).toBe(0);
    // Each section shows at most `limit`, with the full total.
    const limited = await searchBusiness(me, "example.com", { today: "2026-11-18", limit: 1 });
    expect(limited.customers.items).toHaveLength(1);
    expect(limited.customers.total).toBe(2);
  });
});
