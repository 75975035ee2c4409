// The cells of the job list (app/routes/app.jobs/route.tsx) that show more than one value.
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LinkBadge } from "~/components/list-page";
import { shortNumber } from "~/lib/document-number";
import { routeLinkProps } from "~/components/ui/route-link";
import { useLocale } from "~/components/use-locale";
import { formatListDate, formatTime } from "~/lib/job-dates";

/** The title (opening the job) and its location. */
export function JobTitleCell({ job }: { job: { id: string; title: string; location: string | null } }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <>
      <a
        {...routeLinkProps(`/app/jobs/${job.id}${search}`, { keepScroll: true })}
        className="open"
        aria-label={t("jobs.viewAction", { title: job.title })}
      >
        {job.title}
      </a>
      {job.location ? <p className="text-xs text-slate-500 dark:text-slate-400">{job.location}</p> : null}
    </>
  );
}

/** When the job is scheduled (in the account's zone), and when it was completed. */
export function JobScheduleCell({
  job,
  timeZone,
}: {
  job: { scheduledDate: Date | string | null; completedDate: Date | string | null };
  timeZone: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      {job.scheduledDate ? (
        <>
          <div>{formatListDate(job.scheduledDate, locale, timeZone)}</div>
          <div className="text-xs">{formatTime(job.scheduledDate, locale, timeZone)}</div>
        </>
      ) : (
        <span>{t("jobs.notScheduled")}</span>
      )}
      {job.completedDate ? (
        <div className="text-xs">{t("jobs.completedOn", { date: formatListDate(job.completedDate, locale) })}</div>
      ) : null}
    </>
  );
}

/** Badges to the job's estimates and invoices. */
export function JobLinksCell({
  links,
}: {
  links: { estimates: { id: string; estimateNumber: string }[]; invoices: { id: string; invoiceNumber: string }[] };
}) {
  const { t } = useTranslation();
  const badges = [
    ...links.estimates.map((estimate) => ({ id: estimate.id, kind: "estimate" as const, number: estimate.estimateNumber })),
    ...links.invoices.map((invoice) => ({ id: invoice.id, kind: "invoice" as const, number: invoice.invoiceNumber })),
  ];
  return (
    <div className="flex flex-wrap gap-1">
      {badges.map(({ id, kind, number }) => (
        <LinkBadge
          key={id}
          kind={kind}
          search={number}
          label={t(`jobs.${kind}Badge`, { number: shortNumber(number) })}
          ariaLabel={t(`jobs.${kind}Link`, { number })}
        />
      ))}
    </div>
  );
}
