import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatTimeIn, type AppointmentStatus, type ScheduleItem } from "~/lib/schedule";

/** Where an item opens: a job's detail dialog, or the appointment's own (the schedule's search kept). */
export function scheduleItemHref(item: Pick<ScheduleItem, "id" | "isJob">, search: string): string {
  return item.isJob ? `/app/schedule/jobs/${item.id}${search}` : `/app/schedule/${item.id}${search}`;
}

export const scheduleItemKey = (item: Pick<ScheduleItem, "id" | "isJob">) => `${item.isJob ? "job" : "appointment"}-${item.id}`;

const STATUS_CLASSES: Record<AppointmentStatus, string> = {
  scheduled: "bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-300",
  in_progress: "bg-violet-100 text-violet-800 dark:bg-violet-900/40 dark:text-violet-300",
  completed: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  cancelled: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  rescheduled: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300",
};

export function ScheduleStatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="schedule-status"
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}
    >
      {t(`schedule.statuses.${status}`)}
    </span>
  );
}

export function KindBadge({ isJob }: { isJob: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="schedule-kind"
      className={`inline-flex whitespace-nowrap rounded-md border px-1.5 py-0.5 text-xs font-medium ${
        isJob
          ? "border-purple-200 bg-purple-50 text-purple-800 dark:border-purple-900 dark:bg-purple-950 dark:text-purple-300"
          : "border-teal-200 bg-teal-50 text-teal-800 dark:border-teal-900 dark:bg-teal-950 dark:text-teal-300"
      }`}
    >
      {t(isJob ? "schedule.kind.job" : "schedule.kind.appointment")}
    </span>
  );
}

/**
 * One item of the Today and Upcoming cards and of a calendar day: title (a link to its
 * dialog), customer and time, a Done badge when completed and the status when it is
 * cancelled or rescheduled.
 */
export function ScheduleEntry({
  item,
  search,
  timeZone,
  locale,
  dateLabel,
  compact = false,
}: {
  item: ScheduleItem;
  search: string;
  timeZone: string;
  locale: string;
  /** Shown before the time when the item is not on the day the card is about. */
  dateLabel?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const time = formatTimeIn(item.scheduledDate, timeZone, locale);
  return (
    <li data-testid="schedule-entry" className={`flex items-start justify-between gap-3 ${compact ? "py-1.5" : "py-2.5"}`}>
      <div className="min-w-0">
        <Link
          to={scheduleItemHref(item, search)}
          preventScrollReset
          className="block break-words font-medium text-brand-600 hover:underline dark:text-brand-500"
          aria-label={t("schedule.openItem", { title: item.title })}
        >
          {item.title}
        </Link>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">
          {item.customer.name}
          {item.assigneeName ? <span data-testid="schedule-assignee"> · {item.assigneeName}</span> : null}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="schedule-time">
          {dateLabel ? `${dateLabel} · ${time}` : time}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        {item.status === "completed" ? (
          <span
            data-testid="done-badge"
            className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900/40 dark:text-green-300"
          >
            {t("schedule.done")}
          </span>
        ) : item.status !== "scheduled" ? (
          <ScheduleStatusBadge status={item.status} />
        ) : null}
        {!compact ? <KindBadge isJob={item.isJob} /> : null}
      </div>
    </li>
  );
}
