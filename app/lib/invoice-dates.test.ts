import { describe, expect, it } from "vitest";
import { formatDocumentDate } from "./invoice-dates";
import { formatQuantity, formatRatePercent } from "./invoice-document";

describe("document dates", () => {
  it("formats days as MMM dd, yyyy in the interface language", () => {
    expect(formatDocumentDate("2025-06-01", "en")).toBe("Jun 01, 2025");
    expect(formatDocumentDate("2025-01-09", "es")).toBe("9 ene 2025");
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
