// The AI assistant and the built-in estimator prefer the contractor's own prices (docs/decisions/019):
// a suggested item whose description names an item of the price book takes that item's
// price and taxable setting, and says so in its reasoning.
import { fromHundredths, normalizeItem, type AiEstimateResult, type AiSuggestedItem } from "./ai-result";
import { withoutAccents } from "./without-accents";

export interface OwnPrice {
  name: string;
  /** Cents. */
  unitPrice: number;
  taxable: boolean;
}

const NOTE = { en: "Price from your price book.", es: "Precio de su lista de precios." };

/** Lower case, no accents, words separated by single spaces. */
function words(text: string): string {
  return ` ${withoutAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
}

/** The price book item a description names: the longest item name (of 3 characters or more) found in it as whole words. */
export function matchOwnPrice(description: string, prices: readonly OwnPrice[]): OwnPrice | undefined {
  const text = words(description);
  let best: OwnPrice | undefined;
  let bestLength = 0;
  for (const price of prices) {
    const name = words(price.name);
    if (name.trim().length < 3 || !text.includes(name)) continue;
    if (name.length > bestLength) {
      best = price;
      bestLength = name.length;
    }
  }
  return best;
}

/** The result with the price book's prices where a suggestion names one of its items. */
export function preferOwnPrices(result: AiEstimateResult, prices: readonly OwnPrice[], language: "en" | "es"): AiEstimateResult {
  if (prices.length === 0) return result;
  const suggestedItems = result.suggestedItems.map((item): AiSuggestedItem => {
    const own = matchOwnPrice(item.description, prices);
    if (!own) return item;
    const reasoning = [item.reasoning, NOTE[language]].filter(Boolean).join(" ");
    return { ...normalizeItem({ ...item, unitPrice: fromHundredths(own.unitPrice), reasoning }), taxable: own.taxable };
  });
  return { ...result, suggestedItems };
}
