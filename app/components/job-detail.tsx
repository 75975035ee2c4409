import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { invoiceStatusLabelKey } from "~/lib/invoice-status";
import { formatListDate, formatTime } from "~/lib/job-dates";
import { formatMoney } from "~/lib/money";
import type { JobDetail, jobDetailPage } from "~/models/job.server";
import { VisitEventList, type VisitEventView } from "./visit-card";

type JobDetailPage = Awaited<ReturnType<typeof jobDetailPage>>;
import { JobStatusBadge } from "./job-status-badge";
import { buttonClass } from "./ui/button";
import { RouteDialog } from "./ui/route-dialog";
import { useLocale } from "./use-locale";

const link = "text-brand-600 hover:underline dark:text-brand-500";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-500 dark:text-slate-400">{children}</p>;
}

/**
 * A job with its customer (call and e-mail links) and the estimates, invoices and
 * appointments linked to it. The jobs list shows it in a route dialog; the schedule
 * opens the same view.
 */
export function JobDetailView({
  detail,
  locale,
  currency,
  editTo,
  closeTo,
  timeZone,
  money = true,
  assigneeName = null,
  events = [],
  filesTo,
  fileCount = 0,
}: {
  detail: JobDetail;
  locale: string;
  currency: string;
  /** The account's zone: the scheduled date is shown on its wall clock. */
  timeZone: string;
  /** The Edit button's target; none for a member who may not edit jobs. */
  editTo?: string;
  closeTo: string;
  /** False for a member who may not see money: no amount, no estimates or invoices. */
  money?: boolean;
  assigneeName?: string | null;
  /** What was done on the job's visits, and by whom. */
  events?: (VisitEventView & { appointmentId: string })[];
  /** The job's Photos & files dialog, and how many it has. */
  filesTo?: string;
  fileCount?: number;
}) {
  const { t } = useTranslation();
  const { job, customer } = detail;
  const showMoney = money;
  const formatAmount = (cents: number) => formatMoney(cents, locale, currency);
  const when = (date: Date) => `${formatListDate(date, locale, timeZone)} ${formatTime(date, locale, timeZone)}`;
  const place = [
    customer.address,
    [customer.city, [customer.state, customer.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <div data-testid="job-detail">
      <div className="flex flex-wrap items-center gap-3">
        <JobStatusBadge status={job.status} />
        {showMoney ? (
          <span className="text-lg font-semibold" data-testid="job-amount">
            {job.totalAmount === null ? t("jobs.tbd") : formatAmount(job.totalAmount)}
          </span>
        ) : null}
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("jobs.detail.scheduled")}</dt>
          <dd>{job.scheduledDate ? when(job.scheduledDate) : t("jobs.notScheduled")}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("team.assignee")}</dt>
          <dd data-testid="job-assignee">{assigneeName ?? t("team.nobody")}</dd>
        </div>
        {job.completedDate ? (
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t("jobs.detail.completed")}</dt>
            <dd>{formatListDate(job.completedDate, locale)}</dd>
          </div>
        ) : null}
        {job.location ? (
          <div className="sm:col-span-2">
            <dt className="text-slate-500 dark:text-slate-400">{t("jobs.detail.location")}</dt>
            <dd>{job.location}</dd>
          </div>
        ) : null}
      </dl>
      {job.description ? (
        <Section title={t("jobs.detail.description")}>
          <p className="whitespace-pre-line text-sm">{job.description}</p>
        </Section>
      ) : null}

      <Section title={t("jobs.detail.customer")}>
        <div className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
          <p className="font-medium" data-testid="job-customer">
            {customer.name}
          </p>
          {place ? <p className="text-slate-600 dark:text-slate-400">{place}</p> : null}
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {customer.phone ? (
              <a
                href={`tel:${customer.phone}`}
                className={link}
                aria-label={t("jobs.detail.callAction", { name: customer.name })}
              >
                {t("jobs.detail.call")} {customer.phone}
              </a>
            ) : null}
            {customer.email ? (
              <a
                href={`mailto:${customer.email}`}
                className={`${link} break-all`}
                aria-label={t("jobs.detail.emailAction", { name: customer.name })}
              >
                {t("jobs.detail.email")} {customer.email}
              </a>
            ) : null}
          </div>
        </div>
      </Section>

      {showMoney ? (
        <>
          <Section title={t("jobs.detail.estimates")}>
            {detail.estimates.length === 0 ? (
              <Empty>{t("jobs.detail.noEstimates")}</Empty>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="job-estimates">
                {detail.estimates.map((estimate) => (
                  <li key={estimate.id} className="flex flex-wrap items-baseline justify-between gap-2 py-1.5">
                    <span>
                      <Link to={`/app/estimates?q=${encodeURIComponent(estimate.estimateNumber)}`} className={link}>
                        {estimate.estimateNumber}
                      </Link>{" "}
                      {estimate.title}
                    </span>
                    <span className="flex gap-3 text-slate-600 dark:text-slate-400">
                      <span>{t(`jobs.estimateStatuses.${estimate.status}`)}</span>
                      <span className="font-medium text-slate-900 dark:text-slate-100">{formatAmount(estimate.total)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section title={t("jobs.detail.invoices")}>
            {detail.invoices.length === 0 ? (
              <Empty>{t("jobs.detail.noInvoices")}</Empty>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="job-invoices">
                {detail.invoices.map((invoice) => (
                  <li key={invoice.id} className="flex flex-wrap items-baseline justify-between gap-2 py-1.5">
                    <span>
                      <Link to={`/app/invoices?q=${encodeURIComponent(invoice.invoiceNumber)}`} className={link}>
                        {invoice.invoiceNumber}
                      </Link>{" "}
                      {invoice.title}
                    </span>
                    <span className="flex gap-3 text-slate-600 dark:text-slate-400">
                      {invoice.dueDate ? (
                        <span>{t("jobs.detail.due", { date: formatListDate(invoice.dueDate, locale) })}</span>
                      ) : null}
                      <span>{t(invoiceStatusLabelKey(invoice.status))}</span>
                      <span className="font-medium text-slate-900 dark:text-slate-100">{formatAmount(invoice.total)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      ) : null}

      <Section title={t("jobs.detail.appointments")}>
        {detail.appointments.length === 0 ? (
          <Empty>{t("jobs.detail.noAppointments")}</Empty>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="job-appointments">
            {detail.appointments.map((appointment) => (
              <li key={appointment.id} className="flex flex-wrap items-baseline justify-between gap-2 py-1.5">
                <span>{appointment.title}</span>
                <span className="flex gap-3 text-slate-600 dark:text-slate-400">
                  <span>{when(appointment.scheduledDate)}</span>
                  <span>{t("jobs.detail.minutes", { count: appointment.duration })}</span>
                  <span>{t(`jobs.appointmentStatuses.${appointment.status}`)}</span>
                </span>
                <div className="w-full">
                  <VisitEventList events={events.filter((event) => event.appointmentId === appointment.id)} timeZone={timeZone} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {filesTo ? (
          <Link to={filesTo} className={buttonClass("secondary", "mr-auto")} preventScrollReset>
            {fileCount > 0 ? t("files.actionCount", { count: fileCount }) : t("files.action")}
          </Link>
        ) : null}
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          {t("jobs.detail.close")}
        </Link>
        {editTo ? (
          <Link to={editTo} className={buttonClass("primary")} preventScrollReset>
            {t("jobs.detail.edit")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The job detail view as a dialog over the list it was opened from; its loader is jobDetailPage. */
export function JobDetailDialog({ closeTo, editTo, filesTo }: { closeTo: string; editTo?: string; filesTo: string }) {
  const { detail, currency, timeZone, money, assigneeName, events, fileCount } = useLoaderData<JobDetailPage>();
  const locale = useLocale();
  return (
    <RouteDialog title={detail.job.title} closeTo={closeTo} size="lg">
      <JobDetailView
        detail={detail}
        locale={locale}
        currency={currency}
        timeZone={timeZone}
        editTo={money ? editTo : undefined}
        closeTo={closeTo}
        money={money}
        assigneeName={assigneeName}
        events={events}
        filesTo={filesTo}
        fileCount={fileCount}
      />
    </RouteDialog>
  );
}
