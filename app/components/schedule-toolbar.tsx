import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListSearch } from "~/components/ui/list";
import { withParams } from "~/lib/list-params";
import { SCHEDULE_FILTERS, SCHEDULE_TABS, type ScheduleParams } from "~/lib/schedule";
import type { MemberChoice } from "./assignee-field";

const pill = (active: boolean) =>
  `inline-flex items-center rounded-md px-3 py-1.5 text-sm font-medium ${
    active
      ? "bg-brand-600 text-white"
      : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
  }`;

/**
 * The schedule's search box, status filter and tabs. All of them are links or a GET
 * form over the URL's search params, so they work without JavaScript.
 */
export function ScheduleToolbar({ params, members }: { params: ScheduleParams; members: readonly MemberChoice[] }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const hidden: Record<string, string> = {};
  if (params.tab !== "today") hidden.tab = params.tab;
  if (params.status !== "all") hidden.status = params.status;
  if (params.tab === "calendar" && new URLSearchParams(search).has("week")) hidden.week = params.week;
  if (params.day) hidden.day = params.day;
  if (params.member) hidden.member = params.member;
  return (
    <div className="space-y-3">
      <ListSearch q={params.q} label={t("schedule.searchLabel")} placeholder={t("schedule.searchPlaceholder")} hidden={hidden} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t("schedule.statusFilter")} className="flex flex-wrap gap-2" data-testid="status-filter">
          {SCHEDULE_FILTERS.map((filter) => (
            <Link
              key={filter}
              to={withParams(search, { status: filter === "all" ? null : filter })}
              preventScrollReset
              aria-current={params.status === filter ? "true" : undefined}
              className={pill(params.status === filter)}
            >
              {t(`schedule.filters.${filter}`)}
            </Link>
          ))}
        </div>
        {members.length > 1 ? (
          <div role="group" aria-label={t("team.assignee")} className="flex flex-wrap gap-2" data-testid="member-filter">
            {[{ id: null, name: t("team.everyone") }, ...members].map((member) => (
              <Link
                key={member.id ?? "everyone"}
                to={withParams(search, { member: member.id, page: null })}
                preventScrollReset
                aria-current={params.member === member.id ? "true" : undefined}
                className={pill(params.member === member.id)}
              >
                {member.name}
              </Link>
            ))}
          </div>
        ) : null}
        <nav
          aria-label={t("schedule.views")}
          className="flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
          data-testid="schedule-tabs"
        >
          {SCHEDULE_TABS.map((tab) => (
            <Link
              key={tab}
              to={withParams(search, { tab: tab === "today" ? null : tab, day: null })}
              preventScrollReset
              aria-current={params.tab === tab ? "page" : undefined}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${
                params.tab === tab
                  ? "bg-white text-slate-900 shadow-sm dark:bg-slate-900 dark:text-white"
                  : "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
              }`}
            >
              {t(`schedule.tabs.${tab}`)}
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}
