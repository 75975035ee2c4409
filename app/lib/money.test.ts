import { describe, expect, it } from "vitest";
import {
  centsToString,
  documentTotals,
  formatMoney,
  lineTotal,
  MAX_CENTS,
  parseCents,
  parseFractionRate,
  parsePercentRate,
  rateToPercent,
  rateToString,
  taxAmount,
  withinMoneyLimit,
} from "./money";

describe("parsing decimals", () => {
  it("reads money with up to two places as cents", () => {
    expect(parseCents("12")).toBe(1200);
    expect(parseCents("12.5")).toBe(1250);
    expect(parseCents("0.07")).toBe(7);
    expect(parseCents(".5")).toBe(50);
    expect(parseCents("-3.10")).toBe(-310);
    expect(parseCents(19.99)).toBe(1999);
  });
  it("refuses anything that is not a plain decimal with at most two places", () => {
    for (const bad of ["", "abc", "1.234", "1e3", "1,000", "NaN", "Infinity", "--1", "1.2.3", " "]) {
      expect(parseCents(bad), bad).toBeNull();
    }
    expect(parseCents(Number.NaN)).toBeNull();
  });
  it("reads tax rates as percent and as fraction into ten-thousandths", () => {
    expect(parsePercentRate("8.25")).toBe(825);
    expect(parseFractionRate("0.0825")).toBe(825);
    expect(parseFractionRate("0.08251")).toBeNull();
    expect(rateToString(825)).toBe("0.0825");
    expect(rateToPercent(825)).toBe("8.25");
  });
});

describe("arithmetic", () => {
  it("multiplies quantity by unit price exactly and rounds half away from zero", () => {
    expect(lineTotal(150, 1999)).toBe(2999); // 1.5 × 19.99 = 29.985 → 29.99
    expect(lineTotal(-150, 1999)).toBe(-2999);
    expect(lineTotal(33, 1)).toBe(0); // 0.33 × 0.01 = 0.0033
    expect(lineTotal(50, 1)).toBe(1); // 0.5 × 0.01 = 0.005 → 0.01
  });
  it("computes tax on the subtotal once", () => {
    expect(taxAmount(10000, 825)).toBe(825);
    expect(taxAmount(2999, 825)).toBe(247); // 247.4175 → 247
    expect(taxAmount(6, 825)).toBe(0); // 0.495 → 0
    expect(taxAmount(200, 2500)).toBe(50);
  });
  it("totals a document where float arithmetic would drift", () => {
    const lines = Array.from({ length: 10 }, () => ({ quantity: 100, unitPrice: 10 })); // ten × $0.10
    const totals = documentTotals(lines, 825);
    expect(totals.subtotal).toBe(100);
    expect(totals.taxAmount).toBe(8);
    expect(totals.total).toBe(108);
  });
  it("stays exact at the money limit", () => {
    expect(lineTotal(100, MAX_CENTS)).toBe(MAX_CENTS);
    expect(taxAmount(MAX_CENTS, 99_999)).toBe(99_998_999_990); // 99,999,999.99 × 9.9999 = 999,989,999.900001
    expect(withinMoneyLimit(MAX_CENTS)).toBe(true);
    expect(withinMoneyLimit(MAX_CENTS + 1)).toBe(false);
  });
});

describe("formatting", () => {
  it("writes cents as API decimal strings", () => {
    expect(centsToString(123450)).toBe("1234.50");
    expect(centsToString(5)).toBe("0.05");
    expect(centsToString(-5)).toBe("-0.05");
  });
  it("formats for people in English and Spanish", () => {
    expect(formatMoney(123450, "en")).toBe("$1,234.50");
    expect(formatMoney(123450, "es")).toMatch(/1,234\.50|1\.234,50/);
  });
});
