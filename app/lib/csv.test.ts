import { describe, expect, it } from "vitest";
import { csvField, csvLine, withoutFormulaGuard } from "./csv";
import { parseDelimited } from "./table-import";

describe("writing CSV", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvField('He said "hi", twice')).toBe('"He said ""hi"", twice"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(null)).toBe("");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
  it("round-trips through the reader", () => {
    const values = ["Peña, José", 'x "y"', "line\nbreak", "plain; semi"];
    expect(parseDelimited(csvLine(values) + csvLine(values)).map((row) => row.cells)).toEqual([values, values]);
  });
});

describe("reading back a guarded formula", () => {
  it("drops only the quote csvField added", () => {
    for (const value of ["=SUM(A1)", "+1 512-555-0100", "-5", "@home", "O'Brien", "'quoted'"])
      expect(withoutFormulaGuard(csvField(value).replace(/^"|"$/g, ""))).toBe(value);
  });
});
