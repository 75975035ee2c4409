import { format } from "date-fns";
import { dateLocale } from "~/lib/date-locale";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "~/lib/money";
import { PAYMENT_METHOD_VALUES } from "~/lib/payment-methods";
import { AGING_BUCKETS, tallyTotal, type Aging, type ChartUnit, type CollectedByMethod } from "~/lib/report";
import { Icon, type IconName } from "./shell/icons";
import { datePattern } from "~/lib/date-patterns";

const cardClass =
  "min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900";

export function StatCard({
  id,
  label,
  value,
  hint,
  icon,
}: {
  id: string;
  label: string;
  value: string;
  hint?: string;
  icon: IconName;
}) {
  return (
    <li className={`${cardClass} flex items-start justify-between`} data-testid={`report-${id}`}>
      <div>
        <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
        <p className="mt-1 text-2xl font-bold" data-testid={`report-${id}-value`}>
          {value}
        </p>
        {hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      </div>
      <span className="rounded-lg bg-brand-50 p-2 text-brand-600 dark:bg-brand-600/20 dark:text-brand-100">
        <Icon name={icon} />
      </span>
    </li>
  );
}

/** A titled card of label/value rows (a description list). */
export function FigureList({
  id,
  title,
  rows,
}: {
  id: string;
  title: string;
  rows: { id: string; label: string; value: string; hint?: string }[];
}) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((row) => (
          <div key={row.id} className="flex items-baseline justify-between gap-4 py-2" data-testid={`report-${row.id}`}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">
              {row.label}
              {row.hint ? <span className="block text-xs text-slate-500 dark:text-slate-400">{row.hint}</span> : null}
            </dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`report-${row.id}-value`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A calendar date (`yyyy-MM-dd`) in a short form; built at local noon, so any machine zone prints the same. */
function periodLabel(day: string, unit: ChartUnit, language: string) {
  const [y, m, d] = day.split("-").map(Number);
  return format(new Date(y, m - 1, d, 12), datePattern(unit === "week" ? "MMM d" : "MMM yy", language), {
    locale: dateLocale(language),
  });
}

/**
 * Money collected per period as CSS bars. The bars are decoration for sighted users; the
 * same figures are in a table that screen readers read instead.
 */
export function RevenueChart({
  unit,
  points,
  language,
  currency,
}: {
  unit: ChartUnit;
  points: { from: string; revenue: number; payments: number }[];
  language: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const max = Math.max(0, ...points.map((point) => point.revenue));
  const money = (cents: number) => formatMoney(cents, language, currency);
  return (
    <section aria-labelledby="report-revenue" className={cardClass} data-testid="revenue-chart">
      <h2 id="report-revenue" className="text-lg font-semibold">
        {t("reports.chart.title")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t(`reports.chart.${unit}`)}</p>
      {max === 0 ? <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t("reports.chart.empty")}</p> : null}
      <div aria-hidden="true" className="mt-4 flex h-48 items-end gap-1 border-b border-slate-200 dark:border-slate-700">
        {points.map((point) => {
          const height = max === 0 ? 0 : Math.max(point.revenue > 0 ? 2 : 0, Math.round((point.revenue / max) * 100));
          return (
            <div
              key={point.from}
              className="flex h-full min-w-0 flex-1 flex-col justify-end"
              title={`${periodLabel(point.from, unit, language)}: ${money(point.revenue)}`}
            >
              <div className="rounded-t bg-brand-500 dark:bg-brand-600" style={{ height: `${height}%` }} />
            </div>
          );
        })}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-1">
        {points.map((point, i) => (
          <span key={point.from} className="min-w-0 flex-1 truncate text-center text-[10px] text-slate-500 dark:text-slate-400">
            {points.length <= 8 || i % 2 === 0 ? periodLabel(point.from, unit, language) : ""}
          </span>
        ))}
      </div>
      {/* A table ignores width: 1px, so the visually hidden box is a div around it: nothing pushes the page sideways. */}
      <div className="sr-only">
        <table>
          <caption>{t(`reports.chart.${unit}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t("reports.chart.period")}</th>
              <th scope="col">{t("reports.chart.revenue")}</th>
              <th scope="col">{t("reports.chart.payments")}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.from}>
                <th scope="row">
                  {unit === "week"
                    ? t("reports.chart.weekOf", { date: periodLabel(point.from, unit, language) })
                    : periodLabel(point.from, unit, language)}
                </th>
                <td>{money(point.revenue)}</td>
                <td>{point.payments}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function AgingTable({ aging, language, currency }: { aging: Aging; language: string; currency: string }) {
  const { t } = useTranslation();
  const total = tallyTotal(aging);
  // Narrow cells on a phone, so the three columns fit a 320 px screen without scrolling.
  const cell = (children: ReactNode, extra = "") => (
    <td className={`px-1.5 py-2 text-right tabular-nums sm:px-3 ${extra}`}>{children}</td>
  );
  return (
    <section aria-labelledby="report-aging" className={cardClass}>
      <h2 id="report-aging" className="text-lg font-semibold">
        {t("reports.aging.title")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("reports.aging.description")}</p>
      <div className="mt-3 sm:overflow-x-auto">
        <table className="w-full text-sm" data-testid="aging-table">
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
              <th scope="col" className="px-1.5 py-2 sm:px-3">
                {t("reports.aging.age")}
              </th>
              <th scope="col" className="px-1.5 py-2 text-right sm:px-3">
                {t("reports.aging.count")}
              </th>
              <th scope="col" className="px-1.5 py-2 text-right sm:px-3">
                {t("reports.aging.amount")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {AGING_BUCKETS.map((bucket) => (
              <tr key={bucket} data-testid={`aging-${bucket}`}>
                <th scope="row" className="px-1.5 py-2 text-left sm:px-3 font-normal">
                  {t(`reports.aging.${bucket}`)}
                </th>
                {cell(aging[bucket].count)}
                {cell(formatMoney(aging[bucket].amount, language, currency))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-200 font-semibold dark:border-slate-700" data-testid="aging-total">
              <th scope="row" className="px-1.5 py-2 text-left sm:px-3">
                {t("reports.aging.total")}
              </th>
              {cell(total.count)}
              {cell(formatMoney(total.amount, language, currency))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** Money collected by payment method, each with its number of payments, and the total. */
export function CollectedByMethodList({
  id,
  title,
  collected,
  language,
  currency,
}: {
  id: string;
  title: string;
  collected: CollectedByMethod;
  language: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language, currency);
  const total = tallyTotal(collected);
  return (
    <FigureList
      id={id}
      title={title}
      rows={[
        ...PAYMENT_METHOD_VALUES.map((method) => ({
          id: `collected-${method}`,
          label: t(`reports.collected.methods.${method}`),
          hint: t("reports.collected.count", { count: collected[method].count }),
          value: money(collected[method].amount),
        })),
        {
          id: "collected-total",
          label: t("reports.collected.total"),
          hint: t("reports.collected.count", { count: total.count }),
          value: money(total.amount),
        },
      ]}
    />
  );
}
