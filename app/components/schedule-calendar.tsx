import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withParams } from "~/lib/list-params";
import { formatDay, formatWeekTitle } from "~/lib/schedule";
import type { CalendarDay } from "~/models/schedule.server";
import { ScheduleEntry, scheduleItemKey } from "./schedule-item";
import { buttonClass } from "./ui/button";
import { addDays } from "~/lib/clock";

/**
 * The Calendar tab: a week from Sunday, with Previous, Today and Next links and a range
 * title. Seven columns on a wide screen; on a phone the days stack, one under another,
 * so a 360-pixel screen reads them without scrolling sideways.
 */
export function ScheduleCalendar({
  week,
  today,
  days,
  timeZone,
  locale,
}: {
  week: string;
  today: string;
  days: CalendarDay[];
  timeZone: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navClass = buttonClass("secondary", "px-3 py-1.5");
  return (
    <section aria-labelledby="week-title" data-testid="calendar">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="week-title" className="text-lg font-semibold" data-testid="week-title">
          {formatWeekTitle(week, locale)}
        </h2>
        <nav aria-label={t("schedule.calendar.weekNavigation")} className="flex gap-2">
          <Link
            to={withParams(search, { week: addDays(week, -7) })}
            preventScrollReset
            className={navClass}
            aria-label={t("schedule.calendar.previousWeek")}
          >
            {t("schedule.calendar.previous")}
          </Link>
          <Link
            to={withParams(search, { week: null })}
            preventScrollReset
            className={navClass}
            aria-label={t("schedule.calendar.thisWeek")}
          >
            {t("schedule.calendar.today")}
          </Link>
          <Link
            to={withParams(search, { week: addDays(week, 7) })}
            preventScrollReset
            className={navClass}
            aria-label={t("schedule.calendar.nextWeek")}
          >
            {t("schedule.calendar.next")}
          </Link>
        </nav>
      </div>
      <ol className="grid grid-cols-1 gap-2 md:grid-cols-7">
        {days.map(({ day, items, total }) => {
          const isToday = day === today;
          return (
            <li
              key={day}
              data-testid="calendar-day"
              data-day={day}
              aria-current={isToday ? "date" : undefined}
              className={`min-w-0 rounded-xl border p-3 md:min-h-[9rem] ${
                isToday
                  ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500 dark:bg-brand-600/10"
                  : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
              }`}
            >
              <h3 className="flex items-baseline gap-2 text-sm font-semibold md:flex-col md:gap-0">
                <span className="uppercase tracking-wide text-slate-600 dark:text-slate-400">
                  {formatDay(day, "EEE", locale)}
                </span>
                <span className={isToday ? "text-brand-700 dark:text-brand-100" : ""}>{formatDay(day, "MMM d", locale)}</span>
                {isToday ? <span className="sr-only">({t("schedule.calendar.isToday")})</span> : null}
              </h3>
              {items.length === 0 ? (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t("schedule.calendar.noItems")}</p>
              ) : (
                <ul className="mt-1 divide-y divide-slate-100 text-sm dark:divide-slate-800">
                  {items.map((item) => (
                    <ScheduleEntry
                      key={scheduleItemKey(item)}
                      item={item}
                      search={search}
                      timeZone={timeZone}
                      locale={locale}
                      compact
                    />
                  ))}
                </ul>
              )}
              {total > items.length ? (
                <Link
                  to={withParams(search, {
                    tab: "list",
                    day,
                    week: null,
                    page: null,
                  })}
                  className="mt-1 block text-xs font-medium text-brand-600 hover:underline dark:text-brand-500"
                  aria-label={t("schedule.calendar.moreLabel", {
                    count: total,
                    date: formatDay(day, t("schedule.calendar.moreDateFormat"), locale),
                  })}
                  data-testid="calendar-more"
                >
                  {t("schedule.calendar.more", { count: total - items.length })}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
