import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AgingTable, CollectedByMethodList, FigureList, RevenueChart, StatCard } from "~/components/report-parts";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/forms";
import { PageHeader } from "~/components/ui/page-header";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatListDate } from "~/lib/job-dates";
import { titleMeta } from "~/services/meta";
import { formatCount, formatMoney, formatWholeMoney } from "~/lib/money";
import { formatTenths, readReportRange, REPORT_RANGES } from "~/lib/report";
import { getBusinessReport } from "~/models/report.server";
import { getSettingsWithoutLogo } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "reports" satisfies RouteAccess;

export const meta = titleMeta("reports.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const range = readReportRange(new URL(request.url).searchParams.get("range"));
  const settings = await getSettingsWithoutLogo(user.accountId);
  const { window, ...report } = await getBusinessReport(user.accountId, range, { timeZone: settings.timeZone });
  return { range, from: window.from, to: window.to, currency: settings.currency, report };
}

export default function ReportsPage() {
  const { t } = useTranslation();
  const { range, from, to, currency, report } = useLoaderData<typeof loader>();
  const language = useLocale();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/app/reports";
  const money = (cents: number) => formatMoney(cents, language, currency);
  const count = (n: number) => formatCount(n, language);

  return (
    <div>
      <PageHeader
        title={t("reports.title")}
        subtitle={t("reports.period", {
          from: formatListDate(`${from}T00:00:00Z`, language),
          to: formatListDate(`${to}T00:00:00Z`, language),
        })}
        actions={
          <>
            <Form method="get" preventScrollReset className="flex items-center gap-2">
              <label className="flex items-center gap-2">
                <span className="whitespace-nowrap text-sm font-medium">{t("reports.range.label")}</span>
                <select
                  name="range"
                  defaultValue={String(range)}
                  key={range}
                  className={`${inputClass} w-auto`}
                  onChange={(event) => event.currentTarget.form?.requestSubmit()}
                >
                  {REPORT_RANGES.map((days) => (
                    <option key={days} value={days}>
                      {t(`reports.range.last${days}`)}
                    </option>
                  ))}
                </select>
              </label>
              {hydrated ? null : <Button variant="secondary">{t("reports.range.apply")}</Button>}
            </Form>
            <a href={`/app/reports/export.json?range=${range}`} download className={buttonClass("primary")}>
              {t("reports.exportJson")}
            </a>
            <a href={`/app/reports/export.csv?range=${range}`} download className={buttonClass("secondary")}>
              {t("reports.exportCsv")}
            </a>
          </>
        }
      />
      <div className={`space-y-6 ${loading ? "opacity-60" : ""}`} data-testid="report" data-range={range}>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            id="totalRevenue"
            icon="invoices"
            label={t("reports.cards.totalRevenue")}
            value={money(report.totalRevenue)}
            hint={t("reports.cards.totalRevenueHint")}
          />
          <StatCard
            id="pendingRevenue"
            icon="estimates"
            label={t("reports.cards.pendingRevenue")}
            value={money(report.pendingRevenue)}
            hint={t("reports.cards.pendingRevenueHint")}
          />
          <StatCard
            id="activeJobs"
            icon="jobs"
            label={t("reports.cards.activeJobs")}
            value={count(report.jobs.active)}
            hint={t("reports.cards.activeJobsHint", { completed: count(report.jobs.completed) })}
          />
          <StatCard
            id="totalCustomers"
            icon="customers"
            label={t("reports.cards.totalCustomers")}
            value={count(report.customers)}
            hint={t("reports.cards.totalCustomersHint")}
          />
        </ul>
        <div className="grid gap-6 lg:grid-cols-3">
          <FigureList
            id="report-job-status"
            title={t("reports.jobStatus.title")}
            rows={[
              { id: "completedJobs", label: t("reports.jobStatus.completed"), value: count(report.jobs.completed) },
              { id: "inProgressJobs", label: t("reports.jobStatus.inProgress"), value: count(report.jobs.inProgress) },
              { id: "pendingJobs", label: t("reports.jobStatus.pending"), value: count(report.jobs.pending) },
            ]}
          />
          <FigureList
            id="report-documents"
            title={t("reports.documents.title")}
            rows={[
              { id: "totalEstimates", label: t("reports.documents.totalEstimates"), value: count(report.estimates.total) },
              {
                id: "approvedEstimates",
                label: t("reports.documents.approvedEstimates"),
                value: count(report.estimates.approved),
              },
              { id: "totalInvoices", label: t("reports.documents.totalInvoices"), value: count(report.invoices.total) },
              { id: "paidInvoices", label: t("reports.documents.paidInvoices"), value: count(report.invoices.paid) },
            ]}
          />
          <FigureList
            id="report-insights"
            title={t("reports.insights.title")}
            rows={[
              {
                id: "averageInvoice",
                label: t("reports.insights.averageInvoice"),
                hint: t("reports.insights.averageInvoiceHint"),
                // The average invoice value is shown in whole dollars ("$63").
                value: formatWholeMoney(report.insights.averageInvoiceDollars, language, currency),
              },
              {
                id: "jobsPerCustomer",
                label: t("reports.insights.jobsPerCustomer"),
                hint: t("reports.insights.jobsPerCustomerHint"),
                value: formatTenths(report.insights.jobsPerCustomerTenths, language),
              },
              {
                id: "approvalRate",
                label: t("reports.insights.approvalRate"),
                hint: t("reports.insights.approvalRateHint"),
                value: `${report.insights.approvalRatePercent}%`,
              },
            ]}
          />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <RevenueChart unit={report.revenue.unit} points={report.revenue.points} language={language} currency={currency} />
          <CollectedByMethodList
            id="report-collected"
            title={t("reports.collected.title")}
            collected={report.collected}
            language={language}
            currency={currency}
          />
        </div>
        <AgingTable aging={report.aging} language={language} currency={currency} />
      </div>
    </div>
  );
}
