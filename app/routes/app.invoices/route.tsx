import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InvoiceDatesCell, InvoiceStatusCell, InvoiceTitleCell, InvoiceTotalCell } from "~/components/invoice-list-cells";
import { ListPage, type Column } from "~/components/list-page";
import { canMarkPaid, INVOICE_STATUS_FILTERS, invoiceStatusLabelKey, readInvoiceStatusFilter } from "~/lib/invoice-status";
import { loadListPage } from "~/lib/list-params";
import { invoiceListRow } from "~/lib/list-rows";
import { titleMeta } from "~/services/meta";
import { fileCounts } from "~/models/file.server";
import { countInvoices, listInvoices } from "~/models/invoice.server";
import { getSettings } from "~/models/settings.server";
import { requireUser } from "~/infrastructure/session.server";
import { dayKey, now as clockNow } from "~/lib/clock";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export const meta = titleMeta("invoices.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const settings = await getSettings(user.accountId);
  const today = dayKey(clockNow(), settings.timeZone);
  const list = await loadListPage(
    new URL(request.url),
    { sorts: ["newest"], defaultSort: "newest", filters: { status: readInvoiceStatusFilter } },
    { list: (params) => listInvoices(user.accountId, { ...params, today }), count: () => countInvoices(user.accountId) },
  );
  // How many photos and files each has, for its Photos & files link.
  const counts = await fileCounts(
    user.accountId,
    "invoice",
    list.items.map((invoice) => invoice.id),
  );
  const items = list.items.map((invoice) => ({
    ...invoiceListRow(invoice, today, settings.timeZone),
    fileCount: counts.get(invoice.id) ?? 0,
  }));
  return { ...list, items, currency: settings.currency };
}

export default function InvoicesPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const columns: Column<(typeof data.items)[number]>[] = [
    {
      key: "invoice",
      header: t("invoices.invoice"),
      card: "sub",
      className: "max-w-xs",
      cell: (invoice) => <InvoiceTitleCell invoice={invoice} />,
    },
    { key: "customer", header: t("invoices.customer"), card: "title", cell: (invoice) => invoice.customerName },
    {
      key: "status",
      header: t("invoices.statusHeading"),
      card: "badge",
      cell: (invoice) => <InvoiceStatusCell invoice={invoice} />,
    },
    {
      key: "dates",
      header: t("invoices.dates"),
      card: "sub",
      className: "nw mut",
      cell: (invoice) => <InvoiceDatesCell invoice={invoice} />,
    },
    {
      key: "total",
      header: t("invoices.total"),
      align: "right",
      card: "figure",
      className: "nw font-medium",
      testId: "invoice-total",
      cell: (invoice) => <InvoiceTotalCell invoice={invoice} currency={data.currency} />,
    },
    {
      key: "items",
      header: t("invoices.items"),
      align: "right",
      card: "hide",
      className: "nw mut",
      cell: (invoice) => t("invoices.itemCount", { count: invoice.itemCount }),
    },
  ];
  return (
    <ListPage
      name="invoices"
      data={data}
      status={{ value: data.params.status, options: INVOICE_STATUS_FILTERS, labelKey: invoiceStatusLabelKey }}
      columns={columns}
      rowLabel={(invoice) => invoice.invoiceNumber}
      actions={(invoice) => {
        const number = { number: invoice.invoiceNumber };
        return [
          {
            href: `/app/invoices/${invoice.id}/print`,
            newTab: true,
            label: t("invoices.print"),
            ariaLabel: `${t("invoices.printAction", number)} ${t("invoices.opensInNewTab")}`,
          },
          {
            href: `/app/invoices/${invoice.id}/pdf`,
            download: true,
            label: t("invoices.pdf"),
            ariaLabel: t("invoices.pdfAction", number),
          },
          {
            dialog: `${invoice.id}/send`,
            disabled: !invoice.canSend && t("estimates.emailRequired"),
            label: t("invoices.send.action"),
            ariaLabel: t("invoices.send.sendAction", number),
          },
          {
            dialog: `${invoice.id}/share`,
            label: t("invoices.share.action"),
            ariaLabel: `${t("invoices.share.action")} · ${invoice.invoiceNumber}`,
          },
          {
            dialog: `${invoice.id}/payments`,
            label: t("invoices.payments.title"),
            ariaLabel: t("invoices.payments.action", number),
          },
          {
            dialog: `${invoice.id}/files`,
            label: invoice.fileCount ? t("files.actionCount", { count: invoice.fileCount }) : t("files.action"),
            ariaLabel: `${invoice.fileCount ? t("files.actionCount", { count: invoice.fileCount }) : t("files.action")} · ${invoice.invoiceNumber}`,
          },
          { dialog: `${invoice.id}/activity`, label: t("activity.action"), ariaLabel: t("activity.actionLabel", number) },
          invoice.status === "overdue" && {
            dialog: `${invoice.id}/late-charge`,
            label: t("invoices.lateCharge.action"),
            ariaLabel: `${t("invoices.lateCharge.action")} · ${invoice.invoiceNumber}`,
          },
          canMarkPaid(invoice.status) && {
            dialog: `${invoice.id}/paid`,
            label: t("invoices.markPaid"),
            ariaLabel: t("invoices.markPaidAction", number),
            tone: "success",
          },
          {
            dialog: `${invoice.id}/delete`,
            label: t("list.delete"),
            ariaLabel: t("invoices.deleteAction", number),
            tone: "danger",
          },
        ];
      }}
    />
  );
}
