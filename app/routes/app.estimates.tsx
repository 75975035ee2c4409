import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EstimateStatusBadge } from "~/components/estimate-status-badge";
import { ShareLinkButton } from "~/components/share-link-button";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/forms";
import { cardClass, ListSearch, Pagination, tableClass, tdClass, thClass, useListLoading } from "~/components/ui/list";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { ToastView, type ToastData } from "~/components/ui/toast";
import { formatCalendarDate } from "~/lib/estimate-dates";
import { ESTIMATE_STATUS_FILTERS, readEstimateStatusFilter } from "~/lib/estimate-schema";
import { readListParams } from "~/lib/list-params";
import { titleMeta } from "~/services/meta";
import { formatMoney } from "~/lib/money";
import { countEstimates, listEstimates } from "~/models/estimate.server";
import { getSettings } from "~/models/settings.server";
import { shareLinksOf } from "~/models/share.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/services/session.server";
import { dayKey } from "~/lib/clock";

export const meta = titleMeta("estimates.title");

const SORTS = ["newest"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const { q, page } = readListParams(url, SORTS, "newest");
  const params = { q, page, status: readEstimateStatusFilter(url.searchParams.get("status")) };
  // Unfiltered, the page's total is the account's: it is counted once (docs/decisions/009).
  const filtered = params.q !== "" || params.status !== "all";
  const [list, counted, settings] = await Promise.all([
    listEstimates(user.id, params),
    filtered ? countEstimates(user.id) : undefined,
    getSettings(user.id),
  ]);
  const accountTotal = counted ?? list.total;
  const links = await shareLinksOf(
    user.id,
    list.items.map((estimate) => estimate.id),
  );
  const items = list.items.map((estimate) => ({
    id: estimate.id,
    estimateNumber: estimate.estimateNumber,
    title: estimate.title,
    description: estimate.description,
    status: estimate.status,
    total: estimate.total,
    validUntil: estimate.validUntil,
    createdOn: dayKey(estimate.createdAt, settings.timeZone),
    customer: { id: estimate.customer.id, name: estimate.customer.name },
    job: estimate.job,
    itemCount: estimate.itemCount,
    canSend: Boolean(estimate.customer.email?.trim()),
    sharedViews: links.get(estimate.id)?.viewCount ?? null,
    // Who answered on the shared page (a declining customer may leave the name out).
    answeredBy: estimate.respondedAt ? (estimate.customerSignature ?? "") : null,
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

const actionLink = "rounded px-2 py-1 text-brand-600 hover:bg-brand-50 dark:text-brand-500 dark:hover:bg-slate-800";

export default function EstimatesPage() {
  const { t } = useTranslation();
  const { items, total, page, pageSize, params, accountTotal, currency } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { search } = useLocation();
  const loading = useListLoading();
  // The share button's toast; it waits for the list to reload, which also retires a toast from the server (one toast at a time).
  const [clientToast, setClientToast] = useState<{ key: number; toast: ToastData } | null>(null);
  const revalidator = useRevalidator();
  return (
    <div>
      <PageHeader
        title={t("estimates.title")}
        count={accountTotal}
        actions={
          <Link to={`new${search}`} className={buttonClass("primary")} preventScrollReset>
            + {t("estimates.add")}
          </Link>
        }
      />
      {accountTotal === 0 ? (
        <EmptyState>{t("sections.estimates.empty")}</EmptyState>
      ) : (
        <>
          <ListSearch q={params.q} label={t("estimates.searchLabel")} placeholder={t("estimates.searchPlaceholder")}>
            <label>
              <span className="sr-only">{t("estimates.statusFilter")}</span>
              <select
                name="status"
                defaultValue={params.status}
                key={`status-${params.status}`}
                className={inputClass}
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
              >
                {ESTIMATE_STATUS_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {status === "all" ? t("estimates.allStatuses") : t(`estimates.statuses.${status}`)}
                  </option>
                ))}
              </select>
            </label>
          </ListSearch>
          {items.length === 0 ? (
            <EmptyState>{t("list.noMatches", { things: t("estimates.things") })}</EmptyState>
          ) : (
            <div className={`${cardClass} ${loading ? "opacity-60" : ""}`}>
              <table className={tableClass} data-testid="estimates-table">
                <thead className="bg-slate-50 dark:bg-slate-800/50">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t("estimates.number")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("estimates.estimate")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("estimates.customer")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("estimates.status")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("estimates.created")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("estimates.validUntil")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("estimates.total")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("estimates.items")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("list.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {items.map((estimate) => (
                    <tr key={estimate.id} data-testid="estimate-row">
                      <td className={`${tdClass} whitespace-nowrap font-mono text-xs`}>{estimate.estimateNumber}</td>
                      <td className={`${tdClass} max-w-xs`}>
                        <p className="font-medium">{estimate.title}</p>
                        {estimate.description ? (
                          <p className="line-clamp-2 text-xs text-slate-500 dark:text-slate-400">{estimate.description}</p>
                        ) : null}
                        {estimate.job ? (
                          <Link
                            to={`/app/jobs/${estimate.job.id}`}
                            className="mt-1 inline-flex rounded-md border border-blue-200 bg-blue-50 px-1.5 py-0.5 text-xs font-medium text-blue-800 hover:underline dark:border-blue-900 dark:bg-blue-950 dark:text-blue-300"
                            aria-label={t("estimates.jobLink", { title: estimate.job.title })}
                            data-testid="job-badge"
                          >
                            {t("estimates.jobBadge", { title: estimate.job.title })}
                          </Link>
                        ) : null}
                      </td>
                      <td className={tdClass}>{estimate.customer.name}</td>
                      <td className={tdClass}>
                        <EstimateStatusBadge status={estimate.status} />
                        {estimate.answeredBy !== null && (estimate.status === "approved" || estimate.status === "rejected") ? (
                          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="estimate-answer">
                            {estimate.status === "approved"
                              ? t("estimates.share.listApprovedBy", { name: estimate.answeredBy })
                              : estimate.answeredBy
                                ? t("estimates.share.listDeclinedBy", { name: estimate.answeredBy })
                                : t("estimates.share.listDeclined")}
                          </p>
                        ) : null}
                        {estimate.sharedViews !== null ? (
                          <Link
                            to={`${estimate.id}/share${search}`}
                            className="mt-1 block whitespace-nowrap text-xs text-brand-600 hover:underline dark:text-brand-500"
                            preventScrollReset
                            data-testid="share-status"
                          >
                            {estimate.sharedViews > 0
                              ? t("estimates.share.listViewed", { count: estimate.sharedViews })
                              : t("estimates.share.listNotViewed")}
                          </Link>
                        ) : null}
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-slate-600 dark:text-slate-400`}>
                        {formatCalendarDate(estimate.createdOn, locale)}
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-slate-600 dark:text-slate-400`}>
                        {estimate.validUntil ? formatCalendarDate(estimate.validUntil, locale) : "—"}
                      </td>
                      <td
                        className={`${tdClass} whitespace-nowrap text-right font-medium tabular-nums`}
                        data-testid="estimate-total"
                      >
                        {formatMoney(estimate.total, locale, currency)}
                      </td>
                      <td className={`${tdClass} text-right tabular-nums`} data-testid="estimate-item-count">
                        {estimate.itemCount}
                      </td>
                      <td className={`${tdClass} text-right`}>
                        <div className="flex flex-wrap justify-end gap-x-1 gap-y-1">
                          <Link
                            to={`${estimate.id}/preview${search}`}
                            className={actionLink}
                            preventScrollReset
                            aria-label={t("estimates.previewAction", { number: estimate.estimateNumber })}
                          >
                            {t("estimates.preview")}
                          </Link>
                          <a
                            href={`/app/estimates/${estimate.id}/pdf`}
                            className={actionLink}
                            aria-label={t("estimates.pdfAction", { number: estimate.estimateNumber })}
                          >
                            {t("estimates.pdf")}
                          </a>
                          <Link
                            to={`${estimate.id}/edit${search}`}
                            className={actionLink}
                            preventScrollReset
                            aria-label={t("estimates.editAction", { number: estimate.estimateNumber })}
                          >
                            {t("list.edit")}
                          </Link>
                          {estimate.canSend ? (
                            <Link
                              to={`${estimate.id}/send${search}`}
                              className={actionLink}
                              preventScrollReset
                              aria-label={t("estimates.sendAction", { number: estimate.estimateNumber })}
                            >
                              {t("estimates.send")}
                            </Link>
                          ) : (
                            <button
                              type="button"
                              aria-disabled="true"
                              title={t("estimates.emailRequired")}
                              className="cursor-not-allowed rounded px-2 py-1 text-slate-500 dark:text-slate-400"
                              aria-label={`${t("estimates.sendAction", { number: estimate.estimateNumber })}: ${t("estimates.emailRequired")}`}
                              data-testid="send-disabled"
                            >
                              {t("estimates.send")}
                            </button>
                          )}
                          <ShareLinkButton
                            estimateId={estimate.id}
                            estimateNumber={estimate.estimateNumber}
                            search={search}
                            className={`${actionLink} whitespace-nowrap`}
                            onToast={(toast) => setClientToast({ key: Date.now(), toast })}
                          />
                          <Link
                            to={`${estimate.id}/deposit${search}`}
                            className={actionLink}
                            preventScrollReset
                            aria-label={`${t("estimates.deposit.action")} · ${estimate.estimateNumber}`}
                          >
                            {t("estimates.deposit.action")}
                          </Link>
                          <Link
                            to={`${estimate.id}/delete${search}`}
                            className="rounded px-2 py-1 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
                            preventScrollReset
                            aria-label={t("estimates.deleteAction", { number: estimate.estimateNumber })}
                          >
                            {t("list.delete")}
                          </Link>
                          {estimate.status === "approved" ? (
                            <Form method="post" action={`/app/estimates/${estimate.id}/invoice`}>
                              <button
                                type="submit"
                                className="rounded px-2 py-1 font-medium text-green-700 hover:bg-green-50 dark:text-green-400 dark:hover:bg-slate-800"
                                aria-label={t("estimates.createInvoiceAction", { number: estimate.estimateNumber })}
                              >
                                {t("estimates.createInvoice")}
                              </button>
                            </Form>
                          ) : null}
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
      {clientToast && revalidator.state === "idle" ? <ToastView key={clientToast.key} toast={clientToast.toast} /> : null}
    </div>
  );
}
