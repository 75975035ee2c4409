import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/locales/keys";
import { JobStatusBadge } from "~/components/job-status-badge";
import { JobLinksCell, JobScheduleCell, JobTitleCell } from "~/components/job-list-cells";
import { ListPage, type Column } from "~/components/list-page";
import { JOB_SORTS, type JobSort } from "~/lib/job-schema";
import { JOB_STATUS_FILTERS, jobStatusLabelKey, readJobStatusFilter } from "~/lib/job-status";
import { loadListPage } from "~/lib/list-params";
import { titleMeta } from "~/services/meta";
import { formatMoney } from "~/lib/money";
import { countJobs, listJobs } from "~/models/job.server";
import { memberOptions } from "~/models/member.server";
import { assigneeName } from "~/components/assignee-field";
import { getSettings } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import { accountZone } from "~/lib/clock";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

export const meta = titleMeta("jobs.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [list, settings, members] = await Promise.all([
    loadListPage(
      new URL(request.url),
      { sorts: JOB_SORTS, defaultSort: "newest", filters: { status: readJobStatusFilter } },
      { list: (params) => listJobs(user.accountId, params), count: () => countJobs(user.accountId) },
    ),
    getSettings(user.accountId),
    memberOptions(user.accountId),
  ]);
  return { ...list, members, currency: settings.currency, timeZone: accountZone(settings.timeZone) };
}

const SORT_LABELS: Record<JobSort, TranslationKey> = {
  newest: "jobs.sortNewest",
  oldest: "jobs.sortOldest",
  scheduled: "jobs.sortScheduled",
  title: "jobs.sortTitle",
};

export default function JobsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const locale = useLocale();
  const columns: Column<(typeof data.items)[number]>[] = [
    { key: "job", header: t("jobs.job"), card: "title", className: "max-w-xs", cell: (job) => <JobTitleCell job={job} /> },
    { key: "customer", header: t("jobs.customer"), card: "sub", cell: (job) => job.customer.name },
    { key: "status", header: t("jobs.status"), card: "badge", cell: (job) => <JobStatusBadge status={job.status} /> },
    {
      key: "assignee",
      header: t("team.assignee"),
      testId: "job-assignee",
      cell: (job) =>
        assigneeName(data.members, job.assigneeId) ?? (
          <span className="text-slate-500 dark:text-slate-400">{t("team.nobody")}</span>
        ),
    },
    {
      key: "schedule",
      header: t("jobs.schedule"),
      className: "nw mut",
      cell: (job) => <JobScheduleCell job={job} timeZone={data.timeZone} />,
    },
    {
      key: "amount",
      header: t("jobs.amount"),
      align: "right",
      card: "figure",
      className: "nw font-medium",
      testId: "job-amount",
      cell: (job) => (job.totalAmount === null ? t("jobs.tbd") : formatMoney(job.totalAmount, locale, data.currency)),
    },
    { key: "links", header: t("jobs.links"), cell: (job) => <JobLinksCell links={job.links} /> },
  ];
  return (
    <ListPage
      name="jobs"
      data={data}
      status={{ value: data.params.status, options: JOB_STATUS_FILTERS, labelKey: jobStatusLabelKey }}
      sort={{ value: data.params.sort, options: JOB_SORTS, labelKey: (sort) => SORT_LABELS[sort] }}
      canAdd
      columns={columns}
      rowLabel={(job) => job.title}
      actions={(job) => [
        { dialog: `${job.id}/edit`, label: t("list.edit"), ariaLabel: t("jobs.editAction", { title: job.title }) },
        {
          dialog: `${job.id}/delete`,
          label: t("list.delete"),
          ariaLabel: t("jobs.deleteAction", { title: job.title }),
          tone: "danger",
        },
      ]}
    />
  );
}
