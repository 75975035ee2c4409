import { describe, expect, it } from "vitest";
import { DEFAULT_PREFIXES, formatDocumentNumber, isDocumentPrefix, MAX_PREFIX_LENGTH, shortNumber } from "./document-number";

describe("formatDocumentNumber", () => {
  it("pads the number to 4 digits after the prefix, and lets longer numbers grow", () => {
    expect(formatDocumentNumber(DEFAULT_PREFIXES.estimate, 1)).toBe("EST-0001");
    expect(formatDocumentNumber(DEFAULT_PREFIXES.invoice, 42)).toBe("INV-0042");
    expect(formatDocumentNumber("EST-", 9999)).toBe("EST-9999");
    expect(formatDocumentNumber("EST-", 12345)).toBe("EST-12345");
    expect(formatDocumentNumber("EST-", 99_999_999)).toBe("EST-99999999");
    expect(formatDocumentNumber("2026/", 7)).toBe("2026/0007");
    expect(formatDocumentNumber("", 3)).toBe("0003");
  });
});

describe("isDocumentPrefix", () => {
  it("takes up to 12 letters, digits, - / . _ and inner spaces, or nothing", () => {
    for (const prefix of ["EST-", "INV-", "", "Q", "2026/", "F.", "est_", "Job No.", "ABCDEFGHIJKL"]) {
      expect(isDocumentPrefix(prefix), prefix).toBe(true);
    }
    expect("ABCDEFGHIJKL").toHaveLength(MAX_PREFIX_LENGTH);
  });

  it("refuses spaces at either end, other characters and more than 12 characters", () => {
    for (const prefix of [" EST-", "EST ", " ", "EST#", "Nº-", "PRÉS-", "EST\t", "A<b>", "ABCDEFGHIJKLM"]) {
      expect(isDocumentPrefix(prefix), prefix).toBe(false);
    }
  });
});

describe("shortNumber", () => {
  it("keeps the number without its prefix, and a timestamp number's last four digits", () => {
    expect(shortNumber("EST-0042")).toBe("0042");
    expect(shortNumber("E/2026/0042")).toBe("0042");
    expect(shortNumber("INV-12345")).toBe("12345");
    expect(shortNumber("EST-1718000001234")).toBe("1234");
    expect(shortNumber("DRAFT")).toBe("DRAFT");
  });
});
