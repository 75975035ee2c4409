import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GettingStarted, DashboardSearch, QuickActions, RecentJobs, UpcomingAppointments } from "~/components/dashboard-panels";
import { DashboardStatCards } from "~/components/dashboard-stat-cards";
import { AgingTable, CollectedByMethodList } from "~/components/report-parts";
import { PageHeader } from "~/components/ui/page-header";
import { titleMeta } from "~/services/meta";
import { DASHBOARD_UPCOMING_LIMIT } from "~/lib/schedule";
import { getAccountTimeZone, upcomingAppointments } from "~/models/appointment.server";
import { recentJobs } from "~/models/job.server";
import { getDashboardStats } from "~/models/overview.server";
import { getSettings } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import { can, homeOf, type RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

export const meta = titleMeta("nav.dashboard");

const RECENT_JOBS = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  // Where signing in lands: a member who may not see the dashboard goes to their own start.
  const user = await requireUser(request, "member");
  if (!can(user.role, access)) throw redirect(homeOf(user.role));
  const timeZone = await getAccountTimeZone(user.accountId);
  const [stats, settings, recent, upcoming] = await Promise.all([
    getDashboardStats(user.accountId, { timeZone }),
    getSettings(user.accountId),
    recentJobs(user.accountId, RECENT_JOBS),
    upcomingAppointments(user.accountId, { limit: DASHBOARD_UPCOMING_LIMIT }),
  ]);
  return {
    name: user.name,
    stats,
    currency: settings.currency,
    timeZone,
    recentJobs: recent.map(({ id, title, status, totalAmount, customer }) => ({ id, title, status, totalAmount, customer })),
    upcoming: upcoming.map(({ id, title, scheduledDate, customer }) => ({ id, title, scheduledDate, customer })),
  };
}

export default function Dashboard() {
  const { t } = useTranslation();
  const { name, stats, currency, timeZone, recentJobs, upcoming } = useLoaderData<typeof loader>();
  const locale = useLocale();
  return (
    <div>
      <PageHeader
        title={t("schedule.dashboard.welcome", { name })}
        subtitle={t("schedule.dashboard.subtitle")}
        actions={<DashboardSearch />}
      />
      <DashboardStatCards stats={stats} locale={locale} currency={currency} />
      {stats.activeCustomers === 0 ? (
        <div className="mt-6">
          <GettingStarted />
        </div>
      ) : null}
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <RecentJobs jobs={recentJobs} locale={locale} currency={currency} />
        <UpcomingAppointments appointments={upcoming} timeZone={timeZone} locale={locale} />
        <QuickActions />
      </div>
      {stats.activeCustomers > 0 ? (
        <div className="mt-6 grid gap-4 lg:grid-cols-2" data-testid="dashboard-money">
          <CollectedByMethodList
            id="dashboard-collected"
            title={t("reports.collected.last30Days")}
            collected={stats.collectedByMethod}
            language={locale}
            currency={currency}
          />
          <AgingTable aging={stats.unpaidByAge} language={locale} currency={currency} />
        </div>
      ) : null}
    </div>
  );
}
