// Late charges on overdue invoices: the accrued charge, one per month past due held by the
// database, and the reminder day that adds it (two runner passes, one charge).
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createInvoice } from "#db/factories";
import { accountSettings, invoices, lateCharges } from "#db/schema";
import { setNow } from "~/lib/clock";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { runDueWork } from "~/infrastructure/work.server";
import { invoiceReminders } from "~/services/work-kinds.server";
import { signedInAccount } from "../../test/accounts";
import { findPart, parseMime } from "../../test/mime";
import { startSmtpServer } from "../../test/smtp-server";
import { getInvoiceWithItems } from "./invoice.server";
import { addLateCharge, invoiceLateCharge } from "./late-charge.server";
import { getSettings } from "./settings.server";

async function overdueInvoice(settings: Partial<typeof accountSettings.$inferInsert> = {}) {
  const { user } = await signedInAccount();
  const db = await getDb();
  await getSettings(user.id);
  await db
    .update(accountSettings)
    .set({ timeZone: "America/Chicago", ...settings })
    .where(eq(accountSettings.accountId, user.id));
  const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
  const invoice = await createInvoice(db, user.id, {
    customerId: customer.id,
    taxRate: 825,
    dueDate: "2026-10-15",
    status: "pending",
    items: [{ description: "Panel", quantity: 100, unitPrice: 100_000 }],
  });
  return { user, invoice, db };
}

afterEach(() => setNow(null));

describe("late charges", () => {
  it("adds the accrued charge once per month past due; the total and balance follow", async () => {
    const { user, invoice } = await overdueInvoice();
    // Total 1,082.50; on November 20 in Chicago the invoice is one whole month past due.
    setNow("2026-11-20T18:00:00Z");
    expect(await invoiceLateCharge(user.id, invoice.id)).toMatchObject({ month: 1, months: 1, amount: 1_624, overdue: true });
    expect(await addLateCharge(user.id, invoice.id)).toEqual({ status: "added", amount: 1_624, month: 1 });
    const after = await getInvoiceWithItems(user.id, invoice.id);
    expect(after).toMatchObject({ subtotal: 101_624, taxAmount: invoice.taxAmount, total: 108_250 + 1_624 });
    expect(after?.items.at(-1)).toMatchObject({ quantity: 100, unitPrice: 1_624, total: 1_624 });
    expect(after?.items.at(-1)?.description).toContain("1.5%");

    // Again the same month: refused, nothing changed; two at once on the next month: one.
    expect(await addLateCharge(user.id, invoice.id)).toEqual({ status: "already-charged", month: 1 });
    expect((await getInvoiceWithItems(user.id, invoice.id))?.total).toBe(109_874);
    setNow("2026-12-16T18:00:00Z");
    const both = await Promise.all([addLateCharge(user.id, invoice.id), addLateCharge(user.id, invoice.id)]);
    expect(both.map((r) => r.status).sort()).toEqual(["added", "already-charged"]);
    // 1.5% of 1,098.74 is 16.4811: 16.48.
    expect((await getInvoiceWithItems(user.id, invoice.id))?.total).toBe(109_874 + 1_648);
  });

  it("charges nothing at 0%, before a whole month, on a paid invoice, nor for another account", async () => {
    const off = await overdueInvoice({ lateChargeRate: 0 });
    setNow("2026-12-20T18:00:00Z");
    expect(await addLateCharge(off.user.id, off.invoice.id)).toEqual({ status: "nothing-due" });
    const early = await overdueInvoice();
    // 05:30 UTC on November 15 is still November 14 in Chicago: not a whole month yet.
    setNow("2026-11-15T05:30:00Z");
    expect(await addLateCharge(early.user.id, early.invoice.id)).toEqual({ status: "nothing-due" });
    setNow("2026-11-15T06:30:00Z");
    const other = await signedInAccount();
    expect(await addLateCharge(other.user.id, early.invoice.id)).toEqual({ status: "not-found" });
    await early.db
      .update(invoices)
      .set({ status: "paid", amountPaid: early.invoice.total })
      .where(eq(invoices.id, early.invoice.id));
    expect(await addLateCharge(early.user.id, early.invoice.id)).toEqual({ status: "nothing-due" });
    expect(await early.db.select().from(lateCharges).where(eq(lateCharges.invoiceId, early.invoice.id))).toEqual([]);
  });
});

describe("a reminder day with the late charge", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const config = env();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    config.SMTP_URL = smtp.url;
    config.APP_URL = "https://tradedesk.example";
  });
  afterAll(async () => {
    config.SMTP_URL = undefined;
    config.APP_URL = undefined;
    await smtp.close();
  });

  it("adds the month's charge before the e-mail, once over two passes and two runners", async () => {
    const { user, invoice, db } = await overdueInvoice({ reminderSteps: "-3,0,7,14,35", reminderLateChargeSteps: "35" });
    await db
      .update(invoices)
      .set({ sentAt: new Date("2026-10-01T16:00:00Z"), sentTo: "ana@example.com" })
      .where(eq(invoices.id, invoice.id));
    // October 15 + 35 days is November 19; 9:05 in Chicago.
    const at = new Date("2026-11-19T15:05:00Z");
    setNow(at);
    await Promise.all([
      runDueWork([invoiceReminders], { now: at, runnerId: "one" }),
      runDueWork([invoiceReminders], { now: at, runnerId: "two" }),
    ]);
    await runDueWork([invoiceReminders], { now: new Date("2026-11-19T16:00:00Z"), runnerId: "three" });
    const charges = await db.select().from(lateCharges).where(eq(lateCharges.invoiceId, invoice.id));
    expect(charges.map((c) => [c.month, c.amount])).toEqual([[1, 1_624]]);
    expect((await getInvoiceWithItems(user.id, invoice.id))?.total).toBe(108_250 + 1_624);
    expect(smtp.received).toHaveLength(1);
    // The e-mail shows the new balance.
    expect(findPart(parseMime(smtp.received[0].raw), "text/plain")!.body.toString("utf8")).toContain("1,098.74");
  });
});
