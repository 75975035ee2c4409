import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ScheduleCalendar } from "~/components/schedule-calendar";
import { ScheduleList } from "~/components/schedule-list";
import { ScheduleToday } from "~/components/schedule-today";
import { ScheduleToolbar } from "~/components/schedule-toolbar";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { titleMeta } from "~/services/meta";
import { readScheduleParams, UPCOMING_LIMIT, type ScheduleItem } from "~/lib/schedule";
import { getAccountTimeZone } from "~/models/appointment.server";
import { memberOptions } from "~/models/member.server";
import { scheduleDay, scheduleList, scheduleWeek, upcomingSchedule } from "~/models/schedule.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import { dayKey, dayRange, now as clockNow } from "~/lib/clock";
import { can, ownWorkOnly, type RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): a technician sees the items assigned to them. */
export const access = "assigned-work" satisfies RouteAccess;

export const meta = titleMeta("schedule.title");

/** Loads only what the tab shows: today's first items and the next five, a week, or one page of the list. */
async function loadView(
  accountId: string,
  params: ReturnType<typeof readScheduleParams>,
  today: string,
  timeZone: string,
  now: Date,
) {
  const assignee = params.member ?? undefined;
  if (params.tab === "calendar") {
    return {
      tab: "calendar" as const,
      days: await scheduleWeek(accountId, { sunday: params.week, zone: timeZone, filter: params.status, q: params.q, assignee }),
    };
  }
  if (params.tab === "list") {
    const range = params.day ? dayRange(params.day, timeZone) : undefined;
    return {
      tab: "list" as const,
      ...(await scheduleList(accountId, { filter: params.status, q: params.q, page: params.page, range, assignee })),
    };
  }
  const [todayPage, upcoming] = await Promise.all([
    scheduleDay(accountId, { day: today, zone: timeZone, filter: params.status, q: params.q, assignee }),
    upcomingSchedule(accountId, { now, filter: params.status, q: params.q, limit: UPCOMING_LIMIT, assignee }),
  ]);
  return { tab: "today" as const, todayItems: todayPage.items, todayTotal: todayPage.total, upcoming };
}

/** Each item with the name of the member it is assigned to (the office sees who goes where). */
function withAssigneeNames<V extends Awaited<ReturnType<typeof loadView>>>(view: V, members: { id: string; name: string }[]): V {
  if (members.length === 0) return view;
  const names = new Map(members.map((member) => [member.id, member.name]));
  const named = (items: ScheduleItem[]) =>
    items.map((item) =>
      item.assigneeId && names.has(item.assigneeId) ? { ...item, assigneeName: names.get(item.assigneeId) } : item,
    );
  if (view.tab === "calendar") return { ...view, days: view.days.map((day) => ({ ...day, items: named(day.items) })) };
  if (view.tab === "list") return { ...view, items: named(view.items) };
  return { ...view, todayItems: named(view.todayItems), upcoming: named(view.upcoming) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const timeZone = await getAccountTimeZone(user.accountId);
  const now = clockNow();
  const today = dayKey(now, timeZone);
  const asked = readScheduleParams(new URL(request.url).searchParams, today);
  // A technician's schedule is their own, whatever the URL asks.
  const params = { ...asked, member: ownWorkOnly(user) ?? asked.member };
  const canManage = can(user.role, "work");
  const [view, members] = await Promise.all([
    loadView(user.accountId, params, today, timeZone, now),
    canManage ? memberOptions(user.accountId) : [],
  ]);
  return { params, today, timeZone, view: withAssigneeNames(view, members), members, canManage };
}

export default function SchedulePage() {
  const { t } = useTranslation();
  const { params, today, timeZone, view, members, canManage } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { search } = useLocation();
  return (
    <div>
      <PageHeader
        title={t("schedule.title")}
        subtitle={t("schedule.subtitle")}
        actions={
          canManage ? (
            <Link to={`new${search}`} className={buttonClass("primary")} preventScrollReset>
              + {t("schedule.newAppointment")}
            </Link>
          ) : undefined
        }
      />
      <ScheduleToolbar params={params} members={members} />
      <div className="mt-4">
        {view.tab === "today" ? (
          <ScheduleToday
            today={today}
            todayItems={view.todayItems}
            todayTotal={view.todayTotal}
            upcoming={view.upcoming}
            search={search}
            timeZone={timeZone}
            locale={locale}
          />
        ) : view.tab === "calendar" ? (
          <ScheduleCalendar week={params.week} today={today} days={view.days} timeZone={timeZone} locale={locale} />
        ) : (
          <ScheduleList
            items={view.items}
            total={view.total}
            page={view.page}
            pageSize={view.pageSize}
            searching={params.q !== "" || params.status !== "all" || params.day !== null}
            day={params.day}
            timeZone={timeZone}
            locale={locale}
          />
        )}
      </div>
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400" data-testid="time-zone">
        {t("schedule.timeZone", { zone: timeZone })}
      </p>
      <Outlet />
    </div>
  );
}
