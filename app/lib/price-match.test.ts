import { describe, expect, it } from "vitest";
import type { AiEstimateResult } from "./ai-result";
import { matchOwnPrice, preferOwnPrices } from "./price-match";

const prices = [
  { name: "GFCI outlet", unitPrice: 2450, taxable: true },
  { name: "Electrician labor", unitPrice: 10500, taxable: false },
  { name: "Outlet", unitPrice: 900, taxable: true },
  { name: "ab", unitPrice: 1, taxable: true },
];

describe("the contractor's own prices", () => {
  it("matches the longest item name found as whole words, ignoring case and accents", () => {
    expect(matchOwnPrice("Install one outlet (each)", prices)?.name).toBe("Outlet");
    expect(matchOwnPrice("GFCI Outlet, 20 A", prices)?.name).toBe("GFCI outlet");
    expect(matchOwnPrice("Electrician labor (hour)", prices)?.name).toBe("Electrician labor");
    expect(matchOwnPrice("Panel upgrade", prices)).toBeUndefined();
    expect(matchOwnPrice("ab cd", prices)).toBeUndefined();
  });

  it("replaces the price and total, keeps the quantity, sets taxable and says so", () => {
    const result: AiEstimateResult = {
      suggestedItems: [
        {
          description: "Electrician labor",
          quantity: 2.5,
          unit: "hour",
          unitPrice: 95,
          total: 237.5,
          reasoning: "Typical rate.",
        },
        { description: "Panel upgrade", quantity: 1, unit: "each", unitPrice: 1800, total: 1800, reasoning: "" },
      ],
      marketAnalysis: { competitivePricing: "", profitMargin: "", recommendations: [] },
      timeEstimate: "",
      riskFactors: [],
    } as unknown as AiEstimateResult;
    const preferred = preferOwnPrices(result, prices, "en");
    expect(preferred.suggestedItems[0]).toMatchObject({
      quantity: 2.5,
      unitPrice: 105,
      total: 262.5,
      taxable: false,
      reasoning: "Typical rate. Price from your price book.",
    });
    expect(preferred.suggestedItems[1]).toEqual(result.suggestedItems[1]);
    expect(preferOwnPrices(result, [], "en")).toBe(result);
  });
});
