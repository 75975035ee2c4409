import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { pageCount, withParams } from "~/lib/list-params";
import { inputClass } from "./forms";
import { useHydrated } from "./use-hydrated";

/**
 * A list's search box (and any filters passed as children): a GET form, so it works
 * without JavaScript; with it, the list updates as the user types.
 */
export function ListSearch({
  q,
  label,
  placeholder,
  children,
  hidden = {},
}: {
  q: string;
  label: string;
  placeholder: string;
  children?: ReactNode;
  hidden?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      role="search"
      className="mb-4 flex flex-wrap items-end gap-2"
      preventScrollReset
      onSubmit={() => clearTimeout(timer.current)}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="min-w-[12rem] flex-1">
        <span className="sr-only">{label}</span>
        <input
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          placeholder={placeholder}
          maxLength={100}
          className={inputClass}
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              // A newer navigation (a click, Enter) may cancel this one: that is expected, not an error.
              Promise.resolve(submit(form, { replace: true, preventScrollReset: true })).catch(() => undefined);
            }, 300);
          }}
        />
      </label>
      {children}
      <button
        type="submit"
        className={`rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700 ${hydrated ? "sr-only" : ""}`}
      >
        {t("list.search")}
      </button>
    </Form>
  );
}

/** Previous / next links and "page X of Y", keeping the other search params. */
export function Pagination({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const link =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800";
  const disabled =
    "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400";
  return (
    <nav aria-label={t("list.pagination")} className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={withParams(location.search, { page: page - 1 })} className={link} rel="prev" preventScrollReset>
          {t("list.previous")}
        </Link>
      ) : (
        <span className={disabled}>{t("list.previous")}</span>
      )}
      <span aria-current="page">{t("list.pageOf", { page: Math.min(page, pages), pages })}</span>
      {page < pages ? (
        <Link to={withParams(location.search, { page: page + 1 })} className={link} rel="next" preventScrollReset>
          {t("list.next")}
        </Link>
      ) : (
        <span className={disabled}>{t("list.next")}</span>
      )}
    </nav>
  );
}

/** True while a list is reloading for a new search (to dim stale rows). */
export function useListLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}

/** The box of a list's rows: it scrolls a wide table sideways from 640 px up; below, the rows are cards that fit. */
export const listBoxClass =
  "rounded-xl border border-slate-200 bg-white sm:overflow-x-auto dark:border-slate-800 dark:bg-slate-900";
export const cardClass = "overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";
