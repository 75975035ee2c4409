import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EstimateStatusCell, EstimateTitleCell } from "~/components/estimate-list-cells";
import { ListPage, type Column } from "~/components/list-page";
import { formatCalendarDate } from "~/lib/estimate-dates";
import { ESTIMATE_STATUS_FILTERS, readEstimateStatusFilter } from "~/lib/estimate-schema";
import { loadListPage } from "~/lib/list-params";
import { titleMeta } from "~/services/meta";
import { formatMoney } from "~/lib/money";
import { countEstimates, listEstimates } from "~/models/estimate.server";
import { getSettings } from "~/models/settings.server";
import { shareLinksOf } from "~/models/share.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import { estimateListRow } from "~/lib/list-rows";
import { today } from "~/lib/clock";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

export const meta = titleMeta("estimates.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [list, settings] = await Promise.all([
    loadListPage(
      new URL(request.url),
      { sorts: ["newest"], defaultSort: "newest", filters: { status: readEstimateStatusFilter } },
      { list: (params) => listEstimates(user.accountId, params), count: () => countEstimates(user.accountId) },
    ),
    getSettings(user.accountId),
  ]);
  const ids = list.items.map((estimate) => estimate.id);
  const links = await shareLinksOf(user.accountId, ids);
  const day = today(settings.timeZone);
  const items = list.items.map((estimate) => estimateListRow(estimate, settings, day, links.get(estimate.id)?.viewCount ?? null));
  return { ...list, items, currency: settings.currency };
}

export default function EstimatesPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const locale = useLocale();
  // A row is one link (its title, opening the estimate's page with every action: EstimateActions).
  const columns: Column<(typeof data.items)[number]>[] = [
    { key: "number", header: t("estimates.number"), className: "nw font-mono text-xs", cell: (e) => e.estimateNumber },
    {
      key: "estimate",
      header: t("estimates.estimate"),
      card: "sub",
      className: "max-w-xs",
      cell: (e) => <EstimateTitleCell estimate={e} />,
    },
    { key: "customer", header: t("estimates.customer"), card: "title", cell: (estimate) => estimate.customerName },
    {
      key: "status",
      header: t("estimates.status"),
      card: "badge",
      cell: (estimate) => <EstimateStatusCell estimate={estimate} />,
    },
    { key: "created", header: t("estimates.created"), className: "nw mut", cell: (e) => formatCalendarDate(e.createdOn, locale) },
    {
      key: "validUntil",
      header: t("estimates.validUntil"),
      className: "nw mut",
      cell: (estimate) => (estimate.validUntil ? formatCalendarDate(estimate.validUntil, locale) : "—"),
    },
    {
      key: "total",
      header: t("estimates.total"),
      align: "right",
      card: "figure",
      className: "nw font-medium num",
      testId: "estimate-total",
      cell: (estimate) => formatMoney(estimate.total, locale, data.currency),
    },
    {
      key: "items",
      header: t("estimates.items"),
      align: "right",
      card: "hide",
      className: "num",
      testId: "estimate-item-count",
      cell: (estimate) => estimate.itemCount,
    },
  ];
  return (
    <ListPage
      name="estimates"
      data={data}
      status={{
        value: data.params.status,
        options: ESTIMATE_STATUS_FILTERS,
        labelKey: (status) => `estimates.statuses.${status}`,
      }}
      canAdd
      rowTestId="estimate-row"
      columns={columns}
    />
  );
}
