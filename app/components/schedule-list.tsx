import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withParams } from "~/lib/list-params";
import { formatDay, formatDayIn, formatTimeIn, type ScheduleItem } from "~/lib/schedule";
import { KindBadge, ScheduleStatusBadge, scheduleItemHref, scheduleItemKey } from "./schedule-item";
import { cardClass, Pagination, useListLoading } from "./ui/list";

/** The List tab: every item, earliest first, paged. */
export function ScheduleList({
  items,
  total,
  page,
  pageSize,
  searching,
  day,
  timeZone,
  locale,
}: {
  items: ScheduleItem[];
  total: number;
  page: number;
  pageSize: number;
  searching: boolean;
  day: string | null;
  timeZone: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const loading = useListLoading();
  const dayFilter = day ? (
    <p className="mb-3 flex flex-wrap items-center gap-3 text-sm" data-testid="day-filter">
      <span className="font-medium">
        {t("schedule.list.dayFilter", {
          date: formatDay(day, t("schedule.list.dayFilterDateFormat"), locale),
        })}
      </span>
      <Link to={withParams(search, { day: null, page: null })} className="text-brand-600 hover:underline dark:text-brand-500">
        {t("schedule.list.allDays")}
      </Link>
    </p>
  ) : null;
  if (items.length === 0) {
    return (
      <>
        {dayFilter}
        <div
          data-testid="empty-state"
          className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="font-semibold">{t("schedule.list.emptyTitle")}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            {t(searching ? "schedule.list.emptySearch" : "schedule.list.empty")}
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      {dayFilter}
      <ul
        className={`${cardClass} divide-y divide-slate-100 dark:divide-slate-800 ${loading ? "opacity-60" : ""}`}
        data-testid="schedule-list"
      >
        {items.map((item) => (
          <li key={scheduleItemKey(item)} className="p-4" data-testid="schedule-row">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={scheduleItemHref(item, search)}
                preventScrollReset
                className="font-medium text-brand-600 hover:underline dark:text-brand-500"
                aria-label={t("schedule.openItem", { title: item.title })}
              >
                {item.title}
              </Link>
              <KindBadge isJob={item.isJob} />
              <ScheduleStatusBadge status={item.status} />
            </div>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
              <span>{item.customer.name}</span>
              {item.assigneeName ? (
                <span data-testid="schedule-assignee">
                  {t("team.assignee")}: {item.assigneeName}
                </span>
              ) : null}
              <span data-testid="schedule-when">
                {t("schedule.list.when", {
                  date: formatDayIn(item.scheduledDate, timeZone, locale),
                  time: formatTimeIn(item.scheduledDate, timeZone, locale),
                })}
              </span>
              {item.location ? <span>{item.location}</span> : null}
              {item.customer.phone ? (
                <a
                  href={`tel:${item.customer.phone}`}
                  className="text-brand-600 hover:underline dark:text-brand-500"
                  aria-label={t("schedule.list.callAction", {
                    name: item.customer.name,
                  })}
                >
                  {t("schedule.list.call")} {item.customer.phone}
                </a>
              ) : null}
            </div>
            {item.description ? (
              <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{item.description}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination page={page} total={total} pageSize={pageSize} />
    </>
  );
}
