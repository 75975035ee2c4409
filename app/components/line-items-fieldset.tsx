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

/** The line's columns from `sm` up (description, quantity, unit price, discount, total); below it two columns. */
const LINE_GRID = "sm:grid-cols-[1fr_6rem_7rem_6rem_7rem]";
/** A field's own label on a phone; from `sm` up the column headings name the fields. */
const lineLabel = "mb-1 block text-xs font-medium text-slate-600 sm:hidden dark:text-slate-400";
/** A line's checkbox with its text: the whole label is the target, 44 px tall on a phone. */
const lineChoice = "inline-flex min-h-11 cursor-pointer items-center gap-2 sm:min-h-0 sm:gap-1.5 sm:py-1";

type Line = { description: string; quantity: string; unitPrice: string; discountPercent: string; taxable: string };

/** A line of a form whose lines may be optional (`optionalLines`). */
type OptionalRow<Schema extends Record<string, unknown>> = { optional: FieldMetadata<string, Schema, string[]> };

/**
 * The lines of a document form (description, quantity, unit price, discount, the line's total;
 * under each line its taxable box and Remove) and its totals box: the estimate editor's and the
 * recurring invoice's. From `sm` up a line is a row under the columns' names; below it each
 * field has its own label over two columns, and every control is a 44 px target. Each field's
 * spoken name ("Qty, line 2 quantity") holds its visible label. "Add item" and "Remove" are
 * conform list buttons, so they work without JavaScript; with it, the totals follow every
 * keystroke. The server computes them again.
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
        {/* The columns' names, from `sm` up; below it each field has its own label. */}
        <div
          className={`hidden ${LINE_GRID} gap-2 px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:grid dark:text-slate-400`}
          aria-hidden="true"
        >
          <span>{t("estimates.itemDescription")}</span>
          <span>{t("estimates.quantity")}</span>
          <span>{t("estimates.unitPrice")}</span>
          <span>{t("estimates.discount")}</span>
          <span className="text-right">{t("estimates.lineTotal")}</span>
        </div>
        <ol className="divide-y divide-slate-200 sm:divide-y-0 dark:divide-slate-700" data-testid="line-items">
          {lines.map((line, index) => {
            const row = line.getFieldset();
            const optional = (row as unknown as OptionalRow<Schema>).optional;
            const number = index + 1;
            const lineTotal = totals.lineTotals[index];
            const rowErrors = [
              row.description.errors,
              row.quantity.errors,
              row.unitPrice.errors,
              row.discountPercent.errors,
            ].flatMap((e) => e ?? []);
            return (
              <li key={line.key} data-testid="line-item" className="py-3 first:pt-0 last:pb-0 sm:py-1">
                <div className={`grid grid-cols-2 gap-x-2 gap-y-2 ${LINE_GRID} sm:items-center`}>
                  <div className="col-span-2 sm:col-span-1">
                    <label htmlFor={row.description.id} className={lineLabel}>
                      {t("estimates.itemDescription")}
                    </label>
                    <input
                      {...getInputProps(row.description, { type: "text" })}
                      aria-label={t("estimates.lineDescription", { line: number })}
                      maxLength={500}
                      required
                      className={inputClass}
                    />
                  </div>
                  <LineNumberField
                    field={row.quantity}
                    label={t("estimates.quantity")}
                    name={t("estimates.lineQuantity", { line: number })}
                    required
                  />
                  <LineNumberField
                    field={row.unitPrice}
                    label={t("estimates.unitPrice")}
                    name={t("estimates.lineUnitPrice", { line: number })}
                    required
                  />
                  <LineNumberField
                    field={row.discountPercent}
                    label={t("estimates.discount")}
                    name={t("estimates.lineDiscount", { line: number })}
                    max="100"
                  />
                  <div className="flex flex-col items-end justify-end sm:block">
                    <span className={lineLabel} aria-hidden="true">
                      {t("estimates.lineTotal")}
                    </span>
                    <output
                      aria-label={t("estimates.lineTotalOf", { line: number })}
                      data-testid="line-total"
                      className="flex min-h-11 items-center justify-end text-right text-sm font-medium tabular-nums whitespace-nowrap sm:min-h-0 sm:font-normal"
                    >
                      {lineTotal === null || lineTotal === undefined ? "—" : money(lineTotal)}
                    </output>
                  </div>
                </div>
                {/* The line's own choices and Remove; each a target of 44 px on a phone (its label with the box). */}
                <div className="mt-1 flex flex-wrap items-center gap-x-4 px-1 text-sm">
                  <label className={lineChoice}>
                    <input
                      {...getInputProps(row.taxable, { type: "checkbox" })}
                      aria-label={t("estimates.lineTaxable", { line: number })}
                      className="h-4 w-4 rounded border-slate-300"
                    />
                    {t("estimates.taxable")}
                  </label>
                  {optionalLines ? (
                    // "Optional" names the box; "(the customer chooses)" describes it.
                    <span className="inline-flex items-center gap-1.5">
                      <label className={lineChoice}>
                        <input
                          {...getInputProps(optional, { type: "checkbox" })}
                          aria-label={t("estimates.lineOptional", { line: number })}
                          aria-describedby={`${optional.id}-hint`}
                          className="h-4 w-4 rounded border-slate-300"
                        />
                        {t("estimates.optional")}
                      </label>
                      <span id={`${optional.id}-hint`} className="text-slate-500 dark:text-slate-400">
                        {t("estimates.optionalHint")}
                      </span>
                    </span>
                  ) : null}
                  {priceBook ? (
                    <button
                      type="submit"
                      name="intent"
                      value={`${PRICE_SAVE_PREFIX}${index}`}
                      formNoValidate
                      aria-label={t("estimates.saveLineToPriceBook", { action: t("priceBook.saveLine"), line: number })}
                      className="min-h-11 text-brand-600 underline hover:no-underline sm:min-h-0 dark:text-brand-500"
                    >
                      {t("priceBook.saveLine")}
                    </button>
                  ) : null}
                  <button
                    {...form.remove.getButtonProps({ name: items.name, index })}
                    onClick={lineFocus.onRemove(index)}
                    disabled={lines.length <= 1}
                    aria-label={t("estimates.removeItem", { line: number })}
                    className="ml-auto min-h-11 min-w-11 rounded px-2 text-sm text-red-600 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent sm:min-h-0 sm:py-1 dark:text-red-400 dark:hover:bg-slate-800 dark:disabled:text-slate-500"
                  >
                    {t("estimates.remove")}
                  </button>
                </div>
                <ErrorList errors={rowErrors.length ? [...new Set(rowErrors)] : null} />
              </li>
            );
          })}
        </ol>
        <ErrorList id="line-items-error" errors={items.errors} />
        <div className="mt-3 border-t border-slate-200 pt-3 sm:border-t-0 sm:pt-0 dark:border-slate-700">
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

/**
 * A line's number field (quantity, unit price, discount): its visible label on a phone (the
 * column headings say it from sm up), and a spoken name that holds that label.
 */
function LineNumberField({
  field,
  label,
  name,
  required = false,
  max,
}: {
  field: FieldMetadata<string, Record<string, unknown>, string[]>;
  label: string;
  /** The spoken name: the label and the line ("Qty, line 2 quantity"). */
  name: string;
  required?: boolean;
  max?: string;
}) {
  return (
    <div>
      <label htmlFor={field.id} className={lineLabel}>
        {label}
      </label>
      <input
        {...getInputProps(field, { type: "number" })}
        aria-label={name}
        step="0.01"
        min="0"
        {...(max ? { max } : {})}
        inputMode="decimal"
        {...(required ? { required: true } : {})}
        className={inputClass}
      />
    </div>
  );
}
