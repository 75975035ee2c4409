import { describe, expect, it } from "vitest";
import {
  agingOf,
  agingThresholds,
  approvalRatePercent,
  averageInvoiceDollars,
  chartPeriods,
  collectedByMethod,
  divideRounded,
  formatTenths,
  jobsPerCustomerTenths,
  readReportRange,
  reportExport,
  reportExportRows,
  reportWindow,
  tallyTotal,
  talliesOut,
} from "./report";

describe("readReportRange", () => {
  it("takes 7, 30, 90 or 365 and defaults to 30", () => {
    expect(readReportRange("7")).toBe(7);
    expect(readReportRange("90")).toBe(90);
    expect(readReportRange("365")).toBe(365);
    for (const other of [null, "", "31", "abc", "-7", "7.0x"]) expect(readReportRange(other), String(other)).toBe(30);
  });
});

describe("insights (hand-computed)", () => {
  it("rounds half up, exactly", () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(7, 3)).toBe(2);
    expect(divideRounded(8, 3)).toBe(3);
    expect(divideRounded(0, 9)).toBe(0);
    expect(divideRounded(9_007_199_254_740_000, 1000)).toBe(9_007_199_254_740);
  });

  it("average invoice value: paid revenue over all invoices, whole dollars", () => {
    expect(averageInvoiceDollars(10_000, 3)).toBe(33); // $100.00 / 3 = $33.33
    expect(averageInvoiceDollars(25_000, 4)).toBe(63); // $62.50 rounds up
    expect(averageInvoiceDollars(24_996, 4)).toBe(62); // $62.49
    expect(averageInvoiceDollars(123_456, 1)).toBe(1235); // $1,234.56
    expect(averageInvoiceDollars(0, 5)).toBe(0);
    expect(averageInvoiceDollars(50_000, 0)).toBe(0);
  });

  it("jobs per customer in tenths", () => {
    expect(jobsPerCustomerTenths(7, 3)).toBe(23); // 2.333
    expect(jobsPerCustomerTenths(5, 4)).toBe(13); // 1.25 rounds up to 1.3
    expect(jobsPerCustomerTenths(1, 3)).toBe(3); // 0.333
    expect(jobsPerCustomerTenths(6, 3)).toBe(20);
    expect(jobsPerCustomerTenths(4, 0)).toBe(0);
    expect(formatTenths(23)).toBe("2.3");
    expect(formatTenths(20)).toBe("2.0");
    expect(formatTenths(3, "es")).toBe("0.3");
    expect(formatTenths(12_345, "es")).toBe("1,234.5");
  });

  it("approval rate as a whole percent", () => {
    expect(approvalRatePercent(1, 8)).toBe(13); // 12.5%
    expect(approvalRatePercent(1, 3)).toBe(33);
    expect(approvalRatePercent(2, 3)).toBe(67);
    expect(approvalRatePercent(3, 3)).toBe(100);
    expect(approvalRatePercent(0, 0)).toBe(0);
  });
});

describe("reportWindow", () => {
  it("covers today and the days before it, from midnight UTC when no zone is set", () => {
    const now = new Date("2025-06-11T15:30:00Z");
    const week = reportWindow(7, now, null);
    expect(week).toMatchObject({ days: 7, timeZone: "UTC", from: "2025-06-05", to: "2025-06-11" });
    expect(week.start.toISOString()).toBe("2025-06-05T00:00:00.000Z");
    expect(week.end).toBe(now);
    expect(reportWindow(30, now).from).toBe("2025-05-13");
    expect(reportWindow(90, now).from).toBe("2025-03-14");
    expect(reportWindow(365, now).from).toBe("2024-06-12");
  });

  it("counts days in the account's zone", () => {
    // 03:00 UTC on June 11 is still June 10 in Chicago (UTC-5 in summer).
    const now = new Date("2025-06-11T03:00:00Z");
    const window = reportWindow(7, now, "America/Chicago");
    expect(window).toMatchObject({ from: "2025-06-04", to: "2025-06-10", timeZone: "America/Chicago" });
    expect(window.start.toISOString()).toBe("2025-06-04T05:00:00.000Z");
    // Across the March change to daylight time: the start is midnight standard time.
    expect(reportWindow(7, new Date("2025-03-12T18:00:00Z"), "America/Chicago").start.toISOString()).toBe(
      "2025-03-06T06:00:00.000Z",
    );
    // A zone name the runtime does not know reads as UTC.
    expect(reportWindow(7, now, "Nowhere/Land").timeZone).toBe("UTC");
  });
});

describe("chartPeriods", () => {
  it("splits 30 days into weeks starting Sunday, the first one cut at the window's start", () => {
    // 2025-06-11 is a Wednesday; the window starts Tuesday 2025-05-13.
    const { unit, periods } = chartPeriods(reportWindow(30, new Date("2025-06-11T12:00:00Z")));
    expect(unit).toBe("week");
    expect(periods.map((p) => p.from)).toEqual(["2025-05-13", "2025-05-18", "2025-05-25", "2025-06-01", "2025-06-08"]);
    expect(periods[1].start.toISOString()).toBe("2025-05-18T00:00:00.000Z");
  });

  it("gives 7 days one or two weeks, and a year its months", () => {
    expect(chartPeriods(reportWindow(7, new Date("2025-06-11T12:00:00Z"))).periods.map((p) => p.from)).toEqual([
      "2025-06-05",
      "2025-06-08",
    ]);
    expect(chartPeriods(reportWindow(7, new Date("2025-06-14T12:00:00Z"))).periods.map((p) => p.from)).toEqual(["2025-06-08"]);
    const year = chartPeriods(reportWindow(365, new Date("2025-06-11T12:00:00Z")));
    expect(year.unit).toBe("month");
    expect(year.periods).toHaveLength(13);
    expect(year.periods[0].from).toBe("2024-06-12");
    expect(year.periods[1].from).toBe("2024-07-01");
    expect(year.periods[12].from).toBe("2025-06-01");
  });

  it("starts each period at midnight in the account's zone", () => {
    const { periods } = chartPeriods(reportWindow(30, new Date("2025-06-11T12:00:00Z"), "America/New_York"));
    expect(periods[1].start.toISOString()).toBe("2025-05-18T04:00:00.000Z");
  });
});

describe("reportExport", () => {
  it("has the exported report's shape: generated timestamp, summary and counts", () => {
    const window = reportWindow(30, new Date("2025-06-11T12:00:00Z"));
    const report = reportExport(
      window,
      {
        totalRevenue: 123_450,
        pendingRevenue: 5,
        customers: 4,
        jobs: { completed: 2, active: 3 },
        estimates: { total: 6 },
        invoices: { total: 7 },
        collected: collectedByMethod([
          { method: "check", count: 2, amount: 100_000 },
          { method: "card", count: 1, amount: 23_450 },
        ]),
        aging: agingOf([
          { bucket: "current", count: 1, amount: 5_000 },
          { bucket: "over90", count: 2, amount: 1 },
        ]),
      },
      { customers: 10, jobs: 11, estimates: 12, invoices: 13 },
      new Date("2025-06-11T12:34:56.789Z"),
    );
    expect(report).toEqual({
      generatedAt: "2025-06-11T12:34:56.789Z",
      range: { days: 30, from: "2025-05-13", to: "2025-06-11", timeZone: "UTC" },
      summary: {
        totalRevenue: "1234.50",
        pendingRevenue: "0.05",
        totalCustomers: 4,
        completedJobs: 2,
        activeJobs: 3,
        totalEstimates: 6,
        totalInvoices: 7,
      },
      counts: { customers: 10, jobs: 11, estimates: 12, invoices: 13 },
      // Added with the payments ledger (docs/decisions/020): the money collected by method and what is owed by age.
      collected: {
        total: { count: 3, amount: "1234.50" },
        byMethod: {
          card: { count: 1, amount: "234.50" },
          cash: { count: 0, amount: "0.00" },
          check: { count: 2, amount: "1000.00" },
          bank_transfer: { count: 0, amount: "0.00" },
          other: { count: 0, amount: "0.00" },
        },
      },
      aging: {
        total: { count: 3, amount: "50.01" },
        buckets: {
          current: { count: 1, amount: "50.00" },
          days1to30: { count: 0, amount: "0.00" },
          days31to60: { count: 0, amount: "0.00" },
          days61to90: { count: 0, amount: "0.00" },
          over90: { count: 2, amount: "0.01" },
        },
      },
    });
    expect(reportExportRows(report)).toContainEqual(["summary.totalRevenue", "1234.50"]);
    expect(reportExportRows(report)).toContainEqual(["collected.total.amount", "1234.50"]);
    expect(reportExportRows(report)).toContainEqual(["collected.check.count", 2]);
    expect(reportExportRows(report)).toContainEqual(["aging.over90.amount", "0.01"]);
    expect(reportExportRows(report)).toContainEqual(["aging.total.count", 3]);
    expect(reportExportRows(report)).toContainEqual(["counts.invoices", 13]);
    expect(reportExportRows(report)[0]).toEqual(["generatedAt", "2025-06-11T12:34:56.789Z"]);
  });
});

describe("money collected by method", () => {
  it("has every method, in the form's order, with what SQL grouped (partial payments are payments like any other)", () => {
    const byMethod = collectedByMethod([
      // Two partial payments of one invoice by check, and a card payment; SQL sums come back as numbers or strings.
      { method: "check", count: 2, amount: 30_000 },
      { method: "card", count: 1, amount: 10_825 },
      // A method this version does not know is left out rather than guessed.
      { method: "crypto", count: 1, amount: 1 },
    ]);
    expect(Object.keys(byMethod)).toEqual(["card", "cash", "check", "bank_transfer", "other"]);
    expect(byMethod.check).toEqual({ count: 2, amount: 30_000 });
    expect(byMethod.cash).toEqual({ count: 0, amount: 0 });
    expect(tallyTotal(byMethod)).toEqual({ count: 3, amount: 40_825 });
    expect(talliesOut(byMethod).card).toEqual({ count: 1, amount: "108.25" });
  });

  it("is all zeros without payments (every payment deleted)", () => {
    expect(tallyTotal(collectedByMethod([]))).toEqual({ count: 0, amount: 0 });
  });
});

describe("unpaid balances by age", () => {
  /** A due date's bucket as unpaidByAge's SQL reads the thresholds: no due date is current, else the first bucket whose start it is on or after. */
  const bucketOf = (dueDate: string | null, today: string) =>
    dueDate === null
      ? "current"
      : agingThresholds(today).find((threshold) => threshold.from === null || dueDate >= threshold.from)!.bucket;

  it("puts the edges where they belong: due today is current, 30 days late is 1-30, 31 is 31-60, 90 is 61-90, 91 is over 90", () => {
    const today = "2025-06-11";
    const cases: [string | null, string][] = [
      [null, "current"],
      ["2025-07-01", "current"],
      ["2025-06-11", "current"],
      ["2025-06-10", "days1to30"], // 1 day late
      ["2025-05-12", "days1to30"], // 30
      ["2025-05-11", "days31to60"], // 31
      ["2025-04-12", "days31to60"], // 60
      ["2025-04-11", "days61to90"], // 61
      ["2025-03-13", "days61to90"], // 90
      ["2025-03-12", "over90"], // 91
      ["2019-01-01", "over90"],
    ];
    for (const [due, bucket] of cases) expect(bucketOf(due, today), String(due)).toBe(bucket);
    expect(agingThresholds(today)).toEqual([
      { bucket: "current", from: "2025-06-11" },
      { bucket: "days1to30", from: "2025-05-12" },
      { bucket: "days31to60", from: "2025-04-12" },
      { bucket: "days61to90", from: "2025-03-13" },
      { bucket: "over90", from: null },
    ]);
  });

  it("counts across a month and a leap day by calendar days", () => {
    // 2024-03-01: 30 days before is 2024-01-31 (February has 29 days).
    expect(bucketOf("2024-01-31", "2024-03-01")).toBe("days1to30");
    expect(bucketOf("2024-01-30", "2024-03-01")).toBe("days31to60");
  });

  it("ages by the account's today: at one instant, due June 10 is current in Chicago (still June 10) and late in Tokyo (June 11)", () => {
    // 2025-06-11 04:30 UTC is June 10, 23:30 in Chicago and June 11, 13:30 in Tokyo.
    const now = new Date("2025-06-11T04:30:00Z");
    const chicago = reportWindow(30, now, "America/Chicago").to;
    const tokyo = reportWindow(30, now, "Asia/Tokyo").to;
    expect([chicago, tokyo]).toEqual(["2025-06-10", "2025-06-11"]);
    expect(bucketOf("2025-06-10", chicago)).toBe("current");
    expect(bucketOf("2025-06-10", tokyo)).toBe("days1to30");
    // One hour later Chicago's day turns too (June 11, 00:30).
    expect(bucketOf("2025-06-10", reportWindow(30, new Date("2025-06-11T05:30:00Z"), "America/Chicago").to)).toBe("days1to30");
    // Day 30 to day 31 at Chicago's midnight: due May 11 is 30 days late on June 10, 31 on June 11.
    expect(bucketOf("2025-05-11", chicago)).toBe("days1to30");
    expect(bucketOf("2025-05-11", tokyo)).toBe("days31to60");
  });

  it("tallies SQL's groups into every bucket", () => {
    const aging = agingOf([
      { bucket: "days61to90", count: 2, amount: 700 },
      { bucket: "current", count: 1, amount: 50 },
      { bucket: "over60", count: 9, amount: 9 }, // a bucket of old: ignored
    ]);
    expect(aging).toEqual({
      current: { count: 1, amount: 50 },
      days1to30: { count: 0, amount: 0 },
      days31to60: { count: 0, amount: 0 },
      days61to90: { count: 2, amount: 700 },
      over90: { count: 0, amount: 0 },
    });
  });
});
