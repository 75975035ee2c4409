import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/forms";
import { cardClass, ListSearch, Pagination, tableClass, tdClass, thClass, useListLoading } from "~/components/ui/list";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useLocale } from "~/components/use-locale";
import { readListParams } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import { marginPercent } from "~/lib/price-item-schema";
import { formatRatePercent } from "~/lib/invoice-document";
import { countPriceItems, listPriceItems, priceItemCategories } from "~/models/price-item.server";
import { getSettings } from "~/models/settings.server";
import { titleMeta } from "~/services/meta";
import { requireUser } from "~/services/session.server";

export const meta = titleMeta("priceBook.title");

const SORTS = ["name"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const params = readListParams(url, SORTS, "name");
  const category = (url.searchParams.get("category") ?? "").slice(0, 100);
  const [list, accountTotal, categories, settings] = await Promise.all([
    listPriceItems(user.id, { ...params, category }),
    countPriceItems(user.id),
    priceItemCategories(user.id),
    getSettings(user.id),
  ]);
  return { ...list, params, category, categories, accountTotal, currency: settings.currency };
}

export default function PriceBookPage() {
  const { t } = useTranslation();
  const { items, total, page, pageSize, params, category, categories, accountTotal, currency } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const locale = useLocale();
  const loading = useListLoading();
  const money = (cents: number) => formatMoney(cents, locale, currency);
  const unitLabel = (unit: string) => t(`priceBook.units.${unit}`, { defaultValue: unit });
  return (
    <div>
      <PageHeader
        title={t("priceBook.title")}
        count={accountTotal}
        actions={
          <>
            <a href="/app/price-book/export.csv" className={buttonClass("secondary")} download>
              {t("priceBook.exportCsv")}
            </a>
            <Link to={`import${search}`} className={buttonClass("secondary")} preventScrollReset>
              {t("priceBook.importCsv")}
            </Link>
            <Link to={`new${search}`} className={buttonClass("primary")} preventScrollReset>
              + {t("priceBook.add")}
            </Link>
          </>
        }
      />
      {accountTotal === 0 ? (
        <EmptyState
          action={
            <Link to={`catalog${search}`} className={buttonClass("secondary")} preventScrollReset>
              {t("priceBook.catalog.title")}
            </Link>
          }
        >
          {t("priceBook.empty")}
        </EmptyState>
      ) : (
        <>
          <ListSearch q={params.q} label={t("priceBook.searchLabel")} placeholder={t("priceBook.searchPlaceholder")}>
            <label>
              <span className="sr-only">{t("priceBook.categoryFilter")}</span>
              <select
                name="category"
                defaultValue={category}
                key={category}
                className={inputClass}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              >
                <option value="">{t("priceBook.allCategories")}</option>
                {categories.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          </ListSearch>
          {items.length === 0 ? (
            <EmptyState>{t("list.noMatches", { things: t("priceBook.things") })}</EmptyState>
          ) : (
            <div className={`${cardClass} ${loading ? "opacity-60" : ""}`}>
              <table className={tableClass} data-testid="price-book-table">
                <thead className="bg-slate-50 dark:bg-slate-800/50">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t("priceBook.name")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("priceBook.category")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("priceBook.unitPrice")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("priceBook.margin")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("list.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {items.map((item) => {
                    const margin = marginPercent(item.unitPrice, item.cost);
                    return (
                      <tr key={item.id}>
                        <td className={tdClass}>
                          <div className="font-medium">{item.name}</div>
                          {item.description ? (
                            <p className="line-clamp-2 text-slate-600 dark:text-slate-400">{item.description}</p>
                          ) : null}
                          {item.taxable ? null : <p className="text-xs text-slate-500">{t("priceBook.notTaxed")}</p>}
                        </td>
                        <td className={`${tdClass} text-slate-600 dark:text-slate-400`}>{item.category}</td>
                        <td className={`${tdClass} whitespace-nowrap text-right tabular-nums`}>
                          {t("priceBook.perUnit", { price: money(item.unitPrice), unit: unitLabel(item.unit) })}
                        </td>
                        <td className={`${tdClass} whitespace-nowrap text-right tabular-nums`}>
                          {margin === null ? "—" : `${formatRatePercent(margin)}%`}
                        </td>
                        <td className={`${tdClass} whitespace-nowrap text-right`}>
                          <Link
                            to={`${item.id}/edit${search}`}
                            className="rounded px-2 py-1 text-brand-600 hover:bg-brand-50 dark:text-brand-500 dark:hover:bg-slate-800"
                            preventScrollReset
                            aria-label={`${t("list.edit")} ${item.name}`}
                          >
                            {t("list.edit")}
                          </Link>
                          <Link
                            to={`${item.id}/delete${search}`}
                            className="rounded px-2 py-1 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
                            preventScrollReset
                            aria-label={`${t("list.delete")} ${item.name}`}
                          >
                            {t("list.delete")}
                          </Link>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={page} total={total} pageSize={pageSize} />
        </>
      )}
      <Outlet />
    </div>
  );
}
