import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/list-page";
import { buttonClass } from "~/components/ui/button";
import { useLocale } from "~/components/use-locale";
import { loadListPage } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import { marginPercent } from "~/lib/price-item-schema";
import { formatRatePercent } from "~/lib/invoice-document";
import { countPriceItems, listPriceItems, priceItemCategories } from "~/models/price-item.server";
import { getSettings } from "~/models/settings.server";
import { titleMeta } from "~/services/meta";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

export const meta = titleMeta("priceBook.title");

/** The ?category= filter: free text, "" for every category. */
const readCategory = (value: string | null) => (value ?? "").slice(0, 100);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [list, categories, settings] = await Promise.all([
    loadListPage(
      new URL(request.url),
      { sorts: ["name"], defaultSort: "name", filters: { category: readCategory } },
      { list: (params) => listPriceItems(user.accountId, params), count: () => countPriceItems(user.accountId) },
    ),
    priceItemCategories(user.accountId),
    getSettings(user.accountId),
  ]);
  return { ...list, categories, currency: settings.currency };
}

export default function PriceBookPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const locale = useLocale();
  const unitLabel = (unit: string) => t(`priceBook.units.${unit}`, { defaultValue: unit });
  const columns: Column<(typeof data.items)[number]>[] = [
    {
      key: "name",
      header: t("priceBook.name"),
      card: "title",
      cell: (item) => (
        <>
          <a href={`/app/price-book/${item.id}/edit${search}`} className="open">
            {item.name}
          </a>
          {item.description ? <p className="line-clamp-2 text-slate-600 dark:text-slate-400">{item.description}</p> : null}
          {item.taxable ? null : <p className="text-xs text-slate-500">{t("priceBook.notTaxed")}</p>}
        </>
      ),
    },
    {
      key: "category",
      header: t("priceBook.category"),
      className: "mut",
      cell: (item) => item.category,
    },
    {
      key: "unitPrice",
      header: t("priceBook.unitPrice"),
      align: "right",
      card: "figure",
      className: "nw num",
      cell: (item) =>
        t("priceBook.perUnit", { price: formatMoney(item.unitPrice, locale, data.currency), unit: unitLabel(item.unit) }),
    },
    {
      key: "margin",
      header: t("priceBook.margin"),
      align: "right",
      className: "nw num",
      cell: (item) => {
        const margin = marginPercent(item.unitPrice, item.cost);
        return margin === null ? "—" : `${formatRatePercent(margin)}%`;
      },
    },
  ];
  return (
    <ListPage
      name="priceBook"
      tableTestId="price-book-table"
      data={data}
      selects={[
        {
          name: "category",
          label: t("priceBook.categoryFilter"),
          value: data.params.category,
          options: [
            { value: "", label: t("priceBook.allCategories") },
            ...data.categories.map((name) => ({ value: name, label: name })),
          ],
        },
      ]}
      canAdd
      csv="/app/price-book/export.csv"
      emptyAction={
        <Link to={`catalog${search}`} className={buttonClass("secondary")} preventScrollReset>
          {t("priceBook.catalog.title")}
        </Link>
      }
      columns={columns}
      rowLabel={(item) => item.name}
      actions={(item) => [
        { dialog: `${item.id}/edit`, label: t("list.edit"), ariaLabel: `${t("list.edit")} ${item.name}` },
        { dialog: `${item.id}/delete`, label: t("list.delete"), ariaLabel: `${t("list.delete")} ${item.name}`, tone: "danger" },
      ]}
    />
  );
}
