import { describe, expect, it } from "vitest";
import { accountSettings } from "#db/schema";
import { DEFAULT_TERMS, isDefaultTerms, termsFor } from "./default-terms";

describe("default terms", () => {
  it("the English defaults are the ones a new account stores", () => {
    expect(String(accountSettings.invoiceTerms.default)).toBe(DEFAULT_TERMS.invoice.en);
    expect(String(accountSettings.estimateTerms.default)).toBe(DEFAULT_TERMS.estimate.en);
  });

  it("a default prints in the document language, whichever language it was stored in", () => {
    expect(termsFor("invoice", DEFAULT_TERMS.invoice.en, "es")).toBe(DEFAULT_TERMS.invoice.es);
    expect(termsFor("estimate", DEFAULT_TERMS.estimate.es, "en")).toBe(DEFAULT_TERMS.estimate.en);
    expect(termsFor("invoice", `  ${DEFAULT_TERMS.invoice.en}\n`, "es")).toBe(DEFAULT_TERMS.invoice.es);
    // The Spanish default of earlier versions ("1,5 %") is still a default.
    const earlier = DEFAULT_TERMS.invoice.es.replace("1.5%", "1,5 %");
    expect(earlier).not.toBe(DEFAULT_TERMS.invoice.es);
    expect(termsFor("invoice", earlier, "en")).toBe(DEFAULT_TERMS.invoice.en);
    expect(termsFor("invoice", earlier, "es")).toBe(DEFAULT_TERMS.invoice.es);
  });

  it("terms the contractor wrote print as written", () => {
    expect(isDefaultTerms("invoice", "Net 15. Checks to Peña Electric.")).toBe(false);
    expect(termsFor("invoice", "Net 15. Checks to Peña Electric.", "es")).toBe("Net 15. Checks to Peña Electric.");
    expect(termsFor("invoice", "", "es")).toBe("");
  });
});
