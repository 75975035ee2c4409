import { describe, expect, it } from "vitest";
import {
  centsToString,
  documentTotals,
  formatCount,
  formatNumber,
  formatMoney,
  formatWholeMoney,
  lineTotal,
  MAX_CENTS,
  MAX_DISCOUNT,
  parseCents,
  parseQuantity,
  parseDiscountPercent,
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
    for (const bad of ["", "abc", "1.234", "1e3", "NaN", "Infinity", "--1", "1.2.3", " "]) {
      expect(parseCents(bad), bad).toBeNull();
    }
    expect(parseCents(Number.NaN)).toBeNull();
  });
  it("reads thousands grouped with commas, and no other comma", () => {
    expect(parseCents("1,000")).toBe(100000);
    expect(parseCents("1,250.50")).toBe(125050);
    expect(parseCents(" 12,345,678.9 ")).toBe(1234567890);
    expect(parseCents("-2,500")).toBe(-250000);
    expect(parseQuantity("1,200.25")).toBe(120025);
    // A decimal comma, or groups that are not of three digits, stay unread (the form says how to write it).
    for (const bad of ["12,50", "1,2345", ",250", "1,250,0", "1,,250", "1,250.123", "1234,567", "1,250,"]) {
      expect(parseCents(bad), bad).toBeNull();
    }
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
  it("formats whole currency units and counts, each language and currency with its own formatter", () => {
    expect(formatWholeMoney(63, "en")).toBe("$63");
    expect(formatWholeMoney(1234, "en", "EUR")).toBe("€1,234");
    expect(formatWholeMoney(1234, "en")).toBe("$1,234");
    expect(formatCount(1234567, "en")).toBe("1,234,567");
    expect(formatCount(1234567, "es")).toBe((1234567).toLocaleString("es-US"));
    expect(formatCount(0, "en")).toBe("0");
  });
  it("formats numbers with their own decimals, exact decimal strings as written", () => {
    expect(formatNumber("1234.50", "en")).toBe("1,234.5");
    expect(formatNumber("0.25", "es")).toBe((0.25).toLocaleString("es-US"));
    expect(formatNumber("2.30", "en", 1, 1)).toBe("2.3");
    expect(formatNumber("2", "en", 1, 1)).toBe("2.0");
    // The same language with other decimals gets its own formatter, not the first one made.
    expect(formatNumber("2.345", "en", 0, 2)).toBe("2.35");
    expect(formatNumber("9007199254740993.5", "en", 0, 1)).toBe("9,007,199,254,740,993.5");
  });
});

describe("the line rule: discounts, taxable lines, optional lines (decision 019)", () => {
  it("takes the discount off the line and rounds half up once per line", () => {
    expect(lineTotal(100, 10000, 1000)).toBe(9000); // 1 × 100.00 − 10%
    expect(lineTotal(100, 1999, 1250)).toBe(1749); // 19.99 × 0.875 = 17.49125
    expect(lineTotal(100, 1, 5000)).toBe(1); // 0.005 → 0.01 (half up)
    expect(lineTotal(100, 1, 5001)).toBe(0); // 0.004999 → 0.00
    expect(lineTotal(333, 333, 333)).toBe(1072); // 3.33 × 3.33 × 0.9667 = 10.7196...
  });

  it("a 100% discount gives 0.00, never −0.01", () => {
    expect(lineTotal(150, 1999, MAX_DISCOUNT)).toBe(0);
    expect(Object.is(lineTotal(150, 1999, MAX_DISCOUNT), -0)).toBe(false);
    const totals = documentTotals([{ quantity: 99_999, unitPrice: 999_999, discountPercent: 10_000 }], 825);
    expect(totals).toEqual({ lineTotals: [0], subtotal: 0, taxAmount: 0, total: 0 });
  });

  it("tiny quantities round to the cent", () => {
    expect(lineTotal(1, 1, 0)).toBe(0); // 0.01 × 0.01
    expect(lineTotal(1, 50, 0)).toBe(1); // 0.01 × 0.50 = 0.005 → 0.01
    expect(lineTotal(1, 49, 0)).toBe(0);
    expect(lineTotal(1, 100, 5000)).toBe(1); // 0.01 × 1.00 × 0.5 = 0.005 → 0.01
  });

  it("taxes only the taxable lines, rounding the tax once", () => {
    const totals = documentTotals(
      [
        { quantity: 100, unitPrice: 10000, taxable: false }, // labor 100.00
        { quantity: 100, unitPrice: 3333, taxable: true }, // material 33.33
        { quantity: 100, unitPrice: 3333 }, // taxable by default
      ],
      825,
    );
    // 66.66 × 8.25% = 5.49945 → 5.50
    expect(totals).toEqual({ lineTotals: [10000, 3333, 3333], subtotal: 16666, taxAmount: 550, total: 17216 });
  });

  it("with every line untaxed, there is no tax", () => {
    const lines = Array.from({ length: 5 }, () => ({ quantity: 250, unitPrice: 4999, taxable: false }));
    expect(documentTotals(lines, 99_999)).toEqual({
      lineTotals: [12498, 12498, 12498, 12498, 12498],
      subtotal: 62490,
      taxAmount: 0,
      total: 62490,
    });
  });

  it("many lines: the subtotal is the sum of the rounded lines, the tax one rounding of the taxable sum", () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({
      quantity: 1 + ((i * 37) % 1000),
      unitPrice: 1 + ((i * 7919) % 100_000),
      discountPercent: (i * 331) % 10_001,
      taxable: i % 3 !== 0,
    }));
    const totals = documentTotals(lines, 825);
    // The same rule in exact rationals: every line rounded by itself, half up.
    const expected = lines.map((l) => {
      const n = BigInt(l.quantity) * BigInt(l.unitPrice) * BigInt(10_000 - l.discountPercent);
      const d = 1_000_000n;
      return Number((n * 2n + d) / (2n * d));
    });
    expect(totals.lineTotals).toEqual(expected);
    expect(totals.subtotal).toBe(expected.reduce((a, b) => a + b, 0));
    const taxable = expected.filter((_, i) => lines[i].taxable).reduce((a, b) => a + b, 0);
    expect(totals.taxAmount).toBe(Number((BigInt(taxable) * 825n * 2n + 10_000n) / 20_000n));
    expect(totals.total).toBe(totals.subtotal + totals.taxAmount);
  });

  it("an optional line that was not chosen counts in no sum", () => {
    const totals = documentTotals(
      [
        { quantity: 100, unitPrice: 10000 },
        { quantity: 100, unitPrice: 5000, optional: true },
      ],
      1000,
    );
    expect(totals).toEqual({ lineTotals: [10000, 5000], subtotal: 10000, taxAmount: 1000, total: 11000 });
  });

  it("reads a discount with at most two decimals", () => {
    expect(parseDiscountPercent("12.5")).toBe(1250);
    expect(parseDiscountPercent(100)).toBe(10_000);
    expect(parseDiscountPercent("12.345")).toBeNull();
  });

  it("existing lines (taxable, no discount) keep their totals", () => {
    const before = [
      { quantity: 150, unitPrice: 1999 },
      { quantity: 33, unitPrice: 1 },
    ];
    const after = before.map((line) => ({ ...line, taxable: true, discountPercent: 0 }));
    expect(documentTotals(after, 825)).toEqual(documentTotals(before, 825));
    expect(documentTotals(before, 825)).toEqual({ lineTotals: [2999, 0], subtotal: 2999, taxAmount: 247, total: 3246 });
  });
});
