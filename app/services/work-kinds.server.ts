// The kinds of work the runner does (app/services/work.server.ts), in the order it does them.
import { addDays, today } from "~/lib/clock";
import { estimatesDueForFollowUp, estimatesNearExpiry, type EstimateReminderDue } from "~/models/estimate.server";
import { env } from "./env.server";
import { sendEstimateEmail, type EstimateReminder } from "./mail.server";
import type { WorkItem, WorkKind } from "./work.server";

type EstimateReminderItem = WorkItem & EstimateReminderDue;

/** The links in a mail sent with no request to take the address from. */
function appUrl(): string | null {
  return env().APP_URL?.replace(/\/+$/, "") ?? null;
}

let warned = false;
function needsAppUrl(): boolean {
  if (appUrl()) return false;
  if (!warned) console.warn("Estimate follow-ups are off until APP_URL is set (their links need the app's address).");
  warned = true;
  return true;
}

async function sendReminder(item: EstimateReminderItem, reminder: EstimateReminder) {
  const result = await sendEstimateEmail(item.userId, item.estimateId, { origin: appUrl()!, reminder });
  // No e-mail any more, or the estimate is gone: nothing to send, and nothing to retry.
  if (result.status === "failed") throw result.error;
}

/** One follow-up for an estimate sent and not answered after the account's follow-up days. */
export const estimateFollowUps: WorkKind<EstimateReminderItem> = {
  name: "estimate-follow-up",
  async due(now) {
    if (needsAppUrl()) return [];
    const rows = await estimatesDueForFollowUp(now);
    // Not once it has expired: a follow-up asking to approve what can no longer be approved helps nobody.
    return rows
      .filter((row) => !row.validUntil || row.validUntil >= today(row.timeZone, now))
      .map((row) => ({ ...row, key: `estimate-follow-up:${row.estimateId}` }));
  },
  run: (item) => sendReminder(item, "followUp"),
};

/** One reminder two days before an unanswered estimate's valid-until day. */
export const estimateExpiryReminders: WorkKind<EstimateReminderItem> = {
  name: "estimate-expiry",
  async due(now) {
    if (needsAppUrl()) return [];
    const rows = await estimatesNearExpiry(now);
    return rows
      .filter((row) => {
        const day = today(row.timeZone, now);
        return row.validUntil !== null && day >= addDays(row.validUntil, -2) && day <= row.validUntil;
      })
      .map((row) => ({ ...row, key: `estimate-expiry:${row.estimateId}:${row.validUntil}` }));
  },
  run: (item) => sendReminder(item, "expiry"),
};

export const WORK_KINDS: readonly WorkKind[] = [estimateFollowUps, estimateExpiryReminders] as readonly WorkKind[];
