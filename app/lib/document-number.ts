// Estimate and invoice numbers (docs/decisions/031): the account's prefix for the kind and a
// sequential number, at least 4 digits wide ("EST-0001"; "EST-12345" once past 9999). The
// prefix includes its separator and may be empty. Allocated by
// app/models/document-number.server.ts, whose SQL prints the number the same way.

export type DocumentKind = "estimate" | "invoice";

export const DEFAULT_PREFIXES: Record<DocumentKind, string> = { estimate: "EST-", invoice: "INV-" };

/** The longest prefix Settings accepts. */
export const MAX_PREFIX_LENGTH = 12;
/** The highest next number Settings accepts (the counter itself simply keeps growing). */
export const MAX_NEXT_NUMBER = 99_999_999;
/** The width the number is padded to with zeros; longer numbers grow. */
export const NUMBER_DIGITS = 4;

/**
 * A–Z, a–z, 0–9, "-", "/", ".", "_" and spaces, with no space at either end: "EST-", "2026/",
 * "Job No." and "" are prefixes; " EST", "EST ", "Nº-" and "EST#" are not.
 */
const PREFIX_PATTERN = /^(?:[A-Za-z0-9\-/._](?:[A-Za-z0-9\-/._ ]*[A-Za-z0-9\-/._])?)?$/;

export function isDocumentPrefix(prefix: string): boolean {
  return prefix.length <= MAX_PREFIX_LENGTH && PREFIX_PATTERN.test(prefix);
}

/** The prefix and the number padded to 4 digits: ("EST-", 42) → "EST-0042", ("INV-", 12345) → "INV-12345". */
export function formatDocumentNumber(prefix: string, number: number): string {
  return `${prefix}${String(number).padStart(NUMBER_DIGITS, "0")}`;
}

/**
 * The short form of a document number for a badge (a list row's "Est #0042"): its number
 * without the prefix ("EST-0042" and "E/2026/0042" read "0042", "EST-12345" reads "12345"); a
 * millisecond-timestamp number from before sequential numbers ("EST-1718000001234") reads its
 * last four digits, "1234".
 */
export function shortNumber(number: string): string {
  const digits = /(\d+)$/.exec(number)?.[1];
  if (!digits) return number;
  return digits.length >= 13 ? digits.slice(-4) : digits;
}
