import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { isBlankLine } from "~/lib/ai-editor";
import { NEW_LINE, PRICE_SAVE_PREFIX, priceLine, type PricePanelState } from "~/lib/estimate-form";
import { previewTotals } from "~/lib/estimate-schema";
import { formatMoney, MAX_RATE, parsePercentRate, rateToPercent } from "~/lib/money";
import { PriceBookPicker } from "./price-book-picker";
import { buttonClass } from "./ui/button";
import { useLineFocus } from "./ui/line-focus";
import { ErrorList, inputClass } from "./ui/forms";

type Line = { description: string; quantity: string; unitPrice: string; discountPercent: string; taxable: string };

/** A line of a form whose lines may be optional (`optionalLines`). */
type OptionalRow<Schema extends Record<string, unknown>> = { optional: FieldMetadata<string, Schema, string[]> };

/**
 * The lines of a document form (description, quantity, unit price, discount, the line's total,
 * Remove; under each line its taxable box) and its totals box: the estimate editor's and the
 * recurring invoice's. "Add item" and "Remove" are conform list buttons, so they work without
 * JavaScript; with it, the totals follow every keystroke. The server computes them again.
 *
 * The estimate editor adds `optionalLines` (an "optional" box under each line, and a note under
 * the totals once one is ticked) and `priceBook` (a "Save to price book" button under each line,
 * and the price book picker under "Add item", which fills the empty first line or adds one).
 */
export function LineItemsFieldset<Schema extends { items: Line[]; taxRate: string }>({
  form,
  items,
  taxRate,
  locale,
  currency,
  optionalLines = false,
  priceBook,
  totalsTestId = "document-totals",
}: {
  form: FormMetadata<Schema, string[]>;
  items: FieldMetadata<Line[], Schema, string[]>;
  taxRate: FieldMetadata<string, Schema, string[]>;
  locale: string;
  currency: string;
  /** Lines the customer may choose when approving (the estimate's lines have `optional`). */
  optionalLines?: boolean;
  /** The price book's save buttons and picker, with the picker's state after one of its buttons (no JavaScript). */
  priceBook?: { state?: PricePanelState };
  /** The totals box's test id. */
  totalsTestId?: string;
}) {
  const { t } = useTranslation();
  const lines = items.getFieldList();
  const lineFocus = useLineFocus(lines.map((line) => line.getFieldset().description.id));
  const values = Array.isArray(form.value?.items) ? (form.value.items as Partial<Line & { optional: string }>[]) : [];
  const totals = previewTotals(values, taxRate.value, true);
  const rate = parsePercentRate(taxRate.value ?? "");
  const money = (cents: number) => formatMoney(cents, locale, currency);
  return (
    <>
      <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t("estimates.lineItems")}</legend>
        {/* The unticked "taxable" boxes send nothing: this marker says the form had them (decision 019). */}
        <input type="hidden" name="lineFlags" value="1" />
        <div
          className="hidden grid-cols-[1fr_5rem_7rem_5rem_7rem_5.5rem] gap-2 px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:grid dark:text-slate-400"
          aria-hidden="true"
        >
          <span>{t("estimates.itemDescription")}</span>
          <span>{t("estimates.quantity")}</span>
          <span>{t("estimates.unitPrice")}</span>
          <span>{t("estimates.discount")}</span>
          <span className="text-right">{t("estimates.lineTotal")}</span>
          <span />
        </div>
        <ol className="space-y-2" data-testid="line-items">
          {lines.map((line, index) => {
            const row = line.getFieldset();
            const number = index + 1;
            const lineTotal = totals.lineTotals[index];
            const rowErrors = [
              row.description.errors,
              row.quantity.errors,
              row.unitPrice.errors,
              row.discountPercent.errors,
            ].flatMap((e) => e ?? []);
            return (
              <li key={line.key} data-testid="line-item">
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_5rem_7rem_5rem_7rem_5.5rem] sm:items-center">
                  <input
                    {...getInputProps(row.description, { type: "text" })}
                    aria-label={t("estimates.lineDescription", { line: number })}
                    placeholder={t("estimates.itemDescription")}
                    maxLength={500}
                    required
                    className={`col-span-2 sm:col-span-1 ${inputClass}`}
                  />
                  <input
                    {...getInputProps(row.quantity, { type: "number" })}
                    aria-label={t("estimates.lineQuantity", { line: number })}
                    placeholder={t("estimates.quantity")}
                    step="0.01"
                    min="0"
                    inputMode="decimal"
                    required
                    className={inputClass}
                  />
                  <input
                    {...getInputProps(row.unitPrice, { type: "number" })}
                    aria-label={t("estimates.lineUnitPrice", { line: number })}
                    placeholder={t("estimates.unitPrice")}
                    step="0.01"
                    min="0"
                    inputMode="decimal"
                    required
                    className={inputClass}
                  />
                  <input
                    {...getInputProps(row.discountPercent, { type: "number" })}
                    aria-label={t("estimates.lineDiscount", { line: number })}
                    placeholder={t("estimates.discount")}
                    step="0.01"
                    min="0"
                    max="100"
                    inputMode="decimal"
                    className={inputClass}
                  />
                  <output
                    aria-label={t("estimates.lineTotalOf", { line: number })}
                    data-testid="line-total"
                    className="self-center text-right text-sm tabular-nums"
                  >
                    {lineTotal === null || lineTotal === undefined ? "—" : money(lineTotal)}
                  </output>
                  <button
                    {...form.remove.getButtonProps({ name: items.name, index })}
                    onClick={lineFocus.onRemove(index)}
                    disabled={lines.length <= 1}
                    aria-label={t("estimates.removeItem", { line: number })}
                    className="justify-self-end rounded px-2 py-1 text-sm text-red-600 hover:bg-red-50 dark:text-red-400 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent dark:hover:bg-slate-800 dark:disabled:text-slate-600"
                  >
                    {t("estimates.remove")}
                  </button>
                </div>
                <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 px-1 text-sm">
                  <label className="inline-flex items-center gap-1.5">
                    <input
                      {...getInputProps(row.taxable, { type: "checkbox" })}
                      aria-label={t("estimates.lineTaxable", { line: number })}
                      className="rounded border-slate-300"
                    />
                    {t("estimates.taxable")}
                  </label>
                  {optionalLines ? (
                    <label className="inline-flex items-center gap-1.5">
                      <input
                        {...getInputProps((row as unknown as OptionalRow<Schema>).optional, { type: "checkbox" })}
                        aria-label={t("estimates.lineOptional", { line: number })}
                        className="rounded border-slate-300"
                      />
                      {t("estimates.optional")}
                    </label>
                  ) : null}
                  {priceBook ? (
                    <button
                      type="submit"
                      name="intent"
                      value={`${PRICE_SAVE_PREFIX}${index}`}
                      formNoValidate
                      aria-label={t("priceBook.saveLineOf", { line: number })}
                      className="text-brand-600 underline hover:no-underline dark:text-brand-500"
                    >
                      {t("priceBook.saveLine")}
                    </button>
                  ) : null}
                </div>
                <ErrorList errors={rowErrors.length ? [...new Set(rowErrors)] : null} />
              </li>
            );
          })}
        </ol>
        <ErrorList id="line-items-error" errors={items.errors} />
        <div className="mt-3">
          <button
            {...form.insert.getButtonProps({ name: items.name, defaultValue: NEW_LINE })}
            onClick={lineFocus.onAdd}
            className={buttonClass("secondary", "px-3 py-1.5")}
          >
            + {t("estimates.addItem")}
          </button>
        </div>
        {priceBook ? (
          <div className="mt-3">
            <PriceBookPicker
              state={priceBook.state}
              currency={currency}
              locale={locale}
              onPick={(item) => {
                const last = lines[lines.length - 1];
                // The new estimate's first, empty row takes the item; otherwise it comes last.
                if (last && isBlankLine(values[lines.length - 1])) form.update({ name: last.name, value: priceLine(item) });
                else form.insert({ name: items.name, defaultValue: priceLine(item) });
              }}
            />
          </div>
        ) : null}
      </fieldset>

      <dl className="ml-auto w-full max-w-xs space-y-1 text-sm" data-testid={totalsTestId} aria-live="polite">
        <div className="flex justify-between">
          <dt>{t("estimates.subtotal")}</dt>
          <dd data-testid="subtotal" className="tabular-nums">
            {money(totals.subtotal)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>{t("estimates.tax", { rate: rate !== null && rate >= 0 && rate <= MAX_RATE ? rateToPercent(rate) : "0.00" })}</dt>
          <dd data-testid="tax" className="tabular-nums">
            {money(totals.taxAmount)}
          </dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-1 text-base font-semibold dark:border-slate-700">
          <dt>{t("estimates.grandTotal")}</dt>
          <dd data-testid="total" className="tabular-nums">
            {money(totals.total)}
          </dd>
        </div>
      </dl>

      {optionalLines && values.some((item) => item?.optional === "on") ? (
        <p className="ml-auto max-w-xs text-right text-xs text-slate-500 dark:text-slate-400" data-testid="optional-note">
          {t("estimates.optionalTotalNote")}
        </p>
      ) : null}
    </>
  );
}
