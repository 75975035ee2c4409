// The work runner's kinds (work-kinds.server.ts) at chosen instants, against the real database
// and a real SMTP server on loopback.
//
// Recurring invoices: each occurrence once, from 6:00 in the account's zone, every missed one
// caught up after downtime, none while paused, one invoice when two runners race, and with
// auto-send one e-mail (and so reminders); without an e-mail, a notification.
//
// Payment reminders of sent invoices: on their days from the due date, from 9:00 in the
// account's zone, once each, never for an invoice paid, excluded or never sent.
//
// Without APP_URL, the links of reminders, follow-ups and recurring invoices point at the
// address the account's people last signed in through (app/models/app-origin.server.ts); with
// neither, they wait. APP_URL still comes first.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { accountSettings, estimates, invoiceItems, invoices, notifications } from "#db/schema";
import type { RecurringInvoiceInput } from "~/lib/recurring-invoice-schema";
import { dayKey } from "~/lib/clock";
import {
  createRecurringInvoice,
  getRecurringInvoice,
  makeOccurrence,
  setRecurringInvoicePaused,
  updateRecurringInvoice,
} from "~/models/recurring-invoice.server";
import { apiInvoice, getInvoiceWithItems } from "~/models/invoice.server";
import { recordPayment } from "~/models/payment.server";
import { getSettings } from "~/models/settings.server";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "../../test/accounts";
import { decodeWords, findPart, parseMime } from "../../test/mime";
import { startSmtpServer } from "../../test/smtp-server";
import { recurringInvoiceKey } from "~/lib/work-keys";
import { recurringInvoices } from "#db/schema";
import { claimWork, runDueWork } from "~/infrastructure/work.server";
import { recordAppOrigin } from "~/models/app-origin.server";
import { estimateExpiryReminders, estimateFollowUps, invoiceReminders, recurringInvoiceWork } from "./work-kinds.server";

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
afterEach(() => {
  smtp.received.length = 0;
});

async function account(timeZone: string, email: string | null = "ana@example.com") {
  const { user } = await signedInAccount();
  const db = await getDb();
  await getSettings(user.id);
  await db
    .update(accountSettings)
    .set({ companyName: "Bluebonnet Electric", email: "office@bluebonnet.test", timeZone })
    .where(eq(accountSettings.accountId, user.id));
  const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email });
  const ids = new Set<string>();
  const schedule = async (input: Partial<RecurringInvoiceInput>, createdAt: string) => {
    const created = await createRecurringInvoice(
      user.id,
      {
        customerId: customer.id,
        title: "Furnace maintenance plan",
        description: null,
        notes: "Thank you",
        taxRate: 825,
        frequency: "monthly",
        startDate: "2027-01-31",
        endDate: null,
        count: null,
        autoSend: false,
        items: [
          { description: "Tune-up", quantity: 100, unitPrice: 8_000 },
          { description: "Filter", quantity: 200, unitPrice: 1_250 },
        ],
        ...input,
      },
      new Date(createdAt),
    );
    ids.add(created.id);
    return created;
  };
  const run = (iso: string, runnerId?: string) => runFor(ids, iso, runnerId);
  return { user, customer, schedule, run };
}

/** One pass of the runner at an instant: what it did, and the keys it did of these schedules only (the database is shared). */
async function runFor(ids: Set<string>, iso: string, runnerId = "test") {
  const pass = await runDueWork([recurringInvoiceWork], { now: new Date(iso), runnerId });
  return { ...pass, done: pass.done.filter((key) => ids.has(key.split(":")[1])) };
}

async function recurringIds(accountId: string) {
  const db = await getDb();
  const rows = await db
    .select({ id: recurringInvoices.id })
    .from(recurringInvoices)
    .where(eq(recurringInvoices.accountId, accountId));
  return new Set(rows.map((row) => row.id));
}

async function invoicesOf(accountId: string) {
  const db = await getDb();
  const rows = await db.select().from(invoices).where(eq(invoices.accountId, accountId)).orderBy(asc(invoices.createdAt));
  const { timeZone } = await getSettings(accountId);
  return rows.map((row) => ({ ...row, issued: dayKey(row.createdAt, timeZone) }));
}

describe("recurring invoices made by the runner", () => {
  it("makes each due invoice once, dated its occurrence, at 6:00 in the account's zone; a second pass makes nothing", async () => {
    const { user, customer, schedule, run } = await account("America/Chicago");
    const recurring = await schedule({}, "2027-01-10T15:00:00Z");

    // 5:59 on January 31 in Chicago (UTC-6): not yet.
    expect((await run("2027-01-31T11:59:00Z")).done).toEqual([]);
    const first = await run("2027-01-31T12:00:00Z");
    expect(first.done).toEqual([`recurring-invoice:${recurring.id}:2027-01-31`]);
    expect((await run("2027-01-31T12:01:00Z")).done).toEqual([]);

    const made = await invoicesOf(user.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      customerId: customer.id,
      title: "Furnace maintenance plan",
      status: "pending",
      issued: "2027-01-31",
      dueDate: "2027-03-02",
      subtotal: 10_500,
      taxRate: 825,
      taxAmount: 866,
      total: 11_366,
      notes: "Thank you",
      sentAt: null,
    });
    // Numbered in the account's invoice sequence like any other invoice (decision 031).
    expect(made[0].invoiceNumber).toBe("INV-0001");
    // The API's invoice date is the occurrence's.
    const api = await apiInvoice(user.id, (await getInvoiceWithItems(user.id, made[0].id))!);
    expect(api).toMatchObject({ issueDate: "2027-01-31", dueDate: "2027-03-02" });
    const db = await getDb();
    const lines = await db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, made[0].id))
      .orderBy(asc(invoiceItems.order));
    expect(lines.map((line) => [line.description, line.quantity, line.unitPrice, line.total])).toEqual([
      ["Tune-up", 100, 8_000, 8_000],
      ["Filter", 200, 1_250, 2_500],
    ]);
    expect(await getRecurringInvoice(user.id, recurring.id, new Date("2027-02-01T00:00:00Z"))).toMatchObject({
      invoicesMade: 1,
      lastMade: "2027-01-31",
      next: { n: 1, date: "2027-02-28" },
      status: "active",
    });
  });

  it("copies each line's taxable flag and discount onto the invoice it makes, with the totals of decision 019", async () => {
    const { user, schedule, run } = await account("UTC");
    await schedule(
      {
        items: [
          // 1.5 × 80.00 = 120.00, less 12.5%: 105.00; taxed.
          { description: "Tune-up", quantity: 150, unitPrice: 8_000, discountPercent: 1_250 },
          // A permit fee is not taxed.
          { description: "Permit fee", quantity: 100, unitPrice: 3_333, taxable: false },
          // 33.33% off 10.00 is 6.667, so 6.67; taxed.
          { description: "Filter", quantity: 100, unitPrice: 1_000, discountPercent: 3_333 },
        ],
      },
      "2027-01-10T15:00:00Z",
    );
    expect((await run("2027-01-31T06:00:00Z")).done).toHaveLength(1);
    const [made] = await invoicesOf(user.id);
    // Subtotal 105.00 + 33.33 + 6.67 = 145.00; tax 8.25% of 111.67 = 9.212775, so 9.21.
    expect(made).toMatchObject({ subtotal: 14_500, taxRate: 825, taxAmount: 921, total: 15_421 });
    const db = await getDb();
    const lines = await db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, made.id))
      .orderBy(asc(invoiceItems.order));
    expect(lines.map((line) => [line.description, line.taxable, line.discountPercent, line.total])).toEqual([
      ["Tune-up", true, 1_250, 10_500],
      ["Permit fee", false, 0, 3_333],
      ["Filter", true, 3_333, 667],
    ]);
    // The invoice's own totals, read again by the invoice model, are the same.
    const api = await apiInvoice(user.id, (await getInvoiceWithItems(user.id, made.id))!);
    expect(api).toMatchObject({ subtotal: "145.00", taxAmount: "9.21", total: "154.21" });
  });

  it("catches up every occurrence missed while nothing ran, each once, keeping month ends", async () => {
    const { user, schedule, run } = await account("UTC");
    const recurring = await schedule({ startDate: "2028-01-31" }, "2028-01-01T00:00:00Z");
    // Down from before January 31 until April 15.
    const run1 = await run("2028-04-15T00:00:00Z");
    expect(run1.done).toHaveLength(3);
    expect((await invoicesOf(user.id)).map((invoice) => invoice.issued)).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
    expect((await run("2028-04-15T00:01:00Z")).done).toEqual([]);
    const run2 = await run("2028-07-01T00:00:00Z");
    expect(run2.done).toEqual([
      `recurring-invoice:${recurring.id}:2028-04-30`,
      `recurring-invoice:${recurring.id}:2028-05-31`,
      `recurring-invoice:${recurring.id}:2028-06-30`,
    ]);
    expect(await invoicesOf(user.id)).toHaveLength(6);
  });

  it("two runners at once make one invoice per occurrence", async () => {
    const { user, schedule, run } = await account("UTC");
    await schedule({ startDate: "2027-03-01", frequency: "weekly" }, "2027-02-01T00:00:00Z");
    const [a, b] = await Promise.all([run("2027-03-15T07:00:00Z", "runner-a"), run("2027-03-15T07:00:00Z", "runner-b")]);
    expect(a.done.length + b.done.length).toBe(3);
    expect((await invoicesOf(user.id)).map((invoice) => invoice.issued)).toEqual(["2027-03-01", "2027-03-08", "2027-03-15"]);
  });

  it("makes an occurrence's invoice once even without the runner's claim (a crash after the invoice was written)", async () => {
    const { user, schedule, run } = await account("UTC");
    const recurring = await schedule({}, "2027-01-01T00:00:00Z");
    const results = await Promise.all([
      makeOccurrence(user.id, recurring.id, "2027-01-31"),
      makeOccurrence(user.id, recurring.id, "2027-01-31"),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["created", "exists"]);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    // The runner finds the occurrence made (as after a crash before its claim was marked done).
    expect((await run("2027-02-01T00:00:00Z")).done).toEqual([]);
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });

  it("stops after its number of invoices or its end date", async () => {
    const counted = await account("UTC");
    await counted.schedule({ count: 2 }, "2027-01-01T00:00:00Z");
    await counted.run("2027-12-31T00:00:00Z");
    expect(await invoicesOf(counted.user.id)).toHaveLength(2);
    const ending = await account("UTC");
    const recurring = await ending.schedule({ endDate: "2027-03-31", frequency: "monthly" }, "2027-01-01T00:00:00Z");
    await ending.run("2027-12-31T00:00:00Z");
    expect((await invoicesOf(ending.user.id)).map((invoice) => invoice.issued)).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
    ]);
    expect((await getRecurringInvoice(ending.user.id, recurring.id, new Date("2027-12-31T00:00:00Z")))?.status).toBe("ended");
  });

  it("makes nothing while paused; occurrences that fell while paused are skipped, not caught up", async () => {
    const { user, schedule, run } = await account("UTC");
    const recurring = await schedule({}, "2027-01-01T00:00:00Z");
    await run("2027-02-01T00:00:00Z");
    await setRecurringInvoicePaused(user.id, recurring.id, true, new Date("2027-02-01T00:00:00Z"));
    expect((await run("2027-04-15T00:00:00Z")).done).toEqual([]);
    expect((await getRecurringInvoice(user.id, recurring.id, new Date("2027-04-15T00:00:00Z")))?.status).toBe("paused");
    await setRecurringInvoicePaused(user.id, recurring.id, false, new Date("2027-04-15T00:00:00Z"));
    await run("2027-05-01T00:00:00Z");
    // February 28 and March 31 fell while paused.
    expect((await invoicesOf(user.id)).map((invoice) => invoice.issued)).toEqual(["2027-01-31", "2027-04-30"]);
  });

  it("an edit changes the invoices still to come, not the ones made", async () => {
    const { user, schedule, run } = await account("UTC");
    const recurring = await schedule({}, "2027-01-01T00:00:00Z");
    await run("2027-02-01T00:00:00Z");
    await updateRecurringInvoice(
      user.id,
      recurring.id,
      {
        customerId: recurring.customerId,
        title: "Premium plan",
        description: null,
        notes: null,
        taxRate: 0,
        frequency: "monthly",
        startDate: "2027-01-31",
        endDate: null,
        count: null,
        autoSend: false,
        items: [{ description: "Premium visit", quantity: 100, unitPrice: 20_000 }],
      },
      new Date("2027-02-10T00:00:00Z"),
    );
    await run("2027-03-01T00:00:00Z");
    const made = await invoicesOf(user.id);
    expect(made.map((invoice) => [invoice.issued, invoice.title, invoice.total])).toEqual([
      ["2027-01-31", "Furnace maintenance plan", 11_366],
      ["2027-02-28", "Premium plan", 20_000],
    ]);
  });

  it("at UTC+14 and UTC-11, around 6:00 local", async () => {
    const east = await account("Pacific/Kiritimati");
    await east.schedule({ startDate: "2027-01-15", frequency: "yearly" }, "2027-01-01T00:00:00Z");
    // 5:59 on January 15 in Kiritimati is 15:59 on January 14 in UTC.
    expect((await east.run("2027-01-14T15:59:00Z")).done).toEqual([]);
    expect((await east.run("2027-01-14T16:00:00Z")).done).toHaveLength(1);
    expect((await invoicesOf(east.user.id))[0].issued).toBe("2027-01-15");

    const west = await account("Pacific/Pago_Pago");
    await west.schedule({ startDate: "2027-01-15", frequency: "yearly" }, "2027-01-01T00:00:00Z");
    // Noon UTC on January 15 is 1:00 in Pago Pago: not yet; 6:00 there is 17:00 UTC.
    expect((await west.run("2027-01-15T16:59:00Z")).done).toEqual([]);
    expect((await west.run("2027-01-15T17:00:00Z")).done).toHaveLength(1);
    expect((await invoicesOf(west.user.id))[0].issued).toBe("2027-01-15");
  });

  it("on the days Chicago's clocks change", async () => {
    const { user, schedule, run } = await account("America/Chicago");
    await schedule({ startDate: "2027-03-14", frequency: "weekly", count: 1 }, "2027-03-01T00:00:00Z");
    // March 14, 2027: clocks go forward at 2:00; 6:00 CDT is 11:00 UTC.
    expect((await run("2027-03-14T10:59:00Z")).done).toEqual([]);
    expect((await run("2027-03-14T11:00:00Z")).done).toHaveLength(1);
    const fall = await account("America/Chicago");
    await fall.schedule({ startDate: "2027-11-07", frequency: "weekly", count: 1 }, "2027-11-01T00:00:00Z");
    // November 7, 2027: clocks go back at 2:00; 6:00 CST is 12:00 UTC.
    expect((await fall.run("2027-11-07T11:59:00Z")).done).toEqual([]);
    expect((await fall.run("2027-11-07T12:00:00Z")).done).toHaveLength(1);
    expect((await invoicesOf(user.id))[0].issued).toBe("2027-03-14");
    expect((await invoicesOf(fall.user.id))[0].issued).toBe("2027-11-07");
  });
});

describe("auto-send", () => {
  it("e-mails each invoice once over SMTP, which then gets payment reminders", async () => {
    const { user, schedule, run } = await account("UTC");
    const db = await getDb();
    await db
      .update(accountSettings)
      .set({ remindersEnabled: true, reminderSteps: "0" })
      .where(eq(accountSettings.accountId, user.id));
    await schedule({ autoSend: true, startDate: "2027-01-31" }, "2027-01-01T00:00:00Z");
    await run("2027-01-31T06:00:00Z");
    await run("2027-01-31T07:00:00Z");
    expect(smtp.received).toHaveLength(1);
    const [invoice] = await invoicesOf(user.id);
    const subject = decodeWords(parseMime(smtp.received[0].raw).headers.get("subject") ?? "");
    expect(subject).toContain(invoice.invoiceNumber);
    expect(smtp.received[0].to).toEqual(["ana@example.com"]);
    expect(invoice.sentAt).not.toBeNull();
    expect(invoice.sentTo).toBe("ana@example.com");

    // Sent, so its reminder on the due date (step 0, 9:00) goes out.
    const reminders = await runDueWork([invoiceReminders], { now: new Date("2027-03-02T09:30:00Z"), runnerId: "test" });
    expect(reminders.done).toEqual([`invoice-reminder:${invoice.id}:0:2027-03-02`]);
    expect(smtp.received).toHaveLength(2);
  });

  it("an invoice made and not sent (the mail server down, or the runner killed) is sent by a later pass, once", async () => {
    const { user, schedule, run } = await account("UTC");
    await schedule({ autoSend: true, startDate: "2027-01-31", frequency: "weekly" }, "2027-01-01T00:00:00Z");
    // The mail server is down: the invoice is made, its e-mail fails.
    config.SMTP_URL = "smtp://127.0.0.1:1";
    try {
      const failed = await run("2027-01-31T06:00:00Z");
      expect(failed.failed).toHaveLength(1);
    } finally {
      config.SMTP_URL = smtp.url;
    }
    expect((await invoicesOf(user.id)).map((invoice) => invoice.sentAt)).toEqual([null]);
    // Before the pause after a failure, nothing; after it, the e-mail goes out, and only once.
    expect((await run("2027-01-31T06:10:00Z")).done).toEqual([]);
    expect((await run("2027-01-31T06:16:00Z")).done).toHaveLength(1);
    expect((await run("2027-01-31T07:00:00Z")).done).toEqual([]);
    expect(smtp.received).toHaveLength(1);
    const [invoice] = await invoicesOf(user.id);
    expect(invoice.sentAt).not.toBeNull();

    // A runner that dies after making the next one: another runner sends it once its lease is over.
    const next = "2027-02-07";
    await claimWork(
      recurringInvoiceKey([...(await recurringIds(user.id))][0], next),
      "recurring-invoice",
      "dead",
      new Date("2027-02-07T06:00:00Z"),
    );
    await makeOccurrence(user.id, [...(await recurringIds(user.id))][0], next);
    expect((await run("2027-02-07T06:01:00Z")).done).toEqual([]);
    expect((await run("2027-02-07T06:06:00Z")).done).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);
    expect((await invoicesOf(user.id)).map((made) => made.sentAt !== null)).toEqual([true, true]);
  });

  it("without a customer e-mail, makes the invoice and tells the contractor", async () => {
    const { user, schedule, run } = await account("UTC", null);
    await schedule({ autoSend: true, startDate: "2027-01-31", title: "Pool service" }, "2027-01-01T00:00:00Z");
    await run("2027-01-31T06:00:00Z");
    expect(smtp.received).toEqual([]);
    const [invoice] = await invoicesOf(user.id);
    expect(invoice.sentAt).toBeNull();
    const db = await getDb();
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, user.id), eq(notifications.type, "recurring_invoice")));
    expect(told).toHaveLength(1);
    expect(told[0].message).toContain(invoice.invoiceNumber);
    expect(told[0].message).toContain("no e-mail address");
  });
});

/** An account with reminders on (or off), its customer, and its invoices: due Dec 10, 2026, sent on Nov 20 unless told otherwise. */
async function reminderAccount(options: { reminders?: boolean } = {}) {
  const { user } = await signedInAccount();
  const db = await getDb();
  await getSettings(user.id);
  await db
    .update(accountSettings)
    .set({
      companyName: "Bluebonnet Electric",
      email: "office@bluebonnet.test",
      timeZone: "America/Chicago",
      remindersEnabled: options.reminders ?? true,
    })
    .where(eq(accountSettings.accountId, user.id));
  const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
  const invoice = async (fields: { sent?: boolean; remindersOff?: boolean } = {}) => {
    const created = await createInvoice(db, user.id, {
      customerId: customer.id,
      taxRate: 0,
      dueDate: "2026-12-10",
      items: [{ description: "Panel", quantity: 100, unitPrice: 50_000 }],
    });
    await db
      .update(invoices)
      .set({
        sentAt: fields.sent === false ? null : new Date("2026-11-20T16:00:00Z"),
        sentTo: "ana@example.com",
        remindersOff: fields.remindersOff ?? false,
      })
      .where(eq(invoices.id, created.id));
    return created;
  };
  return { user, invoice };
}

const runReminders = (iso: string) => runDueWork([invoiceReminders], { now: new Date(iso), runnerId: "test" });
const subjects = () => smtp.received.map((mail) => decodeWords(parseMime(mail.raw).headers.get("subject") ?? ""));

describe("payment reminders", () => {
  it("go out on their days from 9:00 in the account's zone, once each, with the balance still due, and stop when paid", async () => {
    const { user, invoice } = await reminderAccount();
    const sent = await invoice();
    await recordPayment(user.id, sent.id, { amount: 20_000, method: "check" }, { notify: false });

    // 3 days before the due date, 8:00 in Chicago: not yet.
    await runReminders("2026-12-07T14:00:00Z");
    expect(subjects()).toEqual([]);
    // 9:05 in Chicago.
    const first = await runReminders("2026-12-07T15:05:00Z");
    expect(first.done).toHaveLength(1);
    expect(subjects()).toEqual([`Reminder: invoice ${sent.invoiceNumber} from Bluebonnet Electric is due on Dec 10, 2026`]);
    const text = findPart(parseMime(smtp.received[0].raw), "text/plain")!.body.toString("utf8");
    expect(text).toContain("Amount due: $300.00");
    expect(text).toContain("https://tradedesk.example/i/");
    // The runner again, the same day: nothing more.
    expect((await runReminders("2026-12-07T20:00:00Z")).done).toEqual([]);
    expect(smtp.received).toHaveLength(1);

    await runReminders("2026-12-10T15:30:00Z");
    expect(subjects().at(-1)).toBe(`Invoice ${sent.invoiceNumber} from Bluebonnet Electric is due today`);
    await runReminders("2026-12-17T15:30:00Z");
    expect(subjects().at(-1)).toBe(`Overdue: invoice ${sent.invoiceNumber} from Bluebonnet Electric`);
    expect(smtp.received).toHaveLength(3);

    // Paid in full: the +14 reminder never goes.
    await recordPayment(user.id, sent.id, { amount: 30_000, method: "cash" }, { notify: false });
    await runReminders("2026-12-24T15:30:00Z");
    expect(smtp.received).toHaveLength(3);
  });

  it("none for an invoice never e-mailed, one excluded when sent, or an account with reminders off", async () => {
    const on = await reminderAccount();
    await on.invoice({ sent: false });
    await on.invoice({ remindersOff: true });
    const off = await reminderAccount({ reminders: false });
    await off.invoice();
    await runReminders("2026-12-10T16:00:00Z");
    expect(smtp.received).toEqual([]);
  });
});

describe("links without APP_URL", () => {
  /** With APP_URL unset for the duration of `body`. */
  async function withoutAppUrl(body: () => Promise<void>) {
    config.APP_URL = undefined;
    try {
      await body();
    } finally {
      config.APP_URL = "https://tradedesk.example";
    }
  }
  // The contractor signed in through Fly's proxy: http to the app, https to the browser.
  const signIn = (accountId: string) =>
    recordAppOrigin(
      accountId,
      new Request("http://pro-electric.example/login", { method: "POST", headers: { "X-Forwarded-Proto": "https" } }),
    );
  const textOf = (mail: { raw: string | Buffer }) => findPart(parseMime(mail.raw), "text/plain")!.body.toString("utf8");

  it("payment reminders wait until the address is known, then link to the one the contractor signed in through", async () => {
    await withoutAppUrl(async () => {
      const { user, invoice } = await reminderAccount();
      const sent = await invoice();
      const key = `invoice-reminder:${sent.id}:-3:2026-12-10`;
      // 9:05 in Chicago, 3 days before the due date: due, but nowhere to link to.
      expect((await runReminders("2026-12-07T15:05:00Z")).done).toEqual([]);
      expect(smtp.received).toEqual([]);

      await signIn(user.id);
      expect((await runReminders("2026-12-07T15:06:00Z")).done).toEqual([key]);
      expect(smtp.received).toHaveLength(1);
      expect(textOf(smtp.received[0])).toContain("https://pro-electric.example/i/");
      expect(textOf(smtp.received[0])).not.toContain("tradedesk.example");
    });
  });

  it("APP_URL still wins over the stored address", async () => {
    const { user, invoice } = await reminderAccount();
    const sent = await invoice();
    // Due on a day of its own, so no other test's invoice has a reminder on that pass.
    const db = await getDb();
    await db.update(invoices).set({ dueDate: "2027-06-10" }).where(eq(invoices.id, sent.id));
    await signIn(user.id);
    expect((await runReminders("2027-06-07T14:05:00Z")).done).toEqual([`invoice-reminder:${sent.id}:-3:2027-06-10`]);
    expect(smtp.received).toHaveLength(1);
    expect(textOf(smtp.received[0])).toContain("https://tradedesk.example/i/");
    expect(textOf(smtp.received[0])).not.toContain("pro-electric.example");
  });

  it("an estimate follow-up links to the stored address, and waits for an account without one", async () => {
    await withoutAppUrl(async () => {
      const db = await getDb();
      const estimateSent = async () => {
        const { user } = await signedInAccount();
        await getSettings(user.id);
        await db
          .update(accountSettings)
          .set({ companyName: "Bluebonnet Electric", email: "office@bluebonnet.test", estimateFollowUpDays: 3 })
          .where(eq(accountSettings.accountId, user.id));
        const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
        const estimate = await createEstimate(db, user.id, {
          customerId: customer.id,
          items: [{ description: "Panel", quantity: 100, unitPrice: 50_000 }],
        });
        await db
          .update(estimates)
          .set({ status: "pending", validUntil: null, sentAt: new Date("2026-06-01T12:00:00Z"), sentTo: "ana@example.com" })
          .where(eq(estimates.id, estimate.id));
        return { user, estimate };
      };
      const known = await estimateSent();
      const unknown = await estimateSent();
      await signIn(known.user.id);

      const pass = await runDueWork([estimateFollowUps], { now: new Date("2026-06-05T12:00:00Z"), runnerId: "test" });
      expect(pass.done).toEqual([`estimate-follow-up:${known.estimate.id}`]);
      expect(smtp.received).toHaveLength(1);
      expect(textOf(smtp.received[0])).toContain("https://pro-electric.example/e/");

      // The other account signs in: its follow-up goes at the next pass.
      await signIn(unknown.user.id);
      const next = await runDueWork([estimateFollowUps], { now: new Date("2026-06-05T12:01:00Z"), runnerId: "test" });
      expect(next.done).toEqual([`estimate-follow-up:${unknown.estimate.id}`]);
      expect(smtp.received).toHaveLength(2);
    });
  });

  it("accounts without an address never fill the follow-up and expiry queries: one with an address is served in the first pass", async () => {
    await withoutAppUrl(async () => {
      const db = await getDb();
      const estimateSent = async (sentAt: string, validUntil: string) => {
        const { user } = await signedInAccount();
        await getSettings(user.id);
        await db
          .update(accountSettings)
          .set({ companyName: "Bluebonnet Electric", email: "office@bluebonnet.test", estimateFollowUpDays: 3 })
          .where(eq(accountSettings.accountId, user.id));
        const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
        const estimate = await createEstimate(db, user.id, {
          customerId: customer.id,
          items: [{ description: "Panel", quantity: 100, unitPrice: 50_000 }],
        });
        await db
          .update(estimates)
          .set({ status: "pending", validUntil, sentAt: new Date(sentAt), sentTo: "ana@example.com" })
          .where(eq(estimates.id, estimate.id));
        return { user, estimate };
      };
      // More due estimates than a pass takes (200), older and expiring sooner, of an account
      // nobody has signed in to: each waits for an address, and must not hold up the others.
      // (In 2027: the e-mail itself checks validity against today.)
      const waiting = await estimateSent("2027-08-01T12:00:00Z", "2027-08-20");
      const [row] = await db.select().from(estimates).where(eq(estimates.id, waiting.estimate.id));
      const copies = Array.from({ length: 205 }, (_, i) => ({
        ...row,
        id: crypto.randomUUID(),
        estimateNumber: `WAIT-${i + 1}`,
      }));
      for (let start = 0; start < copies.length; start += 50) await db.insert(estimates).values(copies.slice(start, start + 50));
      const served = await estimateSent("2027-08-02T12:00:00Z", "2027-08-21");
      await signIn(served.user.id);
      try {
        const followUps = await runDueWork([estimateFollowUps], { now: new Date("2027-08-18T12:00:00Z"), runnerId: "test" });
        expect(followUps.done).toEqual([`estimate-follow-up:${served.estimate.id}`]);
        const expiry = await runDueWork([estimateExpiryReminders], { now: new Date("2027-08-19T12:00:00Z"), runnerId: "test" });
        expect(expiry.done).toEqual([`estimate-expiry:${served.estimate.id}:2027-08-21`]);
        expect(smtp.received).toHaveLength(2);
        expect(textOf(smtp.received[0])).toContain("https://pro-electric.example/e/");
      } finally {
        // Answered, so no later pass (with APP_URL set again) sends them.
        await db.update(estimates).set({ status: "rejected" }).where(eq(estimates.accountId, waiting.user.id));
      }
    });
  });

  it("a recurring invoice is e-mailed with the stored address, and only made (the contractor told) without one", async () => {
    await withoutAppUrl(async () => {
      const known = await account("UTC");
      await signIn(known.user.id);
      await known.schedule({ autoSend: true, startDate: "2027-01-31" }, "2027-01-01T00:00:00Z");
      await known.run("2027-01-31T06:00:00Z");
      expect(smtp.received).toHaveLength(1);
      expect(textOf(smtp.received[0])).toContain("https://pro-electric.example/i/");
      expect((await invoicesOf(known.user.id))[0].sentAt).not.toBeNull();

      const unknown = await account("UTC");
      await unknown.schedule({ autoSend: true, startDate: "2027-01-31" }, "2027-01-01T00:00:00Z");
      await unknown.run("2027-01-31T06:00:00Z");
      expect(smtp.received).toHaveLength(1);
      expect((await invoicesOf(unknown.user.id))[0].sentAt).toBeNull();
      const db = await getDb();
      const told = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, unknown.user.id), eq(notifications.type, "recurring_invoice")));
      expect(told).toHaveLength(1);
      expect(told[0].message).toContain("APP_URL");
    });
  });
});
