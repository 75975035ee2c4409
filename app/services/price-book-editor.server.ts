import type { SubmissionResult } from "@conform-to/react";
import { isBlankLine } from "~/lib/ai-editor";
import {
  PRICE_ADD_PREFIX,
  PRICE_QUERY_FIELD,
  PRICE_SAVE_PREFIX,
  priceLine,
  type PriceOption,
  type PricePanelState,
} from "~/lib/estimate-form";
import { MAX_LINE_ITEMS } from "~/lib/estimate-schema";
import { priceItemFormSchema } from "~/lib/price-item-schema";
import { messageKey } from "~/infrastructure/i18n";
import type { TextKey } from "~/locales/keys";
import { createPriceItem, getPriceItem, searchPriceItems, type PriceItem } from "~/models/price-item.server";

// The estimate editor's price book buttons (docs/product/price-book.md): "Search", "Add" and "Save to price
// book" post the whole editor form, with or without JavaScript; the action answers the
// editor again with everything typed kept (and the line added), nothing saved but the item.

export const priceOption = ({ id, name, description, unitPrice, unit, taxable }: PriceItem): PriceOption => ({
  id,
  name,
  description,
  unitPrice,
  unit,
  taxable,
});

type Items = Record<string, unknown>[];

const notice = (type: "success" | "error", title: TextKey, description: TextKey, values?: Record<string, string>) => ({
  type,
  title,
  description,
  values,
});

/** Runs one of the price book buttons on a posted editor form (its reply shows the form as typed). */
export async function runPriceBook(
  accountId: string,
  formData: FormData,
  intent: string,
  shown: SubmissionResult<string[]>,
): Promise<{ result: SubmissionResult<string[]>; priceBook: PricePanelState }> {
  const query = String(formData.get(PRICE_QUERY_FIELD) ?? "").slice(0, 200);
  const results = (await searchPriceItems(accountId, query, 10)).map(priceOption);
  const panel: PricePanelState = { query, results, notice: null };
  const current = Array.isArray(shown.initialValue?.items) ? (shown.initialValue.items as Items) : [];

  if (intent.startsWith(PRICE_ADD_PREFIX)) {
    const item = await getPriceItem(accountId, intent.slice(PRICE_ADD_PREFIX.length).slice(0, 100));
    if (!item)
      return { result: shown, priceBook: { ...panel, notice: notice("error", "toast.errorTitle", "priceBook.picker.none") } };
    const items = [...current.filter((line, index) => index < current.length - 1 || !isBlankLine(line)), priceLine(item)];
    if (items.length > MAX_LINE_ITEMS) {
      return { result: shown, priceBook: { ...panel, notice: notice("error", "toast.errorTitle", "estimates.tooManyItems") } };
    }
    // As the assistant's "Add to estimate": an update of the line list, which conform
    // renders without JavaScript and applies in place with it.
    const update = { type: "update", payload: { name: "items", value: items } } as NonNullable<
      SubmissionResult<string[]>["intent"]
    >;
    return {
      result: { initialValue: { ...shown.initialValue, items: items as never }, intent: update },
      priceBook: { ...panel, notice: notice("success", "priceBook.picker.add", "priceBook.picker.addItem", { name: item.name }) },
    };
  }

  if (intent.startsWith(PRICE_SAVE_PREFIX)) {
    const index = Number(intent.slice(PRICE_SAVE_PREFIX.length));
    const line = Number.isSafeInteger(index) ? (current[index] as Record<string, unknown> | undefined) : undefined;
    const parsed = priceItemFormSchema.safeParse({
      name: line?.description,
      unitPrice: line?.unitPrice,
      taxable: line?.taxable,
    });
    if (!parsed.success) {
      const reason = messageKey(parsed.error.issues[0]?.message ?? "priceBook.nameRequired");
      return { result: shown, priceBook: { ...panel, notice: notice("error", "toast.errorTitle", reason) } };
    }
    const item = await createPriceItem(accountId, parsed.data);
    return {
      result: shown,
      priceBook: { ...panel, notice: notice("success", "priceBook.savedLine", "priceBook.savedLineBody", { name: item.name }) },
    };
  }

  return { result: shown, priceBook: panel };
}
