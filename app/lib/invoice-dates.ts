// Calendar dates of documents (created, valid until, due, paid). Due and valid-until
// dates are stored as `yyyy-MM-dd`; instants (createdAt, paidDate) become a calendar day
// in the account's time zone, or UTC when it has none, so server and browser agree.
import { format } from "date-fns";
import { dateLocale } from "~/lib/date-locale";
import { dayKey } from "~/lib/clock";
import { datePattern } from "./date-patterns";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "Jun 01, 2025" (MMM dd, yyyy) in the given language. A `yyyy-MM-dd` text is that day;
 * anything else is an instant, shown as its day in the time zone.
 */
export function formatDocumentDate(value: Date | string | null | undefined, language = "en", timeZone?: string | null): string {
  if (value === null || value === undefined || value === "") return "";
  const day = typeof value === "string" && ISO_DATE.test(value) ? value : dayKey(value, timeZone);
  const match = ISO_DATE.exec(day);
  if (!match) return "";
  // date-fns formats in the machine's zone: build that day at noon locally.
  const local = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return format(local, datePattern("MMM dd, yyyy", language), { locale: dateLocale(language) });
}
