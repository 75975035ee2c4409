// Recurring invoices: the dates of a schedule and which of them are due at an
// instant in the account's zone (docs/decisions/018-recurring-invoices.md). Occurrence n is
// always computed from the start date and n, never from the occurrence before it, so month
// ends are kept: monthly from January 31 is January 31, February 28 (29), March 31. Pure.
import { addDays, addMonths, dayKey, zonedTimeToUtc } from "./clock";

export const FREQUENCIES = ["weekly", "biweekly", "monthly", "quarterly", "semiannually", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const isFrequency = (value: unknown): value is Frequency =>
  typeof value === "string" && (FREQUENCIES as readonly string[]).includes(value);

/** Each occurrence's invoice is made at 6:00 in the account's time zone on its date. */
export const RECURRING_HOUR = 6;
/** The most invoices a schedule may be set to make. */
export const MAX_RECURRING_COUNT = 1000;
/** The most occurrences one pass of the runner makes for one schedule (the rest come on the next pass). */
export const MAX_CATCH_UP = 100;

const STEP: Record<Frequency, { days: number } | { months: number }> = {
  weekly: { days: 7 },
  biweekly: { days: 14 },
  monthly: { months: 1 },
  quarterly: { months: 3 },
  semiannually: { months: 6 },
  yearly: { months: 12 },
};

export interface Recurrence {
  frequency: Frequency;
  /** `yyyy-MM-dd`: the first occurrence. */
  startDate: string;
  /** `yyyy-MM-dd`: no occurrence after it. */
  endDate: string | null;
  /** How many invoices the schedule makes in all (occurrences 0 to count - 1). */
  count: number | null;
}

/** The date of occurrence n (0 is the start date), ignoring the schedule's end. */
export function occurrenceDate(recurrence: Pick<Recurrence, "frequency" | "startDate">, n: number): string {
  const step = STEP[recurrence.frequency];
  return "days" in step ? addDays(recurrence.startDate, step.days * n) : addMonths(recurrence.startDate, step.months * n);
}

/** Occurrence n's date, or null when the schedule has ended before it (its count or end date). */
export function occurrence(recurrence: Recurrence, n: number): string | null {
  if (!Number.isSafeInteger(n) || n < 0) return null;
  if (recurrence.count !== null && n >= recurrence.count) return null;
  const date = occurrenceDate(recurrence, n);
  if (recurrence.endDate !== null && date > recurrence.endDate) return null;
  return date;
}

/** The instant an occurrence's invoice is due: 6:00 on its date in the zone. */
export function occurrenceInstant(date: string, zone: string | null | undefined): Date {
  const [year, month, day] = date.split("-").map(Number);
  return zonedTimeToUtc({ year, month, day, hour: RECURRING_HOUR, minute: 0, second: 0 }, zone);
}

/** The index of the first occurrence on or after `day` (the schedule's end not considered). */
export function firstIndexFrom(recurrence: Pick<Recurrence, "frequency" | "startDate">, day: string): number {
  if (day <= recurrence.startDate) return 0;
  const step = STEP[recurrence.frequency];
  const [y1, m1] = recurrence.startDate.split("-").map(Number);
  const [y2, m2] = day.split("-").map(Number);
  let n =
    "days" in step
      ? Math.floor((Date.parse(day) - Date.parse(recurrence.startDate)) / 86_400_000 / step.days)
      : Math.floor(((y2 - y1) * 12 + (m2 - m1)) / step.months);
  n = Math.max(0, n - 1);
  while (occurrenceDate(recurrence, n) < day) n++;
  return n;
}

export interface Occurrence {
  n: number;
  date: string;
}

/**
 * The occurrences due at `now` in the zone: their 6:00 has come, and it is not before
 * `from` (the instant the schedule was created, edited or resumed from: occurrences that
 * fell while it was paused are skipped, not caught up). Oldest first, at most `limit`.
 */
export function dueOccurrences(
  recurrence: Recurrence,
  { zone, now, from, limit = MAX_CATCH_UP }: { zone: string | null | undefined; now: Date; from: Date; limit?: number },
): Occurrence[] {
  // A day before `from` in the zone: the loop below checks each instant exactly.
  let n = firstIndexFrom(recurrence, addDays(dayKey(from, zone), -1));
  const due: Occurrence[] = [];
  for (; due.length < limit; n++) {
    const date = occurrence(recurrence, n);
    if (date === null) break;
    const at = occurrenceInstant(date, zone);
    if (at > now) break;
    if (at >= from) due.push({ n, date });
  }
  return due;
}

/**
 * The next occurrence still to be made: the first whose 6:00 is not before `from` and whose
 * date is after the last one made; null when the schedule has ended.
 */
export function nextOccurrence(
  recurrence: Recurrence,
  { zone, from, lastMade }: { zone: string | null | undefined; from: Date; lastMade: string | null },
): Occurrence | null {
  let n = firstIndexFrom(recurrence, addDays(dayKey(from, zone), -1));
  if (lastMade !== null) n = Math.max(n, firstIndexFrom(recurrence, addDays(lastMade, 1)));
  for (let tries = 0; tries < 3; tries++, n++) {
    const date = occurrence(recurrence, n);
    if (date === null) return null;
    if (occurrenceInstant(date, zone) >= from && (lastMade === null || date > lastMade)) return { n, date };
  }
  return null;
}

export type RecurringStatus = "active" | "paused" | "ended";

/** What the list shows: paused, ended (no occurrence left), else active. */
export function recurringStatus(paused: boolean, next: Occurrence | null): RecurringStatus {
  if (next === null) return "ended";
  return paused ? "paused" : "active";
}
