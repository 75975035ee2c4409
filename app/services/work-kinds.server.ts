// The kinds of work the runner does (app/infrastructure/work.server.ts), in the order it does them.
import { addDays, inZone, today } from "~/lib/clock";
import { dueReminderSteps } from "~/lib/reminders";
import {
  estimateExpiryKey,
  estimateFollowUpKey,
  invoiceReminderKey,
  recurringInvoiceKey,
  sessionsPurgeKey,
} from "~/lib/work-keys";
import { invoiceOwes, invoicesForReminders, type InvoiceReminderDue } from "~/models/invoice.server";
import { addReminderLateCharge } from "~/models/late-charge.server";
import {
  estimatesDueForFollowUp,
  estimatesNearExpiry,
  expirePastEstimates,
  type EstimateReminderDue,
} from "~/models/estimate.server";
import {
  makeOccurrence,
  notifyNotSent,
  occurrenceInvoice,
  recurringOccurrencesDue,
  type RecurringOccurrenceDue,
} from "~/models/recurring-invoice.server";
import { linkOrigin, linkOrigins } from "~/models/app-origin.server";
import { deleteExpiredSessions } from "~/infrastructure/session.server";
import { deleteStaleRateLimits } from "~/infrastructure/rate-limit.server";
import { sendEstimateEmail, sendInvoiceEmail, type EstimateReminder } from "./mail.server";
import type { Sweep, WorkItem, WorkKind } from "~/infrastructure/work.server";
import { purgeDeletedFiles } from "~/models/file.server";

type EstimateReminderItem = WorkItem & EstimateReminderDue & { origin: string };

/**
 * The address of the links in a mail sent with no request to take it from: APP_URL when it is
 * set, else the one the account's people last reached the app at (app/models/app-origin.server.ts),
 * else none: then reminders and follow-ups wait, and a recurring invoice is made but not sent.
 */
async function appUrl(accountId: string): Promise<string | null> {
  return linkOrigin(accountId);
}

let warned = false;
/** The rows whose account has an address for links, each with it; the others wait (said once per process). */
async function withAppUrl<T extends { accountId: string }>(rows: T[]): Promise<(T & { origin: string })[]> {
  if (rows.length === 0) return [];
  const origins = await linkOrigins(rows.map((row) => row.accountId));
  const kept = rows.flatMap((row) => {
    const origin = origins.get(row.accountId);
    return origin ? [{ ...row, origin }] : [];
  });
  if (kept.length < rows.length && !warned) {
    console.warn(
      "Payment reminders and estimate follow-ups wait for accounts whose app address is not known: set APP_URL, or sign in once through the address customers should use (their links need it).",
    );
    warned = true;
  }
  return kept;
}

async function sendReminder(item: EstimateReminderItem, reminder: EstimateReminder) {
  const result = await sendEstimateEmail(item.accountId, item.estimateId, { origin: item.origin, reminder });
  // No e-mail any more, or the estimate is gone: nothing to send, and nothing to retry.
  if (result.status === "failed") throw result.error;
}

/** One follow-up for an estimate sent and not answered after the account's follow-up days. */
export const estimateFollowUps: WorkKind<EstimateReminderItem> = {
  name: "estimate-follow-up",
  async due(now) {
    const rows = await estimatesDueForFollowUp(now);
    // Not once it has expired: a follow-up asking to approve what can no longer be approved helps nobody.
    const due = rows.filter((row) => !row.validUntil || row.validUntil >= today(row.timeZone, now));
    return (await withAppUrl(due)).map((row) => ({ ...row, key: estimateFollowUpKey(row.estimateId) }));
  },
  run: (item) => sendReminder(item, "followUp"),
};

/** One reminder two days before an unanswered estimate's valid-until day. */
export const estimateExpiryReminders: WorkKind<EstimateReminderItem> = {
  name: "estimate-expiry",
  async due(now) {
    const rows = await estimatesNearExpiry(now);
    const due = rows.filter((row) => {
      const day = today(row.timeZone, now);
      return row.validUntil !== null && day >= addDays(row.validUntil, -2) && day <= row.validUntil;
    });
    return (await withAppUrl(due)).map((row) => ({ ...row, key: estimateExpiryKey(row.estimateId, row.validUntil!) }));
  },
  run: (item) => sendReminder(item, "expiry"),
};

type InvoiceReminderItem = WorkItem & InvoiceReminderDue & { step: number; origin: string };

/**
 * Payment reminders of invoices e-mailed to the customer: one per reminder day of the
 * account's settings (days from the due date), from 9:00 in the account's zone, until the
 * balance is zero. Keyed by invoice, day and due date: a changed due date gets its own.
 */
export const invoiceReminders: WorkKind<InvoiceReminderItem> = {
  name: "invoice-reminder",
  async due(now) {
    const rows = await invoicesForReminders(now);
    const pieces = rows.flatMap((row) => {
      const steps = row.reminderSteps.split(",").map(Number).filter(Number.isInteger);
      const hour = inZone(now, row.timeZone).getHours();
      const due = dueReminderSteps({
        dueDate: row.dueDate,
        sentDay: today(row.timeZone, row.sentAt),
        steps,
        today: today(row.timeZone, now),
        hour,
      });
      return due.map((step) => ({ ...row, step, key: invoiceReminderKey(row.invoiceId, step, row.dueDate) }));
    });
    return withAppUrl(pieces);
  },
  async run(item) {
    // Paid, cancelled or excluded since it was found: nothing to send.
    if (!(await invoiceOwes(item.accountId, item.invoiceId))) return;
    // A late-charge day adds the month's charge first (once per month past due, held by the
    // database), so the e-mail shows the new balance.
    await addReminderLateCharge(item.accountId, item.invoiceId, item.step);
    const result = await sendInvoiceEmail(item.accountId, item.invoiceId, { origin: item.origin, reminderStep: item.step });
    if (result.status === "failed") throw result.error;
  },
};

type RecurringItem = WorkItem & RecurringOccurrenceDue;

/**
 * Recurring invoices (docs/decisions/018-recurring-invoices.md): each occurrence of an active
 * schedule becomes an ordinary invoice from 6:00 on its date in the account's zone, every
 * missed one caught up, each once (keyed by schedule and date). With auto-send on, the invoice
 * is e-mailed (and so gets reminders); without a customer e-mail the contractor is told.
 */
export const recurringInvoiceWork: WorkKind<RecurringItem> = {
  name: "recurring-invoice",
  async due(now) {
    const rows = await recurringOccurrencesDue(now);
    return rows.map((row) => ({ ...row, key: recurringInvoiceKey(row.recurringInvoiceId, row.date) }));
  },
  async run(item) {
    const made = await makeOccurrence(item.accountId, item.recurringInvoiceId, item.date);
    if (made.status === "gone" || !made.invoiceId) return;
    const invoice = await occurrenceInvoice(item.accountId, item.recurringInvoiceId, made.invoiceId);
    // Sent already (a retry after a crash), deleted since, or not to be sent: done.
    if (!invoice || !invoice.autoSend || invoice.sentAt) return;
    const origin = await appUrl(item.accountId);
    if (!invoice.customerEmail?.trim() || !origin) {
      // Told once, when the invoice is made (a retry finds it made).
      if (made.status === "created") await notifyNotSent(item.accountId, invoice, origin ? "noEmail" : "noAppUrl");
      return;
    }
    const result = await sendInvoiceEmail(item.accountId, made.invoiceId, { origin });
    if (result.status === "failed") throw result.error;
  },
};

/**
 * Sessions that can no longer sign anyone in (past their end, or unused too long) deleted once a
 * day: the first run of each UTC day claims the day's key. The rate-limit counts whose window
 * has ended go in the same pass (their keys name addresses and e-mails; decision 033).
 * Deleting them is idempotent, so a retry or a second runner would do no harm; the key only
 * keeps it from running every minute.
 */
const expiredSessionsPurge: WorkKind = {
  name: "sessions-purge",
  due: async (now) => [{ key: sessionsPurgeKey(today(null, now)) }],
  async run(_item, now) {
    await deleteExpiredSessions(now);
    await deleteStaleRateLimits(now);
  },
};

export const WORK_KINDS: readonly WorkKind[] = [
  recurringInvoiceWork,
  estimateFollowUps,
  estimateExpiryReminders,
  invoiceReminders,
  expiredSessionsPurge,
] as readonly WorkKind[];

/** What the runner brings up to date at every run, before the work (no claims: see Sweep). */
export const WORK_SWEEPS: readonly Sweep[] = [
  { name: "estimates-expired", run: expirePastEstimates },
  // The stored copies of deleted files (a file, its job or document, the account): idempotent,
  // so it needs no claim (docs/product/files.md).
  { name: "files-purge", run: (now) => purgeDeletedFiles(now) },
];
