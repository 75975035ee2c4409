import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "~/components/shell/icons";
import { PageHeader } from "~/components/ui/page-header";
import { formatMoney } from "~/lib/money";
import { titleMeta } from "~/lib/meta";
import { getDashboardStats } from "~/models/overview.server";
import { getSettings } from "~/models/settings.server";
import type { RootLoaderData } from "~/root";
import { requireUser } from "~/services/session.server";

export const meta = titleMeta("nav.dashboard");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [stats, settings] = await Promise.all([getDashboardStats(user.id), getSettings(user.id)]);
  return { name: user.name, stats, currency: settings.currency };
}

export default function Dashboard() {
  const { t } = useTranslation();
  const { name, stats, currency } = useLoaderData<typeof loader>();
  const locale = useRouteLoaderData<RootLoaderData>("root")?.locale ?? "en";
  const cards: { label: string; value: string; to: string; icon: IconName; hint?: string }[] = [
    { label: t("stats.totalJobs"), value: String(stats.totalJobs), to: "/app/jobs", icon: "jobs" },
    { label: t("stats.totalRevenue"), value: formatMoney(stats.totalRevenue, locale, currency), to: "/app/reports", icon: "reports", hint: t("stats.revenueHint") },
    { label: t("stats.pendingEstimates"), value: String(stats.pendingEstimates), to: "/app/estimates", icon: "estimates" },
    { label: t("stats.activeCustomers"), value: String(stats.activeCustomers), to: "/app/customers", icon: "customers" },
  ];
  const nothingYet = stats.activeCustomers === 0;
  return (
    <div>
      <PageHeader title={t("sections.dashboard.welcome", { name })} subtitle={t("sections.dashboard.subtitle")} />
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="stat-cards">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="flex items-start justify-between rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 dark:border-slate-800 dark:bg-slate-900"
            >
              <div>
                <p className="text-sm text-slate-600 dark:text-slate-400">{card.label}</p>
                <p className="mt-1 text-2xl font-bold">{card.value}</p>
                {card.hint ? <p className="mt-1 text-xs text-slate-500">{card.hint}</p> : null}
              </div>
              <span className="rounded-lg bg-brand-50 p-2 text-brand-600 dark:bg-brand-600/20 dark:text-brand-100">
                <Icon name={card.icon} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {nothingYet ? (
        <section className="mt-8 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <h2 className="text-lg font-semibold">{t("stats.gettingStarted")}</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-700 dark:text-slate-300">
            <li>{t("stats.stepCustomer")}</li>
            <li>{t("stats.stepJob")}</li>
            <li>{t("stats.stepEstimate")}</li>
          </ol>
        </section>
      ) : null}
    </div>
  );
}
