// Payment reminders of a sent invoice (docs/product/invoices-and-payments.md): on which days, counted from its due date,
// and whether one is due at a given moment of the account's calendar. Pure, unit-tested.
import { addDays } from "./clock";

export const MIN_REMINDER_STEP = -30;
export const MAX_REMINDER_STEP = 90;
export const MAX_REMINDER_STEPS = 6;
/** Reminders go out from 9:00 in the account's time zone. */
export const REMINDER_HOUR = 9;
/** A step missed while no runner ran (a stopped machine) still goes out this many days late, not later. */
export const REMINDER_GRACE_DAYS = 2;

export type StepsResult = { ok: true; steps: number[] } | { ok: false; error: "invalid" | "range" | "tooMany" };

/** "-3, 0, 7, 14" (commas or spaces; + allowed) into sorted, distinct whole days. */
export function parseReminderSteps(text: string): StepsResult {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { ok: false, error: "invalid" };
  if (!parts.every((part) => /^[-+−]?\d{1,3}$/.test(part))) return { ok: false, error: "invalid" };
  const steps = [...new Set(parts.map((part) => Number(part.replace("−", "-"))))].sort((a, b) => a - b);
  if (steps.some((step) => step < MIN_REMINDER_STEP || step > MAX_REMINDER_STEP)) return { ok: false, error: "range" };
  if (steps.length > MAX_REMINDER_STEPS) return { ok: false, error: "tooMany" };
  return { ok: true, steps };
}

export const formatReminderSteps = (steps: readonly number[]) =>
  steps.map((step) => (step > 0 ? `+${step}` : String(step))).join(", ");

/**
 * The steps whose reminder is due now: its day (due date + step) has come in the account's
 * calendar (from REMINDER_HOUR on that day), it is not a day before the invoice was sent,
 * and it is at most REMINDER_GRACE_DAYS old.
 */
export function dueReminderSteps(input: {
  dueDate: string;
  sentDay: string;
  steps: readonly number[];
  today: string;
  hour: number;
}): number[] {
  return input.steps.filter((step) => {
    const day = addDays(input.dueDate, step);
    if (day > input.today || day < input.sentDay) return false;
    if (day < addDays(input.today, -REMINDER_GRACE_DAYS)) return false;
    return day < input.today || input.hour >= REMINDER_HOUR;
  });
}
