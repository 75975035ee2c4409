// Late charges (docs/decisions/017): the default terms promise a service charge per month on
// late payments. An overdue invoice accrues the account's rate on its balance for each whole month
// past due, in the account's calendar; a month already charged is not charged again. Integer
// cents, rounded half up once; rates in hundredths of a percent (150 is 1.5%; 0 is off).
import { addMonths } from "./clock";
import { parseDecimal, shareOf } from "./money";

/** The highest rate the settings accept: 25% a month. */
export const MAX_LATE_CHARGE_RATE = 2500;

/**
 * Whole months past due on `today` (both `yyyy-MM-dd` in the account's zone): 1 from the day
 * one month after the due date, month ends kept (due January 31: one month on February 28,
 * two on March 31). 0 when not past due or without a due date.
 */
export function monthsPastDue(dueDate: string | null, today: string): number {
  if (!dueDate || today <= dueDate) return 0;
  // A first guess from the calendar fields, then corrected by the month-end rules of addMonths.
  let months =
    (Number(today.slice(0, 4)) - Number(dueDate.slice(0, 4))) * 12 + Number(today.slice(5, 7)) - Number(dueDate.slice(5, 7));
  while (months > 0 && addMonths(dueDate, months) > today) months -= 1;
  while (addMonths(dueDate, months + 1) <= today) months += 1;
  return Math.max(0, months);
}

export interface LateChargeInput {
  /** The balance due in cents. */
  balance: number;
  /** Hundredths of a percent per month. */
  rate: number;
  dueDate: string | null;
  /** The account's calendar day now. */
  today: string;
  /** The last month (months past due) already charged; 0 when none. */
  lastChargedMonth: number;
}

export interface LateCharge {
  /** Whole months past due today: the month a charge added now is kept under. */
  month: number;
  /** Months past due not charged yet. */
  months: number;
  /** Cents: balance × rate × months, half up; 0 when nothing is due. */
  amount: number;
}

/** The charge accrued now and not yet added. */
export function accruedLateCharge(input: LateChargeInput): LateCharge {
  const month = monthsPastDue(input.dueDate, input.today);
  const months = Math.max(0, month - Math.max(0, input.lastChargedMonth));
  if (input.rate <= 0 || input.balance <= 0 || months === 0) return { month, months, amount: 0 };
  return { month, months, amount: shareOf(input.balance, input.rate * months) };
}

/** The settings field: a percent from 0 to 25 with at most two decimals, in hundredths; null when it is not one. */
export function parseLateChargeRate(text: string): number | null {
  if (!/^\s*\d*\.?\d*\s*$/.test(text) || text.trim() === "" || text.trim() === ".") return null;
  const rate = parseDecimal(text.trim(), 2);
  return rate === null || rate < 0 || rate > MAX_LATE_CHARGE_RATE ? null : rate;
}
