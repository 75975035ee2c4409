// The arithmetic of the reports screen (docs/product/dashboard-and-reports.md), kept pure so it can be
// checked by hand: the period a range covers, the chart's periods, and the insights.
// Every ratio is computed on integers and rounded once, half up (all inputs are
// counts or sums that are never negative).
import { centsToString, formatDecimal, formatNumber } from "./money";
import { PAYMENT_METHOD_VALUES, type PaymentMethod } from "./payment-methods";
import { accountZone, addDays, addMonths, dayKey, monthStartOf, startOfDay, weekStartOf } from "./clock";

export const REPORT_RANGES = [7, 30, 90, 365] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const DEFAULT_REPORT_RANGE: ReportRange = 30;

/** The `range` search parameter: 7, 30, 90 or 365 days; anything else is the default, 30. */
export function readReportRange(value: string | null | undefined): ReportRange {
  const days = Number(value);
  return (REPORT_RANGES as readonly number[]).includes(days) ? (days as ReportRange) : DEFAULT_REPORT_RANGE;
}

export interface ReportWindow {
  days: ReportRange;
  timeZone: string;
  /** The first and last calendar day covered (`yyyy-MM-dd`, in the account's zone). */
  from: string;
  to: string;
  /** From midnight of `from` in the account's zone up to `now`, both included. */
  start: Date;
  end: Date;
}

/**
 * "Last N days" is today and the N - 1 days before it, as calendar days in the
 * account's time zone (UTC when none is set): last 7 days on Wednesday the 10th runs
 * from Thursday the 4th at midnight to now.
 */
export function reportWindow(days: ReportRange, now: Date, timeZone?: string | null): ReportWindow {
  const zone = accountZone(timeZone);
  const to = dayKey(now, zone);
  const from = addDays(to, -(days - 1));
  return { days, timeZone: zone, from, to, start: startOfDay(from, zone), end: now };
}

/** n / d rounded half up, for n >= 0 and d > 0, exactly (bigints, no floating point). */
export function divideRounded(n: number, d: number): number {
  const bn = BigInt(n);
  const bd = BigInt(d);
  return Number((2n * bn + bd) / (2n * bd));
}

/**
 * Average invoice value in whole dollars: paid revenue (cents) over the number of ALL
 * invoices, rounded half up to the dollar; 0 when there are none.
 * $100.00 paid over 3 invoices is $33.33..., shown as $33; $250.00 over 4 is $62.50, shown as $63.
 */
export function averageInvoiceDollars(paidRevenueCents: number, invoiceCount: number): number {
  if (invoiceCount <= 0) return 0;
  return divideRounded(paidRevenueCents, invoiceCount * 100);
}

/** Jobs per customer in tenths (one decimal): 7 jobs over 3 customers is 2.333..., so 23; 0 without customers. */
export function jobsPerCustomerTenths(jobCount: number, customerCount: number): number {
  if (customerCount <= 0) return 0;
  return divideRounded(jobCount * 10, customerCount);
}

/** Approved over all estimates as a whole percent, half up: 1 of 8 is 12.5%, shown as 13%; 0 without estimates. */
export function approvalRatePercent(approved: number, total: number): number {
  if (total <= 0) return 0;
  return divideRounded(approved * 100, total);
}

/**
 * Tenths as a one-decimal number: 23 is "2.3", in Spanish too (the app writes Spanish numbers
 * as es-US does, like its money and quantities).
 */
export function formatTenths(tenths: number, language = "en"): string {
  return formatNumber(formatDecimal(tenths, 1), language, 1, 1);
}

export type ChartUnit = "week" | "month";

export interface ChartPeriod {
  /** The first calendar day of the period inside the window (`yyyy-MM-dd`). */
  from: string;
  /** The instant it starts in the account's zone. */
  start: Date;
}

/**
 * The revenue chart's periods: weeks (starting Sunday) for 7, 30 and 90
 * days, calendar months for a year. The first period is cut at the window's start,
 * the last one holds today.
 */
export function chartPeriods(window: ReportWindow): { unit: ChartUnit; periods: ChartPeriod[] } {
  const unit: ChartUnit = window.days === 365 ? "month" : "week";
  const days: string[] = [window.from];
  for (;;) {
    const next = unit === "week" ? nextSunday(days[days.length - 1]) : firstOfNextMonth(days[days.length - 1]);
    if (next > window.to) break;
    days.push(next);
  }
  return { unit, periods: days.map((from) => ({ from, start: startOfDay(from, window.timeZone) })) };
}

const nextSunday = (day: string) => addDays(weekStartOf(day), 7);
const firstOfNextMonth = (day: string) => addMonths(monthStartOf(day), 1);

// ---------------------------------------------------------------------------
// Money collected (the payments ledger, by the day each payment was received) and money
// owed (unpaid balances by how late they are). docs/decisions/020.

/** Unpaid balances by how far past their due date they are, on the account's today. */
export const AGING_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "over90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export interface Tally {
  count: number;
  /** Cents. */
  amount: number;
}

export type Aging = Record<AgingBucket, Tally>;
export type CollectedByMethod = Record<PaymentMethod, Tally>;

/**
 * Where each bucket starts, as the earliest due date (`yyyy-MM-dd`) it holds, newest bucket
 * first: on 2025-06-11, due on the 11th or later is current, due from May 12 (30 days late)
 * to June 10 is 1-30 days, ..., due on March 12 (91 days late) or before is over 90. No due
 * date is current. The last bucket has no start: everything older.
 */
export function agingThresholds(today: string): { bucket: AgingBucket; from: string | null }[] {
  return [
    { bucket: "current", from: today },
    { bucket: "days1to30", from: addDays(today, -30) },
    { bucket: "days31to60", from: addDays(today, -60) },
    { bucket: "days61to90", from: addDays(today, -90) },
    { bucket: "over90", from: null },
  ];
}

/** Grouped rows summed into one tally per key, every key present (in `keys`' order); rows of other keys are ignored. */
function tallyBy<K extends string, R extends Tally>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => string) {
  const tallied = Object.fromEntries(keys.map((key) => [key, { count: 0, amount: 0 }])) as Record<K, Tally>;
  for (const row of rows) {
    const key = keyOf(row);
    if (!(keys as readonly string[]).includes(key)) continue;
    tallied[key as K].count += Number(row.count);
    tallied[key as K].amount += Number(row.amount);
  }
  return tallied;
}

/** Rows tallied per bucket (SQL grouped them; unknown buckets are ignored), every bucket present. */
export const agingOf = (rows: readonly ({ bucket: string } & Tally)[]): Aging =>
  tallyBy(AGING_BUCKETS, rows, (row) => row.bucket);

/** Payments per method (SQL grouped them), every method present, in the order of the form. */
export const collectedByMethod = (rows: readonly ({ method: string } & Tally)[]): CollectedByMethod =>
  tallyBy(PAYMENT_METHOD_VALUES, rows, (row) => row.method);

/** The sum of tallies (all methods: the money collected; all buckets: the money owed). */
export function tallyTotal(tallied: Readonly<Record<string, Tally>>): Tally {
  return Object.values(tallied).reduce((sum, t) => ({ count: sum.count + t.count, amount: sum.amount + t.amount }), {
    count: 0,
    amount: 0,
  });
}

export interface TallyOut {
  count: number;
  /** Two decimals, as the API writes money. */
  amount: string;
}

/** A tally with its money as a string (the API, the exports). */
export const tallyOut = (t: Tally): TallyOut => ({ count: t.count, amount: centsToString(t.amount) });

export function talliesOut<K extends string>(tallied: Readonly<Record<K, Tally>>): Record<K, TallyOut> {
  return Object.fromEntries(Object.entries<Tally>(tallied).map(([key, t]) => [key, tallyOut(t)])) as Record<K, TallyOut>;
}

/** The figures the exported report carries (docs/product/dashboard-and-reports.md, "Exports"). */
export interface ReportFigures {
  totalRevenue: number;
  pendingRevenue: number;
  customers: number;
  jobs: { completed: number; active: number };
  estimates: { total: number };
  invoices: { total: number };
  /** The period's payments by method. */
  collected: CollectedByMethod;
  /** Unpaid balances today. */
  aging: Aging;
}

export interface ReportExport {
  generatedAt: string;
  range: { days: ReportRange; from: string; to: string; timeZone: string };
  summary: {
    totalRevenue: string;
    pendingRevenue: string;
    totalCustomers: number;
    completedJobs: number;
    activeJobs: number;
    totalEstimates: number;
    totalInvoices: number;
  };
  counts: { customers: number; jobs: number; estimates: number; invoices: number };
  /** The money received in the period (payments by the day received), in all and by method. */
  collected: { total: TallyOut; byMethod: Record<PaymentMethod, TallyOut> };
  /** What is owed on the report's day, by how late it is. */
  aging: { total: TallyOut; buckets: Record<AgingBucket, TallyOut> };
}

/**
 * The exported report: when it was made, the period, the period's summary (money as
 * strings with two decimals) and the account's all-time record counts.
 */
export function reportExport(
  window: ReportWindow,
  figures: ReportFigures,
  counts: ReportExport["counts"],
  generatedAt: Date,
): ReportExport {
  return {
    generatedAt: generatedAt.toISOString(),
    range: { days: window.days, from: window.from, to: window.to, timeZone: window.timeZone },
    summary: {
      totalRevenue: centsToString(figures.totalRevenue),
      pendingRevenue: centsToString(figures.pendingRevenue),
      totalCustomers: figures.customers,
      completedJobs: figures.jobs.completed,
      activeJobs: figures.jobs.active,
      totalEstimates: figures.estimates.total,
      totalInvoices: figures.invoices.total,
    },
    counts,
    collected: { total: tallyOut(tallyTotal(figures.collected)), byMethod: talliesOut(figures.collected) },
    aging: { total: tallyOut(tallyTotal(figures.aging)), buckets: talliesOut(figures.aging) },
  };
}

/** The same figures as `metric,value` rows, for a spreadsheet. */
export function reportExportRows(report: ReportExport): [string, string | number][] {
  return [
    ["generatedAt", report.generatedAt],
    ["rangeDays", report.range.days],
    ["from", report.range.from],
    ["to", report.range.to],
    ["timeZone", report.range.timeZone],
    ...Object.entries(report.summary).map(([key, value]) => [`summary.${key}`, value] as [string, string | number]),
    ...Object.entries(report.counts).map(([key, value]) => [`counts.${key}`, value] as [string, number]),
    ...tallyRows("collected", { total: report.collected.total, ...report.collected.byMethod }),
    ...tallyRows("aging", { ...report.aging.buckets, total: report.aging.total }),
  ];
}

function tallyRows(prefix: string, tallied: Record<string, TallyOut>): [string, string | number][] {
  return Object.entries(tallied).flatMap(([key, t]): [string, string | number][] => [
    [`${prefix}.${key}.amount`, t.amount],
    [`${prefix}.${key}.count`, t.count],
  ]);
}
