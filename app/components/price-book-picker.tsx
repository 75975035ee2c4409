import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  PRICE_ADD_PREFIX,
  PRICE_QUERY_FIELD,
  PRICE_SEARCH_INTENT,
  type PriceOption,
  type PricePanelState,
} from "~/lib/estimate-form";
import { formatMoney } from "~/lib/money";
import { buttonClass } from "./ui/button";
import { inputClass } from "./ui/forms";
import { useHydrated } from "./ui/use-hydrated";

/**
 * "Add from price book" in the estimate editor. With JavaScript, a combobox that searches
 * as you type (GET /app/price-book/search) and adds the chosen item as a line in place.
 * Without it, a search field and a "Search" button posting the editor form; the results
 * come back as "Add" buttons, each posting the form again with that item added.
 */
export function PriceBookPicker({
  state,
  onPick,
  currency,
  locale,
}: {
  state?: PricePanelState;
  onPick: (item: PriceOption) => void;
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const money = (cents: number) => formatMoney(cents, locale, currency);
  const label = (item: PriceOption) =>
    `${item.name} · ${money(item.unitPrice)} / ${t(`priceBook.units.${item.unit}`, { defaultValue: item.unit })}`;
  return (
    <section
      className="rounded-lg border border-dashed border-slate-300 p-3 dark:border-slate-700"
      aria-labelledby="price-book-picker"
    >
      <h3 id="price-book-picker" className="text-sm font-medium">
        {t("priceBook.picker.label")}
      </h3>
      {hydrated ? (
        <PriceCombobox onPick={onPick} label={label} />
      ) : (
        <div className="mt-2 flex gap-2">
          <input
            type="search"
            name={PRICE_QUERY_FIELD}
            defaultValue={state?.query ?? ""}
            aria-label={t("priceBook.picker.label")}
            placeholder={t("priceBook.picker.placeholder")}
            className={inputClass}
          />
          <button
            type="submit"
            name="intent"
            value={PRICE_SEARCH_INTENT}
            formNoValidate
            className={buttonClass("secondary", "px-3 py-1.5")}
          >
            {t("priceBook.picker.search")}
          </button>
        </div>
      )}
      {!hydrated && state ? (
        state.results.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("priceBook.picker.none")}</p>
        ) : (
          <ul className="mt-2 space-y-1" aria-label={t("priceBook.picker.results")}>
            {state.results.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-2 text-sm">
                <span>{label(item)}</span>
                <button
                  type="submit"
                  name="intent"
                  value={`${PRICE_ADD_PREFIX}${item.id}`}
                  formNoValidate
                  aria-label={t("priceBook.picker.addItem", { name: item.name })}
                  className={buttonClass("secondary", "px-2 py-1")}
                >
                  {t("priceBook.picker.add")}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {state?.notice ? (
        <p
          role={state.notice.type === "error" ? "alert" : "status"}
          className={`mt-2 text-sm ${state.notice.type === "error" ? "text-red-600 dark:text-red-400" : "text-green-700 dark:text-green-400"}`}
        >
          {t(state.notice.description, state.notice.values)}
        </p>
      ) : null}
    </section>
  );
}

function PriceCombobox({ onPick, label }: { onPick: (item: PriceOption) => void; label: (item: PriceOption) => string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ q: string; items: PriceOption[] }>();
  const [query, setQuery] = useState("");
  // Nothing is asked until the contractor reaches the box: a fetcher loaded on every editor's
  // first render would also be revalidated after each of the editor's own posts (Analyze, Add line).
  const [asked, setAsked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const { load } = fetcher;
  useEffect(() => {
    if (!asked) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => load(`/app/price-book/search?q=${encodeURIComponent(query)}`), 150);
    return () => clearTimeout(timer.current);
  }, [asked, query, load]);
  const items = fetcher.data?.items ?? [];
  return (
    <Combobox<PriceOption | null>
      value={null}
      onChange={(item) => {
        if (item) onPick(item);
        setQuery("");
      }}
    >
      <div className="relative mt-2">
        <ComboboxInput
          aria-label={t("priceBook.picker.label")}
          placeholder={t("priceBook.picker.placeholder")}
          className={inputClass}
          displayValue={() => query}
          onFocus={() => setAsked(true)}
          onChange={(event) => {
            setAsked(true);
            setQuery(event.target.value);
          }}
        />
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 w-[var(--input-width)] rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible dark:border-slate-700 dark:bg-slate-900"
        >
          {items.length === 0 ? (
            <div className="px-3 py-2 text-slate-500">{t("priceBook.picker.none")}</div>
          ) : (
            items.map((item) => (
              <ComboboxOption
                key={item.id}
                value={item}
                className="cursor-pointer px-3 py-2 data-[focus]:bg-brand-50 dark:data-[focus]:bg-slate-800"
              >
                {label(item)}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </div>
    </Combobox>
  );
}
