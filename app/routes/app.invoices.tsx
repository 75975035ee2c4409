import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { inputClass } from "~/components/ui/forms";
import { cardClass, ListSearch, Pagination, tableClass, tdClass, thClass, useListLoading } from "~/components/ui/list";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { formatDocumentDate } from "~/lib/invoice-dates";
import {
  canMarkPaid,
  effectiveStatus,
  INVOICE_STATUS_FILTERS,
  invoiceStatusClass,
  invoiceStatusLabelKey,
  readInvoiceStatusFilter,
} from "~/lib/invoice-status";
import { paymentState } from "~/lib/invoice-balance";
import { readListParams } from "~/lib/list-params";
import { titleMeta } from "~/services/meta";
import { formatMoney } from "~/lib/money";
import { countInvoices, listInvoices } from "~/models/invoice.server";
import { getSettings } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/services/session.server";
import { dayKey, now as clockNow } from "~/lib/clock";

export const meta = titleMeta("invoices.title");

const SORTS = ["newest"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const settings = await getSettings(user.id);
  const today = dayKey(clockNow(), settings.timeZone);
  const params = { ...readListParams(url, SORTS, "newest"), status: readInvoiceStatusFilter(url.searchParams.get("status")) };
  // Unfiltered, the page's total is the account's: it is counted once (docs/decisions/009).
  const filtered = params.q !== "" || params.status !== "all";
  const [list, counted] = await Promise.all([
    listInvoices(user.id, { ...params, today }),
    filtered ? countInvoices(user.id) : undefined,
  ]);
  const accountTotal = counted ?? list.total;
  const items = list.items.map((invoice) => ({
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    title: invoice.title,
    customerName: invoice.customer.name,
    job: invoice.job,
    estimate: invoice.estimate,
    status: effectiveStatus(invoice, today),
    createdOn: dayKey(invoice.createdAt, settings.timeZone),
    dueDate: invoice.dueDate,
    paidOn: invoice.paidDate ? dayKey(invoice.paidDate, settings.timeZone) : null,
    total: invoice.total,
    amountPaid: invoice.amountPaid,
    canSend: Boolean(invoice.customer.email?.trim()),
    itemCount: invoice.itemCount,
  }));
  return {
    items,
    total: list.total,
    page: list.page,
    pageSize: list.pageSize,
    params,
    accountTotal,
    currency: settings.currency,
  };
}

/** The short form of a document number for a badge: "EST-1718000001234" reads "1234". */
const shortNumber = (number: string) => number.replace(/^[A-Z]+-/, "").slice(-4);

export default function InvoicesPage() {
  const { t } = useTranslation();
  const { items, total, page, pageSize, params, accountTotal, currency } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { search } = useLocation();
  const loading = useListLoading();
  const date = (day: string | null) => formatDocumentDate(day, locale);
  const badge = "inline-flex whitespace-nowrap rounded-md border px-1.5 py-0.5 text-xs font-medium hover:underline";
  const action = "whitespace-nowrap rounded px-2 py-1 hover:bg-slate-100 dark:hover:bg-slate-800";
  return (
    <div>
      <PageHeader title={t("invoices.title")} count={accountTotal} />
      {accountTotal === 0 ? (
        <EmptyState>{t("sections.invoices.empty")}</EmptyState>
      ) : (
        <>
          <ListSearch q={params.q} label={t("invoices.searchLabel")} placeholder={t("invoices.searchPlaceholder")}>
            <label>
              <span className="sr-only">{t("invoices.statusFilter")}</span>
              <select
                name="status"
                defaultValue={params.status}
                key={`status-${params.status}`}
                className={inputClass}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              >
                {INVOICE_STATUS_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {status === "all" ? t("invoices.allStatuses") : t(invoiceStatusLabelKey(status))}
                  </option>
                ))}
              </select>
            </label>
          </ListSearch>
          {items.length === 0 ? (
            <EmptyState>{t("list.noMatches", { things: t("invoices.things") })}</EmptyState>
          ) : (
            <div className={`${cardClass} ${loading ? "opacity-60" : ""}`}>
              <table className={tableClass} data-testid="invoices-table">
                <thead className="bg-slate-50 dark:bg-slate-800/50">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t("invoices.invoice")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("invoices.customer")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("invoices.statusHeading")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("invoices.dates")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("invoices.total")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("invoices.items")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("list.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {items.map((invoice) => (
                    <tr key={invoice.id}>
                      <td className={`${tdClass} max-w-xs`}>
                        <p className="font-mono text-xs text-slate-500 dark:text-slate-400" data-testid="invoice-number">
                          {invoice.invoiceNumber}
                        </p>
                        <p className="font-medium">{invoice.title}</p>
                        {invoice.job || invoice.estimate ? (
                          <div className="mt-1 flex flex-wrap gap-1">
                            {invoice.job ? (
                              <Link
                                to={`/app/jobs?q=${encodeURIComponent(invoice.job.title)}`}
                                className={`${badge} border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-300`}
                                aria-label={t("invoices.jobLink", { title: invoice.job.title })}
                                title={invoice.job.title}
                              >
                                {t("invoices.jobBadge")}
                              </Link>
                            ) : null}
                            {invoice.estimate ? (
                              <Link
                                to={`/app/estimates?q=${encodeURIComponent(invoice.estimate.estimateNumber)}`}
                                className={`${badge} border-purple-200 bg-purple-50 text-purple-800 dark:border-purple-900 dark:bg-purple-950 dark:text-purple-300`}
                                aria-label={t("invoices.estimateLink", { number: invoice.estimate.estimateNumber })}
                                title={invoice.estimate.estimateNumber}
                              >
                                {t("invoices.estimateBadge", { number: shortNumber(invoice.estimate.estimateNumber) })}
                              </Link>
                            ) : null}
                          </div>
                        ) : null}
                      </td>
                      <td className={tdClass}>{invoice.customerName}</td>
                      <td className={tdClass}>
                        <span
                          data-testid="invoice-status"
                          className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${invoiceStatusClass(invoice.status)}`}
                        >
                          {t(invoiceStatusLabelKey(invoice.status))}
                        </span>
                        {paymentState(invoice.total, invoice.amountPaid) === "partial" && invoice.status !== "cancelled" ? (
                          <span
                            data-testid="invoice-partial"
                            className="mt-1 block whitespace-nowrap text-xs font-medium text-amber-700 dark:text-amber-400"
                          >
                            {t("invoices.payments.partiallyPaid")}
                          </span>
                        ) : null}
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-slate-600 dark:text-slate-400`}>
                        <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs">
                          <dt>{t("invoices.created")}</dt>
                          <dd data-testid="invoice-created">{date(invoice.createdOn)}</dd>
                          {invoice.dueDate ? (
                            <>
                              <dt>{t("invoices.due")}</dt>
                              <dd
                                data-testid="invoice-due"
                                className={invoice.status === "overdue" ? "font-medium text-red-700 dark:text-red-400" : ""}
                              >
                                {date(invoice.dueDate)}
                              </dd>
                            </>
                          ) : null}
                          {invoice.paidOn ? (
                            <>
                              <dt>{t("invoices.paid")}</dt>
                              <dd data-testid="invoice-paid" className="font-medium text-green-700 dark:text-green-400">
                                {date(invoice.paidOn)}
                              </dd>
                            </>
                          ) : null}
                        </dl>
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-right font-medium`} data-testid="invoice-total">
                        {formatMoney(invoice.total, locale, currency)}
                        {invoice.amountPaid > 0 && invoice.amountPaid < invoice.total ? (
                          <span
                            data-testid="invoice-balance"
                            className="block text-xs font-normal text-slate-600 dark:text-slate-400"
                          >
                            {t("invoices.payments.balance")} {formatMoney(invoice.total - invoice.amountPaid, locale, currency)}
                          </span>
                        ) : null}
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-right text-slate-600 dark:text-slate-400`}>
                        {t("invoices.itemCount", { count: invoice.itemCount })}
                      </td>
                      <td className={`${tdClass} text-right`}>
                        <div className="flex min-w-[9rem] flex-wrap justify-end gap-1">
                          <a
                            href={`/app/invoices/${invoice.id}/print`}
                            target="_blank"
                            rel="noopener"
                            className={`${action} text-brand-600 dark:text-brand-500`}
                            aria-label={`${t("invoices.printAction", { number: invoice.invoiceNumber })} ${t("invoices.opensInNewTab")}`}
                          >
                            {t("invoices.print")}
                          </a>
                          <a
                            href={`/app/invoices/${invoice.id}/pdf`}
                            download
                            className={`${action} text-brand-600 dark:text-brand-500`}
                            aria-label={t("invoices.pdfAction", { number: invoice.invoiceNumber })}
                          >
                            {t("invoices.pdf")}
                          </a>
                          {invoice.canSend ? (
                            <Link
                              to={`${invoice.id}/send${search}`}
                              preventScrollReset
                              className={`${action} text-brand-600 dark:text-brand-500`}
                              aria-label={t("invoices.send.sendAction", { number: invoice.invoiceNumber })}
                            >
                              {t("invoices.send.action")}
                            </Link>
                          ) : (
                            <button
                              type="button"
                              aria-disabled="true"
                              title={t("estimates.emailRequired")}
                              className={`${action} cursor-not-allowed text-slate-500 dark:text-slate-400`}
                              aria-label={`${t("invoices.send.sendAction", { number: invoice.invoiceNumber })}: ${t("estimates.emailRequired")}`}
                              data-testid="send-disabled"
                            >
                              {t("invoices.send.action")}
                            </button>
                          )}
                          <Link
                            to={`${invoice.id}/share${search}`}
                            preventScrollReset
                            className={`${action} text-brand-600 dark:text-brand-500`}
                            aria-label={t("invoices.share.shareAction", { number: invoice.invoiceNumber })}
                          >
                            {t("invoices.share.action")}
                          </Link>
                          <Link
                            to={`${invoice.id}/payments${search}`}
                            preventScrollReset
                            className={`${action} text-brand-600 dark:text-brand-500`}
                            aria-label={t("invoices.payments.action", { number: invoice.invoiceNumber })}
                          >
                            {t("invoices.payments.title")}
                          </Link>
                          {invoice.status === "overdue" ? (
                            <Link
                              to={`${invoice.id}/late-charge${search}`}
                              preventScrollReset
                              className={`${action} text-amber-700 dark:text-amber-400`}
                              aria-label={`${t("invoices.lateCharge.action")} · ${invoice.invoiceNumber}`}
                            >
                              {t("invoices.lateCharge.action")}
                            </Link>
                          ) : null}
                          {canMarkPaid(invoice.status) ? (
                            <Link
                              to={`${invoice.id}/paid${search}`}
                              preventScrollReset
                              className={`${action} text-green-700 dark:text-green-400`}
                              aria-label={t("invoices.markPaidAction", { number: invoice.invoiceNumber })}
                            >
                              {t("invoices.markPaid")}
                            </Link>
                          ) : null}
                          <Link
                            to={`${invoice.id}/delete${search}`}
                            preventScrollReset
                            className={`${action} text-red-600 hover:bg-red-50 dark:text-red-400`}
                            aria-label={t("invoices.deleteAction", { number: invoice.invoiceNumber })}
                          >
                            {t("list.delete")}
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
        </>
      )}
      <Outlet />
    </div>
  );
}
