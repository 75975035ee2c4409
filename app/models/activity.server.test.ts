// The history of an invoice and of an estimate, collected from the rows that record it: a
// real libSQL file, the real models that write those rows, the real work claims.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { invoices } from "#db/schema";
import type { ActivityEvent } from "~/lib/activity";
import { now as clockNow, setNow } from "~/lib/clock";
import { estimateFollowUpKey, invoiceReminderKey } from "~/lib/work-keys";
import { getDb } from "~/infrastructure/db.server";
import { claimWork, finishWork } from "~/infrastructure/work.server";
import { signedInAccount } from "../../test/accounts";
import { activityFor } from "./activity.server";
import { markEstimateSent } from "./estimate.server";
import { getOrCreateInvoiceShareLink, recordInvoiceShareView } from "./invoice-share.server";
import { createInvoiceFromEstimate, markInvoiceSent } from "./invoice.server";
import { addLateCharge } from "./late-charge.server";
import { deletePayment, recordDeposit, recordPayment } from "./payment.server";
import { decideSharedEstimate, getOrCreateShareLink, recordShareView } from "./share.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const types = (events: ActivityEvent[]) => events.map((event) => event.type);

async function doneClaim(key: string, kind: string, at: Date) {
  expect(await claimWork(key, kind, "test-runner", at)).toBe(true);
  await finishWork(key, "test-runner", at);
}

describe("activityFor an invoice", () => {
  it("created from its estimate, sent, payments, reminders done, link made and opened, paid; oldest first", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    const T0 = clockNow();
    const ago = (ms: number) => new Date(T0.getTime() - ms);
    const customer = await createCustomer(db, user.id, { email: "ana@example.com" });
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, status: "approved" });
    const invoice = await createInvoice(db, user.id, {
      customerId: customer.id,
      estimateId: estimate.id,
      status: "pending",
      taxRate: 0,
      dueDate: "2026-01-31",
      createdAt: ago(10 * DAY),
      items: [{ description: "Panel", quantity: 100, unitPrice: 100_000 }],
    });
    await markInvoiceSent(user.id, invoice.id, "ana@example.com", { at: ago(9 * DAY) });
    // Sent again later (a reminder): the first send stays the one shown.
    await markInvoiceSent(user.id, invoice.id, "ana@example.com", { at: ago(2 * DAY) });
    const deposit = await recordPayment(
      user.id,
      invoice.id,
      { amount: 30_000, method: "check", receivedAt: ago(5 * DAY), reference: "1042" },
      { notify: false },
    );
    expect(deposit.status).toBe("recorded");
    const mistake = await recordPayment(user.id, invoice.id, { amount: 1_000, method: "cash", receivedAt: ago(4 * DAY) });
    if (mistake.status !== "recorded") throw new Error(mistake.status);
    await deletePayment(user.id, mistake.payment.id);
    await doneClaim(invoiceReminderKey(invoice.id, 7, "2026-01-31"), "invoice-reminder", ago(3 * DAY));
    // Claimed but not done (the mail server refused it): not in the history.
    expect(await claimWork(invoiceReminderKey(invoice.id, 14, "2026-01-31"), "invoice-reminder", "r", ago(DAY))).toBe(true);
    const shared = await getOrCreateInvoiceShareLink(user.id, invoice.id);
    await recordInvoiceShareView(shared!.link.id, new Date(T0.getTime() + HOUR));
    const rest = await recordPayment(user.id, invoice.id, {
      amount: 70_000,
      method: "card",
      receivedAt: new Date(T0.getTime() + 2 * HOUR),
    });
    expect(rest.status).toBe("recorded");

    const activity = await activityFor(user.id, "invoice", invoice.id);
    expect(activity).toMatchObject({
      kind: "invoice",
      id: invoice.id,
      number: invoice.invoiceNumber,
      customerName: customer.name,
    });
    expect(types(activity!.events)).toEqual([
      "created",
      "sent",
      "payment",
      "reminder",
      "linkCreated",
      "viewed",
      "payment",
      "paid",
    ]);
    const [created, sent, check, reminder, , viewed, card, paid] = activity!.events;
    expect(created).toMatchObject({ at: ago(10 * DAY).getTime(), fromEstimate: estimate.estimateNumber });
    expect(sent).toMatchObject({ at: ago(9 * DAY).getTime(), to: "ana@example.com" });
    expect(check).toMatchObject({ amount: 30_000, method: "check", reference: "1042" });
    expect(reminder).toMatchObject({ step: 7, at: ago(3 * DAY).getTime() });
    expect(viewed).toMatchObject({ count: 1 });
    expect(card).toMatchObject({ amount: 70_000, method: "card" });
    expect(paid.at).toBe(card.at);
  });

  it("a new invoice has only its creation; another account's invoice is not found", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    const other = await signedInAccount();
    const customer = await createCustomer(db, user.id);
    const invoice = await createInvoice(db, user.id, { customerId: customer.id, status: "pending" });
    const activity = await activityFor(user.id, "invoice", invoice.id);
    expect(activity?.events).toEqual([{ id: "created", at: invoice.createdAt.getTime(), type: "created", fromEstimate: null }]);
    expect(await activityFor(other.user.id, "invoice", invoice.id)).toBeUndefined();
    // Not an estimate either.
    expect(await activityFor(user.id, "estimate", invoice.id)).toBeUndefined();
    expect(await activityFor(user.id, "invoice", "no-such-id")).toBeUndefined();
  });
});

describe("activityFor an estimate", () => {
  it("created, sent, followed up, link made, opened twice, approved with the signer, invoiced", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    const T0 = clockNow();
    const at = (offset: number) => new Date(T0.getTime() + offset);
    const customer = await createCustomer(db, user.id, { email: "ana@example.com" });
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, status: "pending", createdAt: at(-10 * DAY) });
    await markEstimateSent(user.id, estimate.id, "ana@example.com", { at: at(-9 * DAY) });
    await doneClaim(estimateFollowUpKey(estimate.id), "estimate-follow-up", at(-6 * DAY));
    const { link } = (await getOrCreateShareLink(user.id, estimate.id))!;
    await recordShareView(link.id, at(HOUR));
    await recordShareView(link.id, at(2 * HOUR));
    expect(
      await decideSharedEstimate(link.token, { kind: "approve", signature: "Ana García", message: "Go ahead" }, at(3 * HOUR)),
    ).toMatchObject({ status: "approved" });
    const made = await createInvoiceFromEstimate(user.id, estimate.id);
    if (made.status !== "created") throw new Error(made.status);
    await db
      .update(invoices)
      .set({ createdAt: at(4 * HOUR) })
      .where(eq(invoices.id, made.invoice.id));

    const activity = await activityFor(user.id, "estimate", estimate.id);
    expect(activity).toMatchObject({ kind: "estimate", number: estimate.estimateNumber });
    expect(types(activity!.events)).toEqual([
      "created",
      "sent",
      "followUp",
      "linkCreated",
      "viewed",
      "lastViewed",
      "approved",
      "invoiced",
    ]);
    const byType = Object.fromEntries(activity!.events.map((event) => [event.type, event]));
    expect(byType.viewed).toMatchObject({ count: 2, at: at(HOUR).getTime() });
    expect(byType.approved).toMatchObject({ by: "Ana García", at: at(3 * HOUR).getTime() });
    expect(byType.invoiced).toMatchObject({ invoiceNumber: made.invoice.invoiceNumber });
    // The invoice made from it names it.
    const invoiceActivity = await activityFor(user.id, "invoice", made.invoice.id);
    expect(invoiceActivity?.events[0]).toMatchObject({ type: "created", fromEstimate: estimate.estimateNumber });
  });

  it("a decline with the name and reason the customer gave", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    const customer = await createCustomer(db, user.id);
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, status: "pending" });
    const { link } = (await getOrCreateShareLink(user.id, estimate.id))!;
    await decideSharedEstimate(link.token, { kind: "decline", name: "Bo", reason: "Too dear" });
    const activity = await activityFor(user.id, "estimate", estimate.id);
    expect(activity?.events.at(-1)).toMatchObject({ type: "declined", by: "Bo", reason: "Too dear" });
  });
});

describe("activityFor deposits and late charges", () => {
  it("the estimate tells each deposit; its invoice tells the carried deposit as the deposit, and each late charge", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    try {
      setNow("2026-09-01T12:00:00Z");
      const customer = await createCustomer(db, user.id);
      const estimate = await createEstimate(db, user.id, {
        customerId: customer.id,
        status: "approved",
        taxRate: 0,
        items: [{ description: "Panel", quantity: 100, unitPrice: 100_000 }],
      });
      const first = await recordDeposit(
        user.id,
        estimate.id,
        { amount: 20_000, method: "check", receivedAt: new Date("2026-09-02T10:00:00Z"), reference: "311" },
        { manual: true },
      );
      expect(first.status).toBe("recorded");
      expect(
        (
          await recordDeposit(user.id, estimate.id, {
            amount: 5_000,
            method: "cash",
            receivedAt: new Date("2026-09-03T10:00:00Z"),
          })
        ).status,
      ).toBe("recorded");
      const made = await createInvoiceFromEstimate(user.id, estimate.id);
      if (made.status !== "created") throw new Error(made.status);
      await db
        .update(invoices)
        .set({ dueDate: "2026-09-30", createdAt: new Date("2026-09-04T12:00:00Z") })
        .where(eq(invoices.id, made.invoice.id));
      setNow("2026-11-05T12:00:00Z");
      expect(await addLateCharge(user.id, made.invoice.id)).toMatchObject({ status: "added", month: 1 });
      setNow("2026-12-05T12:00:00Z");
      expect(await addLateCharge(user.id, made.invoice.id)).toMatchObject({ status: "added", month: 2 });

      const estimateEvents = (await activityFor(user.id, "estimate", estimate.id))!.events;
      expect(estimateEvents.filter((event) => event.type === "deposit")).toEqual([
        expect.objectContaining({ amount: 20_000, method: "check", reference: "311", at: Date.parse("2026-09-02T10:00:00Z") }),
        expect.objectContaining({ amount: 5_000, method: "cash", at: Date.parse("2026-09-03T10:00:00Z") }),
      ]);

      const invoiceEvents = (await activityFor(user.id, "invoice", made.invoice.id))!.events;
      // The deposits came before the invoice and keep their place; no plain "payment" for them.
      expect(types(invoiceEvents)).toEqual(["deposit", "deposit", "created", "lateCharge", "lateCharge"]);
      const charges = invoiceEvents.filter((event) => event.type === "lateCharge");
      // 1.5% of the $750.00 balance, then of $761.25.
      expect(charges).toMatchObject([
        { month: 1, amount: 1_125, at: Date.parse("2026-11-05T12:00:00Z") },
        { month: 2, amount: 1_142, at: Date.parse("2026-12-05T12:00:00Z") },
      ]);
      // Another account sees none of it.
      const other = await signedInAccount();
      expect(await activityFor(other.user.id, "invoice", made.invoice.id)).toBeUndefined();
    } finally {
      setNow(null);
    }
  });
});
