// Estimate dates. validUntil is a calendar date (`yyyy-MM-dd`, no time, no zone);
// createdAt is an instant, shown as the calendar date it was in the account's time zone
// (UTC when none is set). Formatting goes through calendar dates only, so the server
// render and the browser print the same text in any machine zone.
import { format } from "date-fns";
import { dateLocale } from "~/lib/date-locale";
import { addDays, now as clockNow, today } from "~/lib/clock";
import { datePattern } from "./date-patterns";

/** The default valid-until date of a new estimate: today (in the account's zone) plus the valid days. */
export function defaultValidUntil(validDays: number, timeZone?: string | null, now: Date = clockNow()): string {
  return addDays(today(timeZone, now), Math.max(0, Math.trunc(validDays)));
}

/** "Jun 01, 2025" (MMM dd, yyyy, DESIGN.md Formats) for a `yyyy-MM-dd` date, in the interface language. */
export function formatCalendarDate(date: string | null | undefined, language = "en"): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return "";
  // Noon: no daylight-saving change skips it.
  const local = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return format(local, datePattern("MMM dd, yyyy", language), { locale: dateLocale(language) });
}
