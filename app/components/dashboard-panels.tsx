import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "~/lib/money";
import { formatDayIn, formatTimeIn } from "~/lib/schedule";
import { JobStatusBadge } from "./job-status-badge";
import { buttonClass } from "./ui/button";
import { inputClass } from "./ui/forms";

const card = "min-w-0 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const link = "text-sm font-medium text-brand-600 hover:underline dark:text-brand-500";

function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className={card} aria-labelledby={`${id}-title`} data-testid={id}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The dashboard's search box: a GET form to /app/search, so it works without JavaScript. */
export function DashboardSearch() {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/app/search" role="search" className="flex w-full gap-2 sm:w-auto">
      <label className="min-w-0 flex-1 sm:w-80">
        <span className="sr-only">{t("schedule.dashboard.searchLabel")}</span>
        <input
          type="search"
          name="q"
          required
          maxLength={100}
          placeholder={t("schedule.dashboard.searchPlaceholder")}
          className={inputClass}
        />
      </label>
      <button type="submit" className={buttonClass("secondary")}>
        {t("schedule.dashboard.search")}
      </button>
    </Form>
  );
}

export interface RecentJob {
  id: string;
  title: string;
  status: string;
  totalAmount: number | null;
  customer: { name: string };
}

export function RecentJobs({ jobs, locale, currency }: { jobs: RecentJob[]; locale: string; currency: string }) {
  const { t } = useTranslation();
  return (
    <Panel
      id="recent-jobs"
      title={t("schedule.dashboard.recentJobs")}
      action={
        <Link to="/app/jobs" className={link}>
          {t("schedule.dashboard.viewAll")}
        </Link>
      }
    >
      {jobs.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("schedule.dashboard.noJobs")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {jobs.map((job) => (
            <li key={job.id} className="flex items-start justify-between gap-3 py-2.5" data-testid="recent-job">
              <div className="min-w-0">
                <Link
                  to={`/app/jobs/${job.id}`}
                  className="block truncate font-medium text-brand-600 hover:underline dark:text-brand-500"
                >
                  {job.title}
                </Link>
                <p className="truncate text-sm text-slate-600 dark:text-slate-400">{job.customer.name}</p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <JobStatusBadge status={job.status} />
                <span className="text-sm font-medium">
                  {job.totalAmount === null ? t("schedule.dashboard.tbd") : formatMoney(job.totalAmount, locale, currency)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export interface UpcomingAppointment {
  id: string;
  title: string;
  scheduledDate: Date;
  customer: { name: string };
}

export function UpcomingAppointments({
  appointments,
  timeZone,
  locale,
}: {
  appointments: UpcomingAppointment[];
  timeZone: string;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <Panel
      id="upcoming-appointments"
      title={t("schedule.dashboard.upcomingAppointments")}
      action={
        <Link to="/app/schedule?tab=calendar" className={link}>
          {t("schedule.dashboard.viewCalendar")}
        </Link>
      }
    >
      {appointments.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("schedule.dashboard.noAppointments")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {appointments.map((appointment) => (
            <li key={appointment.id} className="py-2.5" data-testid="upcoming-appointment">
              <Link
                to={`/app/schedule/${appointment.id}`}
                className="block truncate font-medium text-brand-600 hover:underline dark:text-brand-500"
              >
                {appointment.title}
              </Link>
              <p className="flex flex-wrap justify-between gap-x-3 text-sm text-slate-600 dark:text-slate-400">
                <span className="truncate">{appointment.customer.name}</span>
                <span>
                  {formatDayIn(appointment.scheduledDate, timeZone, locale)}{" "}
                  {formatTimeIn(appointment.scheduledDate, timeZone, locale)}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

const QUICK_ACTIONS = [
  { key: "newEstimate", to: "/app/estimates/new" },
  { key: "addCustomer", to: "/app/customers/new" },
  { key: "createJob", to: "/app/jobs/new" },
  { key: "schedule", to: "/app/schedule/new" },
] as const;

export function QuickActions() {
  const { t } = useTranslation();
  return (
    <Panel id="quick-actions" title={t("schedule.dashboard.quickActions")}>
      <ul className="grid grid-cols-2 gap-2">
        {QUICK_ACTIONS.map((action) => (
          <li key={action.key}>
            <Link to={action.to} className={buttonClass("secondary", "w-full")}>
              {t(`schedule.dashboard.${action.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function GettingStarted() {
  const { t } = useTranslation();
  return (
    <section className={card} data-testid="getting-started">
      <h2 className="text-lg font-semibold">{t("schedule.dashboard.gettingStarted")}</h2>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-700 dark:text-slate-300">
        <li>
          <Link to="/app/customers/new" className={link}>
            {t("schedule.dashboard.stepCustomer")}
          </Link>
        </li>
        <li>
          <Link to="/app/jobs/new" className={link}>
            {t("schedule.dashboard.stepJob")}
          </Link>
        </li>
        <li>
          <Link to="/app/estimates/new" className={link}>
            {t("schedule.dashboard.stepEstimate")}
          </Link>
        </li>
      </ol>
    </section>
  );
}
