import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EstimateStatusCell, EstimateTitleCell } from "~/components/estimate-list-cells";
import { ListPage, rowActionClass, type Column } from "~/components/list-page";
import { ShareLinkButton, useShareToast } from "~/components/share-link-button";
import { canInvoiceEstimate, formatCalendarDate } from "~/lib/estimate-dates";
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
  const { search } = useLocation();
  const shareToast = useShareToast();
  const muted = "whitespace-nowrap text-slate-600 dark:text-slate-400";
  const columns: Column<(typeof data.items)[number]>[] = [
    {
      key: "number",
      header: t("estimates.number"),
      className: "whitespace-nowrap font-mono text-xs",
      cell: (e) => e.estimateNumber,
    },
    { key: "estimate", header: t("estimates.estimate"), className: "max-w-xs", cell: (e) => <EstimateTitleCell estimate={e} /> },
    { key: "customer", header: t("estimates.customer"), cell: (estimate) => estimate.customer.name },
    { key: "status", header: t("estimates.status"), cell: (estimate) => <EstimateStatusCell estimate={estimate} /> },
    { key: "created", header: t("estimates.created"), className: muted, cell: (e) => formatCalendarDate(e.createdOn, locale) },
    {
      key: "validUntil",
      header: t("estimates.validUntil"),
      className: muted,
      cell: (estimate) => (estimate.validUntil ? formatCalendarDate(estimate.validUntil, locale) : "—"),
    },
    {
      key: "total",
      header: t("estimates.total"),
      align: "right",
      className: "whitespace-nowrap font-medium tabular-nums",
      testId: "estimate-total",
      cell: (estimate) => formatMoney(estimate.total, locale, data.currency),
    },
    {
      key: "items",
      header: t("estimates.items"),
      align: "right",
      className: "tabular-nums",
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
      actions={(estimate) => {
        const number = { number: estimate.estimateNumber };
        return [
          { dialog: `${estimate.id}/preview`, label: t("estimates.preview"), ariaLabel: t("estimates.previewAction", number) },
          { href: `/app/estimates/${estimate.id}/pdf`, label: t("estimates.pdf"), ariaLabel: t("estimates.pdfAction", number) },
          { dialog: `${estimate.id}/edit`, label: t("list.edit"), ariaLabel: t("estimates.editAction", number) },
          {
            dialog: `${estimate.id}/send`,
            disabled: !estimate.canSend && t("estimates.emailRequired"),
            label: t("estimates.send"),
            ariaLabel: t("estimates.sendAction", number),
          },
          { dialog: `${estimate.id}/activity`, label: t("activity.action"), ariaLabel: t("activity.actionLabel", number) },
          <ShareLinkButton
            key="share"
            estimateId={estimate.id}
            estimateNumber={estimate.estimateNumber}
            search={search}
            className={rowActionClass()}
            onToast={shareToast.onToast}
          />,
          {
            dialog: `${estimate.id}/deposit`,
            label: t("estimates.deposit.action"),
            ariaLabel: `${t("estimates.deposit.action")} · ${estimate.estimateNumber}`,
          },
          {
            dialog: `${estimate.id}/delete`,
            label: t("list.delete"),
            ariaLabel: t("estimates.deleteAction", number),
            tone: "danger",
          },
          canInvoiceEstimate(estimate.status) && {
            post: `/app/estimates/${estimate.id}/invoice`,
            label: t("estimates.createInvoice"),
            ariaLabel: t("estimates.createInvoiceAction", number),
            tone: "success",
          },
        ];
      }}
    >
      {shareToast.view}
    </ListPage>
  );
}
