import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice, createJob } from "#db/factories";
import type { ESTIMATE_STATUSES, INVOICE_STATUSES, JOB_STATUSES } from "#db/schema";
import { getConnection, getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../test/accounts";
import { deletePayment, recordPayment } from "./payment.server";
import { getBusinessReport, getReportExport } from "./report.server";

// One small business with figures worked out by hand. "Now" is Wednesday 2025-06-11,
// 12:00 UTC; the 30-day window runs from 2025-05-13, the 7-day one from 2025-06-05.
const NOW = new Date("2025-06-11T12:00:00Z");
const at = (day: string, time = "10:00:00") => new Date(`${day}T${time}Z`);
/** One line of $amount with no tax, so a document's total is exactly the amount. */
const priced = (cents: number) => ({ taxRate: 0, items: [{ description: "Work", quantity: 100, unitPrice: cents }] });

async function business() {
  const db = await getDb();
  const { user } = await signedInAccount();
  const accountId = user.id;
  const [c1] = await Promise.all(
    ["Ana", "Bo", "Cy"].map((name) => createCustomer(db, accountId, { name, createdAt: at("2025-06-01") })),
  );
  await createCustomer(db, accountId, { name: "Old", createdAt: at("2025-01-01") });
  const customerId = c1.id;

  const job = (status: (typeof JOB_STATUSES)[number], createdAt = at("2025-06-01")) =>
    createJob(db, accountId, { customerId, status, createdAt });
  await job("pending");
  await job("pending");
  await job("in_progress");
  await job("completed");
  await job("cancelled");
  await job("completed", at("2025-01-01"));

  const estimate = (status: (typeof ESTIMATE_STATUSES)[number], cents: number, createdAt = at("2025-06-02")) =>
    createEstimate(db, accountId, { customerId, status, createdAt, ...priced(cents) });
  await estimate("pending", 10_000);
  await estimate("pending", 5_025);
  await estimate("approved", 20_000);
  await estimate("approved", 7_000);
  await estimate("rejected", 3_000);
  await estimate("expired", 1_000);
  await estimate("pending", 99_900, at("2025-01-01"));

  const invoice = (
    status: (typeof INVOICE_STATUSES)[number],
    cents: number,
    createdAt: Date,
    extra: { paidDate?: Date | null; dueDate?: string } = {},
  ) => createInvoice(db, accountId, { customerId, status, createdAt, ...priced(cents), ...extra });
  await invoice("paid", 30_000, at("2025-06-01"), { paidDate: at("2025-06-05") });
  await invoice("paid", 12_750, at("2025-04-01"), { paidDate: at("2025-06-10") });
  await invoice("paid", 40_000, at("2025-03-01"), { paidDate: at("2025-04-01") });
  await invoice("pending", 20_000, at("2025-06-03"), { dueDate: "2025-07-03" });
  await invoice("pending", 15_000, at("2025-06-04"), { dueDate: "2025-06-01" });
  await invoice("overdue", 7_500, at("2025-05-20"), { dueDate: "2025-04-20" });
  await invoice("pending", 6_000, at("2025-01-01"), { dueDate: "2025-02-01" });
  await invoice("cancelled", 50_000, at("2025-06-05"), { dueDate: "2025-07-05" });
  return { accountId, customerId };
}

describe("getBusinessReport (last 30 days)", () => {
  it("computes every card and list from the account's rows", async () => {
    const { accountId } = await business();
    const report = await getBusinessReport(accountId, 30, { now: NOW });
    expect(report.window).toMatchObject({ days: 30, from: "2025-05-13", to: "2025-06-11", timeZone: "UTC" });
    // Paid inside the window: $300.00 (created inside) + $127.50 (created in April, paid June 10).
    expect(report.totalRevenue).toBe(42_750);
    // Pending estimates created inside: $100.00 + $50.25 (the January one is outside).
    expect(report.pendingRevenue).toBe(15_025);
    expect(report.customers).toBe(3);
    expect(report.jobs).toEqual({ total: 5, pending: 2, inProgress: 1, completed: 1, active: 3 });
    expect(report.estimates).toEqual({ total: 6, approved: 2, pending: 2 });
    // Created inside: the paid $300, pending $200 and $150, overdue $75, cancelled $500.
    expect(report.invoices).toEqual({ total: 5, paid: 1 });
  });

  it("computes the insights exactly", async () => {
    const { accountId } = await business();
    const { insights } = await getBusinessReport(accountId, 30, { now: NOW });
    expect(insights).toEqual({
      averageInvoiceDollars: 86, // $427.50 / 5 invoices = $85.50, half up
      jobsPerCustomerTenths: 17, // 5 jobs / 3 customers = 1.67
      approvalRatePercent: 33, // 2 approved of 6
    });
  });

  it("charts the money collected per week, by the day each payment was received", async () => {
    const { accountId } = await business();
    const { revenue } = await getBusinessReport(accountId, 30, { now: NOW });
    expect(revenue.unit).toBe("week");
    expect(revenue.points).toEqual([
      { from: "2025-05-13", revenue: 0, payments: 0 },
      { from: "2025-05-18", revenue: 0, payments: 0 },
      { from: "2025-05-25", revenue: 0, payments: 0 },
      { from: "2025-06-01", revenue: 30_000, payments: 1 },
      { from: "2025-06-08", revenue: 12_750, payments: 1 },
    ]);
    const year = await getBusinessReport(accountId, 365, { now: NOW });
    expect(year.revenue.unit).toBe("month");
    expect(year.revenue.points.find((p) => p.from === "2025-04-01")).toEqual({
      from: "2025-04-01",
      revenue: 40_000,
      payments: 1,
    });
    expect(year.revenue.points.find((p) => p.from === "2025-06-01")).toEqual({
      from: "2025-06-01",
      revenue: 42_750,
      payments: 2,
    });
    expect(year.revenue.points.reduce((sum, p) => sum + p.revenue, 0)).toBe(year.totalRevenue);
    // Saturday June 14: the last 7 days are exactly one week, from Sunday June 8.
    const week = await getBusinessReport(accountId, 7, { now: new Date("2025-06-14T12:00:00Z") });
    expect(week.revenue.points).toEqual([{ from: "2025-06-08", revenue: 12_750, payments: 1 }]);
  });

  it("ages every unpaid invoice, whenever it was created", async () => {
    const { accountId } = await business();
    const { aging } = await getBusinessReport(accountId, 7, { now: NOW });
    expect(aging).toEqual({
      current: { count: 1, amount: 20_000 }, // due July 3
      days1to30: { count: 1, amount: 15_000 }, // due June 1: 10 days late
      days31to60: { count: 1, amount: 7_500 }, // due April 20: 52 days late
      days61to90: { count: 0, amount: 0 },
      over90: { count: 1, amount: 6_000 }, // due February 1: 130 days late
    });
  });

  it("puts the bucket edges where they belong: due today is current, 30 days late is 1-30, 61 is 61-90, 91 is over 90", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    const customer = await createCustomer(db, user.id);
    for (const [dueDate, cents] of [
      ["2025-06-11", 1],
      ["2025-06-10", 10],
      ["2025-05-12", 100],
      ["2025-05-11", 1_000],
      ["2025-04-12", 10_000],
      ["2025-04-11", 100_000],
      ["2025-03-13", 1_000_000],
      ["2025-03-12", 10_000_000],
    ] as const) {
      await createInvoice(db, user.id, {
        customerId: customer.id,
        status: "pending",
        dueDate,
        createdAt: at("2025-03-01"),
        ...priced(cents),
      });
    }
    await createInvoice(db, user.id, {
      customerId: customer.id,
      status: "pending",
      dueDate: null,
      createdAt: at("2025-03-01"),
      ...priced(5),
    });
    expect((await getBusinessReport(user.id, 30, { now: NOW })).aging).toEqual({
      current: { count: 2, amount: 6 },
      days1to30: { count: 2, amount: 110 },
      days31to60: { count: 2, amount: 11_000 },
      days61to90: { count: 2, amount: 1_100_000 },
      over90: { count: 1, amount: 10_000_000 },
    });
  });
});

describe("the range filter", () => {
  it("the last 7 days keeps only what was created (or paid) since June 5", async () => {
    const { accountId } = await business();
    const report = await getBusinessReport(accountId, 7, { now: NOW });
    expect(report.window.from).toBe("2025-06-05");
    expect(report.totalRevenue).toBe(42_750);
    expect(report.pendingRevenue).toBe(0);
    expect(report.customers).toBe(0);
    expect(report.jobs.total).toBe(0);
    expect(report.estimates.total).toBe(0);
    expect(report.invoices).toEqual({ total: 1, paid: 0 });
    expect(report.insights).toEqual({ averageInvoiceDollars: 428, jobsPerCustomerTenths: 0, approvalRatePercent: 0 });
  });

  it("includes the first instant of the window and now, not a moment outside", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    for (const createdAt of [
      new Date("2025-06-05T00:00:00.000Z"),
      NOW,
      new Date("2025-06-04T23:59:59.999Z"),
      new Date(NOW.getTime() + 1),
    ]) {
      await createCustomer(db, user.id, { createdAt });
    }
    expect((await getBusinessReport(user.id, 7, { now: NOW })).customers).toBe(2);
  });

  it("counts days in the account's time zone", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    // June 5 at 03:00 UTC is still June 4 in Chicago.
    await createCustomer(db, user.id, { createdAt: new Date("2025-06-05T03:00:00Z") });
    expect((await getBusinessReport(user.id, 7, { now: NOW })).customers).toBe(1);
    expect((await getBusinessReport(user.id, 7, { now: NOW, timeZone: "America/Chicago" })).customers).toBe(0);
  });

  it("two accounts never mix", async () => {
    const mine = await business();
    const other = await business();
    const empty = await signedInAccount();
    expect(await getBusinessReport(mine.accountId, 30, { now: NOW })).toEqual(
      await getBusinessReport(other.accountId, 30, { now: NOW }),
    );
    const nothing = await getBusinessReport(empty.user.id, 30, { now: NOW });
    expect(nothing).toMatchObject({
      totalRevenue: 0,
      pendingRevenue: 0,
      customers: 0,
      jobs: { total: 0, active: 0, completed: 0 },
      estimates: { total: 0, approved: 0 },
      invoices: { total: 0, paid: 0 },
      insights: { averageInvoiceDollars: 0, jobsPerCustomerTenths: 0, approvalRatePercent: 0 },
    });
    expect(nothing.revenue.points.every((p) => p.revenue === 0)).toBe(true);
    expect(Object.values(nothing.aging).every((bucket) => bucket.count === 0)).toBe(true);
  });
});

describe("money collected, by the day each payment was received (docs/decisions/020)", () => {
  /** A pending invoice of $1,000.00 due June 20 with payments recorded through the ledger. */
  async function partlyPaid() {
    const db = await getDb();
    const { user } = await signedInAccount();
    const customer = await createCustomer(db, user.id);
    const invoice = await createInvoice(db, user.id, {
      customerId: customer.id,
      status: "pending",
      dueDate: "2025-05-20",
      createdAt: at("2025-04-01"),
      ...priced(100_000),
    });
    const pay = async (cents: number, method: "cash" | "check" | "card" | "bank_transfer" | "other", day: string | Date) => {
      const receivedAt = day instanceof Date ? day : at(day);
      const result = await recordPayment(user.id, invoice.id, { amount: cents, method, receivedAt }, { notify: false });
      if (result.status !== "recorded") throw new Error(result.status);
      return result.payment;
    };
    return { accountId: user.id, invoice, pay };
  }

  it("counts partial payments of an unpaid invoice in the period each was received, by method", async () => {
    const { accountId, pay } = await partlyPaid();
    await pay(20_000, "check", "2025-04-15"); // before the 30-day window
    await pay(30_000, "cash", "2025-06-02");
    await pay(5_000, "card", "2025-06-09");
    const report = await getBusinessReport(accountId, 30, { now: NOW });
    // Before the ledger this was $0: the invoice is not paid.
    expect(report.totalRevenue).toBe(35_000);
    expect(report.collected.cash).toEqual({ count: 1, amount: 30_000 });
    expect(report.collected.card).toEqual({ count: 1, amount: 5_000 });
    expect(report.collected.check).toEqual({ count: 0, amount: 0 });
    expect(report.revenue.points.filter((p) => p.revenue > 0)).toEqual([
      { from: "2025-06-01", revenue: 30_000, payments: 1 },
      { from: "2025-06-08", revenue: 5_000, payments: 1 },
    ]);
    expect(report.revenue.points.reduce((sum, p) => sum + p.revenue, 0)).toBe(report.totalRevenue);
    // What is still owed is the balance, $450.00, 22 days late.
    expect(report.aging.days1to30).toEqual({ count: 1, amount: 45_000 });
    expect((await getBusinessReport(accountId, 90, { now: NOW })).collected.check).toEqual({ count: 1, amount: 20_000 });
  });

  it("a payment deleted is no longer collected, and its balance is owed again", async () => {
    const { accountId, pay } = await partlyPaid();
    await pay(30_000, "cash", "2025-06-02");
    const rest = await pay(70_000, "bank_transfer", "2025-06-10");
    let report = await getBusinessReport(accountId, 30, { now: NOW });
    expect(report.totalRevenue).toBe(100_000);
    expect(report.aging.days1to30).toEqual({ count: 0, amount: 0 });
    expect(await deletePayment(accountId, rest.id)).not.toBeNull();
    report = await getBusinessReport(accountId, 30, { now: NOW });
    expect(report.totalRevenue).toBe(30_000);
    expect(report.collected.bank_transfer).toEqual({ count: 0, amount: 0 });
    expect(report.aging.days1to30).toEqual({ count: 1, amount: 70_000 });
  });

  it("counts a paid invoice once, by its payments' days, whatever its paid date; the chart adds up to the total", async () => {
    const { accountId, pay } = await partlyPaid();
    await pay(40_000, "check", "2025-05-01"); // outside the 30 days
    await pay(60_000, "card", "2025-06-10"); // the rest: paid on June 10
    const report = await getBusinessReport(accountId, 30, { now: NOW });
    expect(report.totalRevenue).toBe(60_000);
    expect(report.invoices).toEqual({ total: 0, paid: 0 });
    expect(Object.values(report.aging).every((bucket) => bucket.count === 0)).toBe(true);
    const year = await getBusinessReport(accountId, 365, { now: NOW });
    expect(year.totalRevenue).toBe(100_000);
    expect(year.revenue.points.reduce((sum, p) => sum + p.revenue, 0)).toBe(100_000);
  });

  it("counts a payment on the calendar day of the account's zone", async () => {
    const { accountId, pay } = await partlyPaid();
    // June 5 at 03:00 UTC is June 4 in Chicago: inside the UTC week, outside Chicago's.
    await pay(1_000, "cash", new Date("2025-06-05T03:00:00Z"));
    expect((await getBusinessReport(accountId, 7, { now: NOW })).totalRevenue).toBe(1_000);
    expect((await getBusinessReport(accountId, 7, { now: NOW, timeZone: "America/Chicago" })).totalRevenue).toBe(0);
  });

  it("leaves another account's payments out", async () => {
    const { pay } = await partlyPaid();
    await pay(30_000, "cash", "2025-06-02");
    const other = await signedInAccount();
    const report = await getBusinessReport(other.user.id, 30, { now: NOW });
    expect(report.totalRevenue).toBe(0);
    expect(Object.values(report.aging).every((bucket) => bucket.count === 0)).toBe(true);
  });
});

describe("getReportExport", () => {
  it("has the exported report's shape: the period's summary and all-time counts", async () => {
    const { accountId } = await business();
    expect(await getReportExport(accountId, 30, { now: NOW })).toEqual({
      generatedAt: "2025-06-11T12:00:00.000Z",
      range: { days: 30, from: "2025-05-13", to: "2025-06-11", timeZone: "UTC" },
      summary: {
        totalRevenue: "427.50",
        pendingRevenue: "150.25",
        totalCustomers: 3,
        completedJobs: 1,
        activeJobs: 3,
        totalEstimates: 6,
        totalInvoices: 5,
      },
      counts: { customers: 4, jobs: 6, estimates: 7, invoices: 8 },
      // The two payments of the window (the factory records a paid invoice's payment by check).
      collected: {
        total: { count: 2, amount: "427.50" },
        byMethod: {
          card: { count: 0, amount: "0.00" },
          cash: { count: 0, amount: "0.00" },
          check: { count: 2, amount: "427.50" },
          bank_transfer: { count: 0, amount: "0.00" },
          other: { count: 0, amount: "0.00" },
        },
      },
      aging: {
        total: { count: 4, amount: "485.00" },
        buckets: {
          current: { count: 1, amount: "200.00" },
          days1to30: { count: 1, amount: "150.00" },
          days31to60: { count: 1, amount: "75.00" },
          days61to90: { count: 0, amount: "0.00" },
          over90: { count: 1, amount: "60.00" },
        },
      },
    });
  });
});

describe("kept between calls while the account's records stay as they are (docs/decisions/023)", () => {
  const version = async (accountId: string) => {
    const { client } = await getConnection();
    const row = (await client.execute({ sql: "select data_version from account_totals where account_id = ?", args: [accountId] }))
      .rows[0];
    return Number(row?.[0]);
  };

  it("is kept while the data version holds and worked out again when it moves", async () => {
    const db = await getDb();
    const { accountId, customerId } = await business();
    const first = await getBusinessReport(accountId, 30, { now: NOW });
    const before = await version(accountId);
    // A job added, then the version put back as if nothing had changed: the kept report is
    // served (it still counts 5 jobs), which shows the second call read no rows.
    await createJob(db, accountId, { customerId, status: "pending", createdAt: at("2025-06-10") });
    const { client } = await getConnection();
    await client.execute({ sql: "update account_totals set data_version = ? where account_id = ?", args: [before, accountId] });
    expect((await getBusinessReport(accountId, 30, { now: NOW })).jobs.total).toBe(first.jobs.total);
    // Any change moves the version: the report is worked out again and counts the new job too.
    await client.execute({
      sql: "update account_totals set data_version = data_version + 1 where account_id = ?",
      args: [accountId],
    });
    expect((await getBusinessReport(accountId, 30, { now: NOW })).jobs).toEqual({
      ...first.jobs,
      total: 6,
      pending: 3,
      active: 4,
    });
  });

  it("moves the version on every insert, update and delete of what the report reads", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    const accountId = user.id;
    const moves = async (change: () => Promise<unknown>) => {
      const before = await version(accountId);
      await change();
      return (await version(accountId)) > before;
    };
    const customer = await createCustomer(db, accountId, { name: "Ana" });
    expect(await version(accountId)).toBeGreaterThan(0);
    const { client } = await getConnection();
    const run =
      (sql: string, ...args: string[]) =>
      () =>
        client.execute({ sql, args });
    expect(await moves(run("update customers set notes = 'gate code 12' where id = ?", customer.id))).toBe(true);
    const job = await createJob(db, accountId, { customerId: customer.id });
    expect(await moves(run("update jobs set status = 'completed' where id = ?", job.id))).toBe(true);
    const estimate = await createEstimate(db, accountId, { customerId: customer.id, ...priced(1_000) });
    expect(await moves(run("update estimates set status = 'approved' where id = ?", estimate.id))).toBe(true);
    const invoice = await createInvoice(db, accountId, { customerId: customer.id, status: "pending", ...priced(5_000) });
    expect(await moves(run("update invoices set due_date = '2025-01-01' where id = ?", invoice.id))).toBe(true);
    let paymentId = "";
    expect(
      await moves(async () => {
        const result = await recordPayment(
          accountId,
          invoice.id,
          { amount: 1_000, method: "cash", receivedAt: NOW },
          { notify: false },
        );
        if (result.status !== "recorded") throw new Error(result.status);
        paymentId = result.payment.id;
      }),
    ).toBe(true);
    expect(await moves(run("update payments set method = 'check' where id = ?", paymentId))).toBe(true);
    expect(await moves(() => deletePayment(accountId, paymentId))).toBe(true);
    expect(await moves(run("delete from invoices where id = ?", invoice.id))).toBe(true);
    expect(await moves(run("delete from estimates where id = ?", estimate.id))).toBe(true);
    expect(await moves(run("delete from jobs where id = ?", job.id))).toBe(true);
    expect(await moves(run("delete from customers where id = ?", customer.id))).toBe(true);
    // Another account's changes leave this one's version alone.
    const other = await signedInAccount();
    expect(await moves(() => createCustomer(db, other.user.id, { name: "Bo" }))).toBe(false);
  });

  it("sees a change made through another connection to the database (another server)", async () => {
    const { accountId, customerId } = await business();
    expect((await getBusinessReport(accountId, 30, { now: NOW })).customers).toBe(3);
    const { DATABASE_URL } = process.env;
    const other = createClient({ url: DATABASE_URL! });
    try {
      await other.execute({
        sql: "insert into customers (id, account_id, name, created_at) values (?, ?, 'Dee', ?)",
        args: [crypto.randomUUID(), accountId, at("2025-06-09").getTime()],
      });
    } finally {
      other.close();
    }
    expect((await getBusinessReport(accountId, 30, { now: NOW })).customers).toBe(4);
    expect(customerId).toBeTruthy();
  });

  it("takes in a record dated later than now once its time comes, with no change to the data", async () => {
    const db = await getDb();
    const { accountId, customerId } = await business();
    const later = new Date(NOW.getTime() + 60 * 60 * 1000);
    await createJob(db, accountId, { customerId, status: "pending", createdAt: later });
    expect((await getBusinessReport(accountId, 30, { now: NOW })).jobs.total).toBe(5);
    expect((await getBusinessReport(accountId, 30, { now: new Date(later.getTime() - 1) })).jobs.total).toBe(5);
    expect((await getBusinessReport(accountId, 30, { now: later })).jobs.total).toBe(6);
    // The next day is another window: the job of June 1 still counts, the January one never.
    const nextDay = new Date("2025-06-12T12:00:00Z");
    expect((await getBusinessReport(accountId, 30, { now: nextDay })).window.from).toBe("2025-05-14");
    expect((await getBusinessReport(accountId, 30, { now: nextDay })).jobs.total).toBe(6);
  });
});
