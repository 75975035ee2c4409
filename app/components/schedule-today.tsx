import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withParams } from "~/lib/list-params";
import { formatDay, type ScheduleItem } from "~/lib/schedule";
import { ScheduleEntry, scheduleItemKey } from "./schedule-item";
import { dayKey } from "~/lib/clock";

const card = "min-w-0 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

/**
 * The Today tab: today's first items (filtered and searched) with "N more" linking to the List
 * tab narrowed to today, and the next five still to happen.
 */
export function ScheduleToday({
  today,
  todayItems,
  todayTotal,
  upcoming,
  search,
  timeZone,
  locale,
}: {
  today: string;
  todayItems: ScheduleItem[];
  /** Every item of today that matches the filter and search. */
  todayTotal: number;
  upcoming: ScheduleItem[];
  search: string;
  timeZone: string;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className={card} aria-labelledby="today-title" data-testid="today-card">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="today-title" className="text-lg font-semibold">
            {t("schedule.today.title")}
          </h2>
          <span className="text-sm text-slate-500 dark:text-slate-400" data-testid="today-count">
            {t("schedule.today.count", { count: todayTotal })}
          </span>
        </div>
        <p className="text-sm text-slate-500 dark:text-slate-400">{formatDay(today, "EEEE, MMMM d", locale)}</p>
        {todayItems.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t("schedule.today.empty")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            {todayItems.map((item) => (
              <ScheduleEntry key={scheduleItemKey(item)} item={item} search={search} timeZone={timeZone} locale={locale} />
            ))}
          </ul>
        )}
        {todayTotal > todayItems.length ? (
          <Link
            to={withParams(search, { tab: "list", day: today, week: null, page: null })}
            className="mt-2 block text-sm font-medium text-brand-600 hover:underline dark:text-brand-500"
            aria-label={t("schedule.today.moreLabel", { count: todayTotal })}
            data-testid="today-more"
          >
            {t("schedule.calendar.more", { count: todayTotal - todayItems.length })}
          </Link>
        ) : null}
      </section>
      <section className={card} aria-labelledby="upcoming-title" data-testid="upcoming-card">
        <h2 id="upcoming-title" className="text-lg font-semibold">
          {t("schedule.upcoming.title")}
        </h2>
        {upcoming.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t("schedule.upcoming.empty")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            {upcoming.map((item) => {
              const day = dayKey(item.scheduledDate, timeZone);
              return (
                <ScheduleEntry
                  key={scheduleItemKey(item)}
                  item={item}
                  search={search}
                  timeZone={timeZone}
                  locale={locale}
                  dateLabel={day === today ? t("schedule.tabs.today") : formatDay(day, "EEE, MMM d", locale)}
                />
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
