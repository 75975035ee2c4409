import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/list-page";
import { useLocale } from "~/components/use-locale";
import { formatCalendarDate } from "~/lib/estimate-dates";
import { loadListPage } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import type { RecurringStatus } from "~/lib/recurrence";
import { countRecurringInvoices, listRecurringInvoices } from "~/models/recurring-invoice.server";
import { getSettings } from "~/models/settings.server";
import { titleMeta } from "~/services/meta";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export const meta = titleMeta("recurring.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [list, settings] = await Promise.all([
    loadListPage(
      new URL(request.url),
      { sorts: ["newest"], defaultSort: "newest" },
      {
        list: ({ q, page }) => listRecurringInvoices(user.accountId, { q, page }),
        count: () => countRecurringInvoices(user.accountId),
      },
    ),
    getSettings(user.accountId),
  ]);
  return {
    ...list,
    items: list.items.map((recurring) => ({
      id: recurring.id,
      title: recurring.title,
      customer: recurring.customer.name,
      frequency: recurring.frequency,
      startDate: recurring.startDate,
      nextDate: recurring.next?.date ?? null,
      invoicesMade: recurring.invoicesMade,
      status: recurring.status,
      paused: recurring.paused,
      autoSend: recurring.autoSend,
      total: recurring.total,
    })),
    currency: settings.currency,
  };
}

const STATUS_CLASSES: Record<RecurringStatus, string> = {
  active: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  paused: "bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300",
  ended: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

export default function RecurringInvoicesPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const locale = useLocale();
  const columns: Column<(typeof data.items)[number]>[] = [
    {
      key: "title",
      header: t("recurring.recurringInvoice"),
      card: "title",
      className: "max-w-xs",
      cell: (recurring) => (
        <>
          <p className="font-medium">{recurring.title}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{recurring.customer}</p>
        </>
      ),
    },
    {
      key: "repeats",
      header: t("recurring.repeats"),
      className: "nw",
      cell: (recurring) => t(`recurring.frequencies.${recurring.frequency}`),
    },
    {
      key: "next",
      header: t("recurring.next"),
      className: "nw",
      testId: "recurring-next",
      cell: (recurring) => (recurring.nextDate ? formatCalendarDate(recurring.nextDate, locale) : "—"),
    },
    {
      key: "made",
      header: t("recurring.made"),
      align: "right",
      className: "num",
      testId: "recurring-made",
      cell: (recurring) => recurring.invoicesMade,
    },
    {
      key: "status",
      header: t("recurring.status"),
      card: "badge",
      cell: (recurring) => (
        <span
          data-testid="recurring-status"
          className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[recurring.status]}`}
        >
          {t(`recurring.statuses.${recurring.status}`)}
        </span>
      ),
    },
    {
      key: "total",
      header: t("recurring.total"),
      align: "right",
      card: "figure",
      className: "nw font-medium num",
      cell: (recurring) => formatMoney(recurring.total, locale, data.currency),
    },
  ];
  return (
    <ListPage
      name="recurring"
      data={data}
      canAdd
      columns={columns}
      rowTestId="recurring-row"
      rowLabel={(recurring) => recurring.title}
      actions={(recurring) => {
        const title = { title: recurring.title };
        return [
          { dialog: `${recurring.id}/edit`, label: t("recurring.edit"), ariaLabel: t("recurring.editAction", title) },
          recurring.status !== "ended" && {
            post: `/app/recurring-invoices/${recurring.id}/pause`,
            keepSearch: true,
            fields: { paused: recurring.paused ? "false" : "true" },
            label: t(recurring.paused ? "recurring.resume" : "recurring.pause"),
            ariaLabel: t(recurring.paused ? "recurring.resumeAction" : "recurring.pauseAction", title),
          },
          {
            dialog: `${recurring.id}/delete`,
            label: t("recurring.delete"),
            ariaLabel: t("recurring.deleteAction", title),
            tone: "danger",
          },
        ];
      }}
      footer={<p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("recurring.pausedHint")}</p>}
    />
  );
}
