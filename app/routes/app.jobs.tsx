import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { JobStatusBadge } from "~/components/job-status-badge";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/forms";
import { cardClass, ListSearch, Pagination, tableClass, tdClass, thClass, useListLoading } from "~/components/ui/list";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { formatListDate, formatTime } from "~/lib/job-dates";
import { JOB_SORTS, type JobSort } from "~/lib/job-schema";
import { JOB_STATUS_FILTERS, jobStatusLabelKey, readJobStatusFilter } from "~/lib/job-status";
import { readListParams } from "~/lib/list-params";
import { titleMeta } from "~/services/meta";
import { formatMoney } from "~/lib/money";
import { countJobs, listJobs } from "~/models/job.server";
import { getSettings } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/services/session.server";
import { accountZone } from "~/lib/clock";

export const meta = titleMeta("jobs.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const params = { ...readListParams(url, JOB_SORTS, "newest"), status: readJobStatusFilter(url.searchParams.get("status")) };
  // Unfiltered, the page's total is the account's: it is counted once (docs/decisions/009).
  const filtered = params.q !== "" || params.status !== "all";
  const [list, accountTotal, settings] = await Promise.all([
    listJobs(user.id, params),
    filtered ? countJobs(user.id) : undefined,
    getSettings(user.id),
  ]);
  return {
    ...list,
    params,
    accountTotal: accountTotal ?? list.total,
    currency: settings.currency,
    timeZone: accountZone(settings.timeZone),
  };
}

const SORT_LABELS: Record<JobSort, string> = {
  newest: "jobs.sortNewest",
  oldest: "jobs.sortOldest",
  scheduled: "jobs.sortScheduled",
  title: "jobs.sortTitle",
};

/** The short form of a document number for a badge: "EST-1718000001234" reads "1234". */
const shortNumber = (number: string) => number.replace(/^[A-Z]+-/, "").slice(-4);

export default function JobsPage() {
  const { t } = useTranslation();
  const { items, total, page, pageSize, params, accountTotal, currency, timeZone } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { search } = useLocation();
  const loading = useListLoading();
  const badge = "inline-flex rounded-md border px-1.5 py-0.5 text-xs font-medium hover:underline";
  return (
    <div>
      <PageHeader
        title={t("jobs.title")}
        count={accountTotal}
        actions={
          <Link to={`new${search}`} className={buttonClass("primary")} preventScrollReset>
            + {t("jobs.add")}
          </Link>
        }
      />
      {accountTotal === 0 ? (
        <EmptyState>{t("sections.jobs.empty")}</EmptyState>
      ) : (
        <>
          <ListSearch q={params.q} label={t("jobs.searchLabel")} placeholder={t("jobs.searchPlaceholder")}>
            <label>
              <span className="sr-only">{t("jobs.statusFilter")}</span>
              <select
                name="status"
                defaultValue={params.status}
                key={`status-${params.status}`}
                className={inputClass}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              >
                {JOB_STATUS_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {status === "all" ? t("jobs.allStatuses") : t(jobStatusLabelKey(status))}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="sr-only">{t("list.sortBy")}</span>
              <select
                name="sort"
                defaultValue={params.sort}
                key={`sort-${params.sort}`}
                className={inputClass}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              >
                {JOB_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(SORT_LABELS[sort])}
                  </option>
                ))}
              </select>
            </label>
          </ListSearch>
          {items.length === 0 ? (
            <EmptyState>{t("list.noMatches", { things: t("jobs.things") })}</EmptyState>
          ) : (
            <div className={`${cardClass} ${loading ? "opacity-60" : ""}`}>
              <table className={tableClass} data-testid="jobs-table">
                <thead className="bg-slate-50 dark:bg-slate-800/50">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t("jobs.job")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("jobs.customer")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("jobs.status")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("jobs.schedule")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("jobs.amount")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("jobs.links")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("list.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {items.map((job) => (
                    <tr key={job.id}>
                      <td className={`${tdClass} max-w-xs`}>
                        <Link
                          to={`${job.id}${search}`}
                          className="font-medium text-brand-600 hover:underline dark:text-brand-500"
                          preventScrollReset
                          aria-label={t("jobs.viewAction", { title: job.title })}
                        >
                          {job.title}
                        </Link>
                        {job.location ? <p className="text-xs text-slate-500 dark:text-slate-400">{job.location}</p> : null}
                      </td>
                      <td className={tdClass}>{job.customer.name}</td>
                      <td className={tdClass}>
                        <JobStatusBadge status={job.status} />
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-slate-600 dark:text-slate-400`}>
                        {job.scheduledDate ? (
                          <>
                            <div>{formatListDate(job.scheduledDate, locale, timeZone)}</div>
                            <div className="text-xs">{formatTime(job.scheduledDate, locale, timeZone)}</div>
                          </>
                        ) : (
                          <span>{t("jobs.notScheduled")}</span>
                        )}
                        {job.completedDate ? (
                          <div className="text-xs">
                            {t("jobs.completedOn", { date: formatListDate(job.completedDate, locale) })}
                          </div>
                        ) : null}
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-right font-medium`} data-testid="job-amount">
                        {job.totalAmount === null ? t("jobs.tbd") : formatMoney(job.totalAmount, locale, currency)}
                      </td>
                      <td className={tdClass}>
                        <div className="flex flex-wrap gap-1">
                          {job.links.estimates.map((estimate) => (
                            <Link
                              key={estimate.id}
                              to={`/app/estimates?q=${encodeURIComponent(estimate.estimateNumber)}`}
                              className={`${badge} border-purple-200 bg-purple-50 text-purple-800 dark:border-purple-900 dark:bg-purple-950 dark:text-purple-300`}
                              aria-label={t("jobs.estimateLink", { number: estimate.estimateNumber })}
                              title={estimate.estimateNumber}
                            >
                              {t("jobs.estimateBadge", { number: shortNumber(estimate.estimateNumber) })}
                            </Link>
                          ))}
                          {job.links.invoices.map((invoice) => (
                            <Link
                              key={invoice.id}
                              to={`/app/invoices?q=${encodeURIComponent(invoice.invoiceNumber)}`}
                              className={`${badge} border-teal-200 bg-teal-50 text-teal-800 dark:border-teal-900 dark:bg-teal-950 dark:text-teal-300`}
                              aria-label={t("jobs.invoiceLink", { number: invoice.invoiceNumber })}
                              title={invoice.invoiceNumber}
                            >
                              {t("jobs.invoiceBadge", { number: shortNumber(invoice.invoiceNumber) })}
                            </Link>
                          ))}
                        </div>
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-right`}>
                        <Link
                          to={`${job.id}/edit${search}`}
                          className="rounded px-2 py-1 text-brand-600 hover:bg-brand-50 dark:text-brand-500 dark:hover:bg-slate-800"
                          preventScrollReset
                          aria-label={t("jobs.editAction", { title: job.title })}
                        >
                          {t("list.edit")}
                        </Link>
                        <Link
                          to={`${job.id}/delete${search}`}
                          className="rounded px-2 py-1 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
                          preventScrollReset
                          aria-label={t("jobs.deleteAction", { title: job.title })}
                        >
                          {t("list.delete")}
                        </Link>
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
