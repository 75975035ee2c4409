import { describe, expect, it } from "vitest";
import { csvField, csvLine, parseCsv } from "./csv";

describe("parseCsv", () => {
  it("reads quoted fields with commas, quotes, line breaks and accents, and drops the BOM", () => {
    const text = '\uFEFFname,notes\r\n"Peña, José","Said ""call first""\nthen text"\r\nZoë Ångström,\n';
    expect(parseCsv(text)).toEqual([
      ["name", "notes"],
      ["Peña, José", 'Said "call first"\nthen text'],
      ["Zoë Ångström", ""],
    ]);
  });
  it("skips blank lines and reads a last line without a newline", () => {
    expect(parseCsv("a,b\n\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });
});

describe("writing CSV", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvField('He said "hi", twice')).toBe('"He said ""hi"", twice"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(null)).toBe("");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
  it("round-trips through the parser", () => {
    const values = ["Peña, José", 'x "y"', "line\nbreak", "plain"];
    expect(parseCsv(csvLine(values))).toEqual([values]);
  });
});
