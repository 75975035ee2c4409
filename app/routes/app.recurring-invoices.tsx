import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { cardClass, ListSearch, Pagination, tableClass, tdClass, thClass, useListLoading } from "~/components/ui/list";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useLocale } from "~/components/use-locale";
import { formatCalendarDate } from "~/lib/estimate-dates";
import { readListParams } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import type { RecurringStatus } from "~/lib/recurrence";
import { countRecurringInvoices, listRecurringInvoices } from "~/models/recurring-invoice.server";
import { getSettings } from "~/models/settings.server";
import { titleMeta } from "~/services/meta";
import { requireUser } from "~/services/session.server";

export const meta = titleMeta("recurring.title");

const SORTS = ["newest"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { q, page } = readListParams(new URL(request.url), SORTS, "newest");
  const [list, counted, settings] = await Promise.all([
    listRecurringInvoices(user.id, { q, page }),
    q ? countRecurringInvoices(user.id) : undefined,
    getSettings(user.id),
  ]);
  return {
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
    total: list.total,
    page: list.page,
    pageSize: list.pageSize,
    q,
    accountTotal: counted ?? list.total,
    currency: settings.currency,
  };
}

const STATUS_CLASSES: Record<RecurringStatus, string> = {
  active: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  paused: "bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300",
  ended: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

const actionLink = "rounded px-2 py-1 text-brand-600 hover:bg-brand-50 dark:text-brand-500 dark:hover:bg-slate-800";

export default function RecurringInvoicesPage() {
  const { t } = useTranslation();
  const { items, total, page, pageSize, q, accountTotal, currency } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { search } = useLocation();
  const loading = useListLoading();
  return (
    <div>
      <PageHeader
        title={t("recurring.title")}
        count={accountTotal}
        actions={
          <Link to={`new${search}`} className={buttonClass("primary")} preventScrollReset>
            + {t("recurring.add")}
          </Link>
        }
      />
      {accountTotal === 0 ? (
        <EmptyState>{t("recurring.empty")}</EmptyState>
      ) : (
        <>
          <ListSearch q={q} label={t("recurring.searchLabel")} placeholder={t("recurring.searchPlaceholder")} />
          {items.length === 0 ? (
            <EmptyState>{t("list.noMatches", { things: t("recurring.things") })}</EmptyState>
          ) : (
            <div className={`${cardClass} ${loading ? "opacity-60" : ""}`}>
              <table className={tableClass} data-testid="recurring-table">
                <thead className="bg-slate-50 dark:bg-slate-800/50">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t("recurring.recurringInvoice")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("recurring.repeats")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("recurring.next")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("recurring.made")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("recurring.status")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("recurring.total")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("list.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {items.map((recurring) => (
                    <tr key={recurring.id} data-testid="recurring-row">
                      <td className={`${tdClass} max-w-xs`}>
                        <p className="font-medium">{recurring.title}</p>
                        <p className="text-xs text-slate-500 dark:text-slate-400">{recurring.customer}</p>
                      </td>
                      <td className={`${tdClass} whitespace-nowrap`}>{t(`recurring.frequencies.${recurring.frequency}`)}</td>
                      <td className={`${tdClass} whitespace-nowrap`} data-testid="recurring-next">
                        {recurring.nextDate ? formatCalendarDate(recurring.nextDate, locale) : "—"}
                      </td>
                      <td className={`${tdClass} text-right tabular-nums`} data-testid="recurring-made">
                        {recurring.invoicesMade}
                      </td>
                      <td className={tdClass}>
                        <span
                          data-testid="recurring-status"
                          className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[recurring.status]}`}
                        >
                          {t(`recurring.statuses.${recurring.status}`)}
                        </span>
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-right font-medium tabular-nums`}>
                        {formatMoney(recurring.total, locale, currency)}
                      </td>
                      <td className={`${tdClass} text-right`}>
                        <div className="flex flex-wrap justify-end gap-x-1 gap-y-1">
                          <Link
                            to={`${recurring.id}/edit${search}`}
                            className={actionLink}
                            preventScrollReset
                            aria-label={t("recurring.editAction", { title: recurring.title })}
                          >
                            {t("recurring.edit")}
                          </Link>
                          {recurring.status === "ended" ? null : (
                            <Form
                              method="post"
                              action={`/app/recurring-invoices/${recurring.id}/pause${search}`}
                              preventScrollReset
                            >
                              <input type="hidden" name="paused" value={recurring.paused ? "false" : "true"} />
                              <button
                                type="submit"
                                className={actionLink}
                                aria-label={t(recurring.paused ? "recurring.resumeAction" : "recurring.pauseAction", {
                                  title: recurring.title,
                                })}
                              >
                                {t(recurring.paused ? "recurring.resume" : "recurring.pause")}
                              </button>
                            </Form>
                          )}
                          <Link
                            to={`${recurring.id}/delete${search}`}
                            className="rounded px-2 py-1 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
                            preventScrollReset
                            aria-label={t("recurring.deleteAction", { title: recurring.title })}
                          >
                            {t("recurring.delete")}
                          </Link>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={page} total={total} pageSize={pageSize} />
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("recurring.pausedHint")}</p>
        </>
      )}
      <Outlet />
    </div>
  );
}
