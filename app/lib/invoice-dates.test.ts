import { describe, expect, it } from "vitest";
import { formatDocumentDate } from "./invoice-dates";
import { formatQuantity, formatRatePercent } from "./invoice-document";
import { addDays, dayKey } from "./clock";

describe("document dates", () => {
  it("finds the calendar day of an instant in a time zone, UTC by default", () => {
    const instant = new Date("2025-06-01T03:30:00Z");
    expect(dayKey(instant)).toBe("2025-06-01");
    expect(dayKey(instant, "America/Chicago")).toBe("2025-05-31");
    expect(dayKey(instant, "Not/AZone")).toBe("2025-06-01");
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2025-06-15", 30)).toBe("2025-07-15");
    expect(addDays("2025-12-15", 30)).toBe("2026-01-14");
    expect(addDays("2024-02-01", 30)).toBe("2024-03-02");
    expect(() => addDays("15/06/2025", 1)).toThrow();
  });

  it("formats days as MMM dd, yyyy in the interface language", () => {
    expect(formatDocumentDate("2025-06-01", "en")).toBe("Jun 01, 2025");
    expect(formatDocumentDate("2025-01-09", "es")).toBe("ene 09, 2025");
    expect(formatDocumentDate(new Date("2025-06-01T03:30:00Z"), "en", "America/Chicago")).toBe("May 31, 2025");
    expect(formatDocumentDate(null)).toBe("");
  });
});

describe("document numbers for people", () => {
  it("shows quantities without trailing zeros", () => {
    expect(formatQuantity(150)).toBe("1.5");
    expect(formatQuantity(200)).toBe("2");
    expect(formatQuantity(25)).toBe("0.25");
    expect(formatQuantity(123456)).toBe("1,234.56");
  });

  it("shows tax rates in percent", () => {
    expect(formatRatePercent(825)).toBe("8.25");
    expect(formatRatePercent(800)).toBe("8");
    expect(formatRatePercent(750)).toBe("7.5");
    expect(formatRatePercent(0)).toBe("0");
    expect(formatRatePercent(1000)).toBe("10");
  });
});
