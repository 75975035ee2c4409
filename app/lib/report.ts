// The arithmetic of the reports screen (SPEC.md section 9), kept pure so it can be
// checked by hand: the period a range covers, the chart's periods, and the insights.
// Every ratio is computed on integers and rounded once, half up (all inputs are
// counts or sums that are never negative).
import { centsToString } from "./money";
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
 * invoices (SPEC.md section 9), rounded half up to the dollar; 0 when there are none.
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

/** Tenths as a one-decimal number in the interface language: 23 is "2.3" (English) or "2,3" (Spanish). */
export function formatTenths(tenths: number, language = "en"): string {
  const text = `${Math.floor(tenths / 10)}.${tenths % 10}`;
  return language === "es" ? text.replace(".", ",") : text;
}

export type ChartUnit = "week" | "month";

export interface ChartPeriod {
  /** The first calendar day of the period inside the window (`yyyy-MM-dd`). */
  from: string;
  /** The instant it starts in the account's zone. */
  start: Date;
}

/**
 * The revenue chart's periods: weeks (starting Sunday, DESIGN.md) for 7, 30 and 90
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

/** Outstanding invoices by how late they are, on the day the report is made. */
export const AGING_BUCKETS = ["current", "days1to30", "days31to60", "over60"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The figures the export carries (SPEC.md section 3, "Exported report"). */
export interface ReportFigures {
  totalRevenue: number;
  pendingRevenue: number;
  customers: number;
  jobs: { completed: number; active: number };
  estimates: { total: number };
  invoices: { total: number };
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
  ];
}
