import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "~/components/shell/icons";
import { formatMoney } from "~/lib/money";
import type { DashboardStats } from "~/models/overview.server";

/** A change in percent as the cards show it: "+12%", "-8%", "0%"; "—" when there is nothing to compare with. */
export function formatChange(change: number | null): string | null {
  if (change === null) return null;
  return `${change > 0 ? "+" : change < 0 ? "-" : ""}${Math.abs(change)}%`;
}

/** The four stat cards (docs/product/dashboard-and-reports.md), each a link to its section, with the real figure under it. */
export function DashboardStatCards({ stats, locale, currency }: { stats: DashboardStats; locale: string; currency: string }) {
  const { t } = useTranslation();
  const change = (value: number | null) =>
    t("schedule.dashboard.changeVsPrevious", { change: formatChange(value) ?? t("schedule.dashboard.noChange") });
  const cards: { key: string; label: string; value: string; to: string; icon: IconName; hint: string; tone?: "bad" }[] = [
    {
      key: "jobs",
      label: t("schedule.dashboard.totalJobs"),
      value: String(stats.totalJobs),
      to: "/app/jobs",
      icon: "jobs",
      hint: change(stats.jobsChange),
    },
    {
      key: "revenue",
      label: t("schedule.dashboard.totalRevenue"),
      value: formatMoney(stats.totalRevenue, locale, currency),
      to: "/app/reports",
      icon: "reports",
      hint: change(stats.revenueChange),
    },
    {
      key: "estimates",
      label: t("schedule.dashboard.pendingEstimates"),
      value: String(stats.pendingEstimates),
      to: "/app/estimates",
      icon: "estimates",
      hint: t("schedule.dashboard.overdueInvoices", { count: stats.overdueInvoices }),
      tone: stats.overdueInvoices > 0 ? "bad" : undefined,
    },
    {
      key: "customers",
      label: t("schedule.dashboard.activeCustomers"),
      value: String(stats.activeCustomers),
      to: "/app/customers",
      icon: "customers",
      hint: t("schedule.dashboard.newThisWeek", { count: stats.newCustomersThisWeek }),
    },
  ];
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="stat-cards">
      {cards.map((card) => (
        <li key={card.key}>
          <Link
            to={card.to}
            data-testid={`stat-${card.key}`}
            className="flex h-full items-start justify-between rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 dark:border-slate-800 dark:bg-slate-900"
          >
            <div>
              <p className="text-sm text-slate-600 dark:text-slate-400">{card.label}</p>
              <p className="mt-1 text-2xl font-bold" data-testid="stat-value">
                {card.value}
              </p>
              <p
                data-testid="stat-hint"
                className={`mt-1 text-xs ${card.tone === "bad" ? "text-red-600 dark:text-red-400" : "text-slate-500 dark:text-slate-400"}`}
              >
                {card.hint}
              </p>
            </div>
            <span className="rounded-lg bg-brand-50 p-2 text-brand-600 dark:bg-brand-600/20 dark:text-brand-100">
              <Icon name={card.icon} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
