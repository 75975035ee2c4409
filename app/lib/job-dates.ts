// Job dates in and out. The scheduled date is an instant: typed (a `datetime-local` input,
// or an API string without an offset) and shown on the account's wall clock
// (account_settings.time_zone), as the schedule does, so a job reads the same time on its
// page and on the schedule. The completed date is a calendar date, kept as UTC midnight
// and shown as that date in any zone. With no zone given, UTC is used.
import { formatDayIn, formatTimeIn } from "~/lib/schedule";
import { toWallTimeValue, zonedTimeToUtc } from "./clock";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date as a form or the API gives it: `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm[:ss[.sss]]`
 * with an optional `Z` or `±hh:mm` offset (none means the wall clock of `zone`, UTC by
 * default). Null when it is not a real calendar date and time (February 30th, hour 25) or
 * lies outside years 1000-9999.
 */
export function parseDateInput(text: string, zone = "UTC"): Date | null {
  const value = text.trim();
  const dateOnly = DATE_ONLY.exec(value);
  const parts = dateOnly ? [...dateOnly.slice(1, 4), "00", "00", "00", "0", undefined] : DATE_TIME.exec(value)?.slice(1);
  if (!parts) return null;
  const [year, month, day, hour, minute, second = "0", millis = "0", offset] = parts as string[];
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, Number(millis.padEnd(3, "0")));
  // Date.UTC rolls February 30th over into March: refuse dates that do not exist.
  if (new Date(utc).getUTCDate() !== d) return null;
  if (!offset) {
    // The wall clock of the zone, read as the schedule reads it (app/lib/schedule.ts).
    const instant = zonedTimeToUtc({ year: y, month: mo, day: d, hour: h, minute: mi, second: s }, zone);
    return new Date(instant.getTime() + Number(millis.padEnd(3, "0")));
  }
  let offsetMinutes = 0;
  if (offset.toUpperCase() !== "Z") {
    const sign = offset.startsWith("-") ? -1 : 1;
    const digits = offset.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 23 || om > 59) return null;
    offsetMinutes = sign * (oh * 60 + om);
  }
  return new Date(utc - offsetMinutes * 60_000);
}

/** The value of a `datetime-local` input for a stored instant: `yyyy-MM-ddTHH:mm` on the zone's wall clock. */
export function toDateTimeInputValue(date: Date | string | null | undefined, zone = "UTC"): string {
  const value = toDate(date);
  return value ? toWallTimeValue(value, zone) : "";
}

/** The value of a `date` input for a stored date: `yyyy-MM-dd` in UTC. */
export function toDateInputValue(date: Date | string | null | undefined): string {
  const value = toDate(date);
  return value ? value.toISOString().slice(0, 10) : "";
}

function toDate(date: Date | string | null | undefined): Date | null {
  if (!date) return null;
  const value = typeof date === "string" ? new Date(date) : date;
  return Number.isNaN(value.getTime()) ? null : value;
}

/** "Jun 01, 2025" (MMM dd, yyyy, the list format) in the interface language, on the zone's calendar. */
export function formatListDate(date: Date | string, language = "en", zone = "UTC"): string {
  const value = toDate(date);
  return value ? formatDayIn(value, zone, language) : "";
}

/** "9:30 AM" (h:mm a) in the interface language, on the zone's wall clock. */
export function formatTime(date: Date | string, language = "en", zone = "UTC"): string {
  const value = toDate(date);
  return value ? formatTimeIn(value, zone, language) : "";
}
