import { describe, expect, it } from "vitest";
import { MISSING_INFORMATION, parseJobType, readAiAnswer, readAiRequest } from "./ai-result";
import { isBlankLine, suggestionLine } from "./ai-editor";

const answer = {
  suggestedItems: [
    { description: "GFCI outlet", quantity: 3, unit: "each", unitPrice: 24.99, total: 1, reasoning: "Three outlets" },
    { description: "Labor", quantity: "1.5", unit: "hour", unitPrice: "$95", reasoning: "Half an hour each" },
  ],
  marketAnalysis: { competitivePricing: "In range", profitMargin: 25, recommendations: ["Confirm on site"] },
  timeEstimate: "2 hours",
  riskFactors: ["Old wiring"],
};

describe("ai-result", () => {
  it("reads the nine job types by name or id, and nothing else", () => {
    expect(parseJobType("Electrical")).toBe("electrical");
    expect(parseJobType("General Contracting")).toBe("general");
    expect(parseJobType("general-contracting")).toBe("general");
    expect(parseJobType("HVAC")).toBe("hvac");
    expect(parseJobType("none")).toBeNull();
    expect(parseJobType("Carpentry")).toBeNull();
    expect(parseJobType(3)).toBeNull();
  });

  it("checks a model's answer and recomputes every total from cents", () => {
    const result = readAiAnswer(answer, "openai");
    expect(result?.suggestedItems).toEqual([
      { description: "GFCI outlet", quantity: 3, unit: "each", unitPrice: 24.99, total: 74.97, reasoning: "Three outlets" },
      { description: "Labor", quantity: 1.5, unit: "hour", unitPrice: 95, total: 142.5, reasoning: "Half an hour each" },
    ]);
    expect(result?.marketAnalysis.profitMargin).toBe("25%");
    expect(result?.source).toBe("openai");
  });

  it("refuses answers in another shape", () => {
    expect(readAiAnswer({ ...answer, suggestedItems: [] }, "openai")).toBeNull();
    expect(readAiAnswer({ ...answer, timeEstimate: undefined }, "openai")).toBeNull();
    expect(readAiAnswer({ ...answer, suggestedItems: [{ ...answer.suggestedItems[0], quantity: -1 }] }, "openai")).toBeNull();
    expect(
      readAiAnswer({ ...answer, suggestedItems: [{ ...answer.suggestedItems[0], unitPrice: "lots" }] }, "openai"),
    ).toBeNull();
    expect(readAiAnswer("text", "openai")).toBeNull();
    expect(readAiAnswer(null, "openai")).toBeNull();
  });

  it("reads a request: description and type required, location optional", () => {
    expect(readAiRequest({ jobDescription: "  fix it ", jobType: "Plumbing" })).toEqual({
      ok: true,
      value: { jobDescription: "fix it", jobType: "plumbing", location: null },
    });
    expect(readAiRequest({ jobDescription: "   ", jobType: "Plumbing" })).toMatchObject({
      ok: false,
      reason: "missing",
      message: MISSING_INFORMATION,
    });
    expect(readAiRequest({ jobDescription: "fix it", jobType: "none" })).toMatchObject({ ok: false, reason: "missing" });
    expect(readAiRequest({ jobDescription: "fix it" })).toMatchObject({ ok: false, reason: "missing" });
    expect(readAiRequest({ jobDescription: "x".repeat(4001), jobType: "Other" })).toMatchObject({ ok: false, reason: "tooLong" });
    expect(readAiRequest({ jobDescription: "fix it", jobType: "Other", location: 12 })).toMatchObject({
      ok: false,
      reason: "badLocation",
    });
  });

  it("turns a suggestion into an editor line, with its unit in the description", () => {
    expect(
      suggestionLine({
        description: "Electrician labor",
        quantity: 1.5,
        unit: "hour",
        unitPrice: 95,
        total: 142.5,
        reasoning: "",
      }),
    ).toEqual({
      description: "Electrician labor (hour)",
      quantity: "1.5",
      unitPrice: "95.00",
      discountPercent: "0",
      taxable: "on",
      optional: "",
    });
    expect(
      suggestionLine({ description: "Receptacle", quantity: 3, unit: "each", unitPrice: 6, total: 18, reasoning: "" }),
    ).toEqual({
      description: "Receptacle",
      quantity: "3",
      unitPrice: "6.00",
      discountPercent: "0",
      taxable: "on",
      optional: "",
    });
    // A price book item that is not taxed (labor, in most states) keeps that on the line.
    expect(
      suggestionLine({ description: "Labor", quantity: 1, unit: "hour", unitPrice: 95, total: 95, reasoning: "", taxable: false })
        .taxable,
    ).toBe("");
    expect(isBlankLine({ description: "", quantity: "1", unitPrice: "" })).toBe(true);
    expect(isBlankLine({ description: "Labor", quantity: "1" })).toBe(false);
  });
});
