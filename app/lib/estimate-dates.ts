// Estimate dates. validUntil is a calendar date (`yyyy-MM-dd`, no time, no zone);
// createdAt is an instant, shown as the calendar date it was in the account's time zone
// (UTC when none is set). Formatting goes through calendar dates only, so the server
// render and the browser print the same text in any machine zone.
import { format } from "date-fns";
import { dateLocale } from "~/lib/date-locale";
import { addDays, dayKey, now as clockNow, today } from "~/lib/clock";
import { datePattern } from "./date-patterns";

/** The default valid-until date of a new estimate: today (in the account's zone) plus the valid days. */
export function defaultValidUntil(validDays: number, timeZone?: string | null, now: Date = clockNow()): string {
  return addDays(today(timeZone, now), Math.max(0, Math.trunc(validDays)));
}

/** "Jun 01, 2025" (MMM dd, yyyy, the list format) for a `yyyy-MM-dd` date, in the interface language. */
export function formatCalendarDate(date: string | null | undefined, language = "en"): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return "";
  // Noon: no daylight-saving change skips it.
  const local = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return format(local, datePattern("MMM dd, yyyy", language), { locale: dateLocale(language) });
}

// Estimate statuses: the rules of which answer is allowed and what it sets (the customer's
// page, the list's "Create invoice", the invoice made from an estimate).

/** Where an estimate stands for its customer: a pending estimate past its last valid day reads as expired. */
export type EstimateState = "pending" | "approved" | "rejected" | "expired";

/**
 * The last day an estimate can be approved: its valid-until date, else its date plus the
 * account's valid days (what the document says: "valid for 30 days from the estimate date").
 */
export function lastValidDay(
  estimate: { validUntil: string | null; createdAt: Date },
  settings: { estimateValidDays: number; timeZone: string | null },
): string {
  return estimate.validUntil ?? addDays(dayKey(estimate.createdAt, settings.timeZone), settings.estimateValidDays);
}

/** The state on `today` (yyyy-MM-dd) of an estimate valid through `validThrough`; a valid-through of today is still valid. */
export function estimateState(status: EstimateState, today: string, validThrough: string): EstimateState {
  return status === "pending" && today > validThrough ? "expired" : status;
}

/**
 * The status an edit stores. An expired estimate whose last valid day the edit moves to
 * `today` or later is open to its customer again: pending, unless the edit chose another
 * status. Any other edit stores the status it sends (a past last valid day is marked expired
 * by the work runner, expirePastEstimates).
 */
export function statusAfterEdit(
  before: { status: EstimateState; validUntil: string | null; createdAt: Date },
  edit: { status: EstimateState; validUntil: string | null },
  settings: { estimateValidDays: number; timeZone: string | null },
  today: string,
): EstimateState {
  if (edit.status !== "expired" || before.status !== "expired") return edit.status;
  const was = lastValidDay(before, settings);
  const becomes = lastValidDay({ validUntil: edit.validUntil, createdAt: before.createdAt }, settings);
  return becomes !== was && becomes >= today ? "pending" : "expired";
}

/** Only a pending estimate that has not expired can be answered, and only once. */
export const canAnswerEstimate = (state: EstimateState) => state === "pending";

/** Only an approved estimate can be made into an invoice. */
export const canInvoiceEstimate = (status: string) => status === "approved";

export type EstimateAnswer =
  | {
      kind: "approve";
      signature: string;
      message: string | null;
      /** The ids of the optional lines the customer ticked; the others leave the estimate (decision 019). */
      chosen?: readonly string[];
    }
  | { kind: "decline"; name: string | null; reason: string | null };

/** What the customer's answer sets: the status, who answered (a declining customer may give a name), what they said, and when. */
export function estimateAnswerChanges(answer: EstimateAnswer, now: Date) {
  return answer.kind === "approve"
    ? {
        status: "approved" as const,
        approvedAt: now,
        customerSignature: answer.signature,
        customerResponse: answer.message,
        respondedAt: now,
      }
    : {
        status: "rejected" as const,
        approvedAt: null,
        customerSignature: answer.name,
        customerResponse: answer.reason,
        respondedAt: now,
      };
}
