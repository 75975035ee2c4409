import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clearAccountData, createAppointment, createCustomer, createEstimate, createInvoice, createJob } from "#db/factories";
import { accountTotals, estimates, invoices, jobs, payments } from "#db/schema";
import { createUser } from "~/models/user.server";
import { deletePayment, recordPayment } from "~/models/payment.server";
import { getConnection, getDb } from "~/infrastructure/db.server";
import { getAccountTotals, type AccountTotals } from "./account-totals.server";

async function account() {
  const user = await createUser({ name: "Pat", email: `${crypto.randomUUID()}@example.com`, password: "secret1" });
  return user.id;
}

/** The same figures counted from the rows themselves. */
async function counted(accountId: string): Promise<AccountTotals> {
  const { client } = await getConnection();
  const one = async (sql: string) => Number((await client.execute({ sql, args: [accountId] })).rows[0][0]);
  return {
    customers: await one("select count(*) from customers where account_id = ?"),
    jobs: await one("select count(*) from jobs where account_id = ?"),
    scheduledJobs: await one(
      "select count(*) from jobs where account_id = ? and scheduled_date is not null and status <> 'cancelled'",
    ),
    estimates: await one("select count(*) from estimates where account_id = ?"),
    pendingEstimates: await one("select count(*) from estimates where account_id = ? and status = 'pending'"),
    invoices: await one("select count(*) from invoices where account_id = ?"),
    appointments: await one("select count(*) from appointments where account_id = ?"),
    collected: await one("select coalesce(sum(amount), 0) from payments where account_id = ?"),
  };
}

async function paymentOf(result: Awaited<ReturnType<typeof recordPayment>>) {
  if (result.status !== "recorded") throw new Error(`payment not recorded: ${result.status}`);
  return result.payment.id;
}

async function expectInStep(accountId: string) {
  expect(await getAccountTotals(accountId)).toEqual(await counted(accountId));
}

describe("account totals", () => {
  it("a new account has all zeros", async () => {
    const me = await account();
    expect(Object.values(await getAccountTotals(me)).every((value) => value === 0)).toBe(true);
  });

  it("follow inserts, updates of the counted columns and deletes, cascades included, one account at a time", async () => {
    const db = await getDb();
    const me = await account();
    const other = await account();
    const otherCustomer = await createCustomer(db, other);
    await createJob(db, other, { customerId: otherCustomer.id, scheduledDate: new Date() });
    const otherBefore = await getAccountTotals(other);

    const customer = await createCustomer(db, me);
    await createCustomer(db, me);
    const dated = await createJob(db, me, { customerId: customer.id, scheduledDate: new Date(), status: "pending" });
    const undated = await createJob(db, me, { customerId: customer.id, scheduledDate: null });
    await createJob(db, me, { customerId: customer.id, scheduledDate: new Date(), status: "cancelled" });
    const pending = await createEstimate(db, me, { customerId: customer.id, status: "pending" });
    await createEstimate(db, me, { customerId: customer.id, status: "approved" });
    const invoice = await createInvoice(db, me, { customerId: customer.id, status: "pending" });
    const second = await createInvoice(db, me, { customerId: customer.id, status: "pending" });
    await createAppointment(db, me, { customerId: customer.id });
    const paid = await paymentOf(await recordPayment(me, invoice.id, { amount: 2_500, method: "cash" }));
    await recordPayment(me, second.id, { amount: 1_000, method: "check" });
    await expectInStep(me);
    expect(await getAccountTotals(me)).toMatchObject({
      customers: 2,
      jobs: 3,
      scheduledJobs: 1,
      estimates: 2,
      pendingEstimates: 1,
      invoices: 2,
      appointments: 1,
      collected: 3_500,
    });

    // Updates of the counted columns move the totals; other updates leave them.
    await db.update(jobs).set({ status: "cancelled" }).where(eq(jobs.id, dated.id));
    await db.update(jobs).set({ scheduledDate: new Date() }).where(eq(jobs.id, undated.id));
    await db.update(jobs).set({ title: "Renamed" }).where(eq(jobs.id, undated.id));
    await db.update(estimates).set({ status: "approved" }).where(eq(estimates.id, pending.id));
    await db.update(payments).set({ amount: 3_000 }).where(eq(payments.id, paid));
    await expectInStep(me);
    expect(await getAccountTotals(me)).toMatchObject({ scheduledJobs: 1, pendingEstimates: 0, collected: 4_000 });

    // Deletes, and the payments an invoice's delete takes with it.
    await deletePayment(me, paid);
    await db.delete(invoices).where(and(eq(invoices.accountId, me), eq(invoices.id, second.id)));
    await db.delete(estimates).where(eq(estimates.id, pending.id));
    await expectInStep(me);
    expect(await getAccountTotals(me)).toMatchObject({ invoices: 1, estimates: 1, collected: 0 });

    expect(await getAccountTotals(other)).toEqual(otherBefore);
    await expectInStep(other);

    // Clearing the account (the seed does) brings every total back to zero.
    await clearAccountData(db, me);
    await expectInStep(me);
    expect(Object.values(await getAccountTotals(me)).every((value) => value === 0)).toBe(true);
    await expectInStep(other);
  });

  it("the migration's backfill counts an account's rows as the triggers do", async () => {
    const db = await getDb();
    const me = await account();
    const customer = await createCustomer(db, me);
    await createJob(db, me, { customerId: customer.id, scheduledDate: new Date() });
    await createEstimate(db, me, { customerId: customer.id, status: "pending" });
    const invoice = await createInvoice(db, me, { customerId: customer.id, status: "pending" });
    await recordPayment(me, invoice.id, { amount: 700, method: "card" });
    const kept = await getAccountTotals(me);

    const migration = readFileSync(path.join(process.cwd(), "db/migrations/0014_account_totals.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((statement) => statement.includes("SELECT u.id"));
    expect(backfill).toBeDefined();
    const { client } = await getConnection();
    await db.delete(accountTotals).where(eq(accountTotals.accountId, me));
    // As it reads since migration 0019 renamed the account's column and table.
    const renamed = backfill!
      .trim()
      .replaceAll("user_id", "account_id")
      .replace(/FROM `users` u;$/, "FROM `accounts` u WHERE u.id = ?");
    await client.execute({ sql: renamed, args: [me] });
    expect(await getAccountTotals(me)).toEqual(kept);
    await expectInStep(me);
  });
});
