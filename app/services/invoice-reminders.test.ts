// Payment reminders of sent invoices, done by the work runner at chosen instants against the
// real database and a real SMTP server on loopback: on their days from the due date, from
// 9:00 in the account's zone, once each, never for an invoice paid, excluded or never sent.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createInvoice } from "#db/factories";
import { accountSettings, invoices } from "#db/schema";
import { recordPayment } from "~/models/payment.server";
import { getSettings } from "~/models/settings.server";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "../../test/accounts";
import { decodeWords, findPart, parseMime } from "../../test/mime";
import { startSmtpServer } from "../../test/smtp-server";
import { runDueWork } from "~/infrastructure/work.server";
import { invoiceReminders } from "./work-kinds.server";

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

async function account(options: { reminders?: boolean } = {}) {
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
    .where(eq(accountSettings.userId, user.id));
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

const run = (iso: string) => runDueWork([invoiceReminders], { now: new Date(iso), runnerId: "test" });
const subjects = () => smtp.received.map((mail) => decodeWords(parseMime(mail.raw).headers.get("subject") ?? ""));

describe("payment reminders", () => {
  it("go out on their days from 9:00 in the account's zone, once each, with the balance still due, and stop when paid", async () => {
    const { user, invoice } = await account();
    const sent = await invoice();
    await recordPayment(user.id, sent.id, { amount: 20_000, method: "check" }, { notify: false });

    // 3 days before the due date, 8:00 in Chicago: not yet.
    await run("2026-12-07T14:00:00Z");
    expect(subjects()).toEqual([]);
    // 9:05 in Chicago.
    const first = await run("2026-12-07T15:05:00Z");
    expect(first.done).toHaveLength(1);
    expect(subjects()).toEqual([`Reminder: invoice ${sent.invoiceNumber} from Bluebonnet Electric is due on Dec 10, 2026`]);
    const text = findPart(parseMime(smtp.received[0].raw), "text/plain")!.body.toString("utf8");
    expect(text).toContain("Amount due: $300.00");
    expect(text).toContain("https://tradedesk.example/i/");
    // The runner again, the same day: nothing more.
    expect((await run("2026-12-07T20:00:00Z")).done).toEqual([]);
    expect(smtp.received).toHaveLength(1);

    await run("2026-12-10T15:30:00Z");
    expect(subjects().at(-1)).toBe(`Invoice ${sent.invoiceNumber} from Bluebonnet Electric is due today`);
    await run("2026-12-17T15:30:00Z");
    expect(subjects().at(-1)).toBe(`Overdue: invoice ${sent.invoiceNumber} from Bluebonnet Electric`);
    expect(smtp.received).toHaveLength(3);

    // Paid in full: the +14 reminder never goes.
    await recordPayment(user.id, sent.id, { amount: 30_000, method: "cash" }, { notify: false });
    await run("2026-12-24T15:30:00Z");
    expect(smtp.received).toHaveLength(3);
  });

  it("none for an invoice never e-mailed, one excluded when sent, or an account with reminders off", async () => {
    const on = await account();
    await on.invoice({ sent: false });
    await on.invoice({ remindersOff: true });
    const off = await account({ reminders: false });
    await off.invoice();
    await run("2026-12-10T16:00:00Z");
    expect(smtp.received).toEqual([]);
  });
});
