import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { invoiceStatusLabelKey } from "~/lib/invoice-status";
import { JobStatusBadge } from "~/components/job-status-badge";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/forms";
import { PageHeader } from "~/components/ui/page-header";
import { MAX_SEARCH_LENGTH } from "~/lib/list-params";
import { titleMeta } from "~/services/meta";
import { formatMoney } from "~/lib/money";
import { getAccountTimeZone } from "~/models/appointment.server";
import { searchBusiness, type BusinessSearch } from "~/models/overview.server";
import { getSettings } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import { dayKey, now as clockNow } from "~/lib/clock";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

export const meta = titleMeta("schedule.search.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  if (!q) return { q, results: null, currency: "USD" };
  const [timeZone, settings] = await Promise.all([getAccountTimeZone(user.accountId), getSettings(user.accountId)]);
  const results = await searchBusiness(user.accountId, q, { today: dayKey(clockNow(), timeZone) });
  return { q, results, currency: settings.currency };
}

const link = "font-medium text-brand-600 hover:underline dark:text-brand-500";

function Section({
  id,
  title,
  total,
  shown,
  viewAll,
  children,
}: {
  id: string;
  title: string;
  total: number;
  shown: number;
  viewAll: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      aria-labelledby={`${id}-title`}
      data-testid={`search-${id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title} <span className="text-sm font-normal text-slate-500 dark:text-slate-400">({total})</span>
        </h2>
        {total > shown ? (
          <Link to={viewAll} className="text-sm text-brand-600 hover:underline dark:text-brand-500">
            {t("schedule.search.viewAll", { total })}
          </Link>
        ) : null}
      </div>
      {total === 0 ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t("schedule.search.none")}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">{children}</ul>
          {total > shown ? (
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t("schedule.search.showing", { shown, total })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Results({ q, results, locale, currency }: { q: string; results: BusinessSearch; locale: string; currency: string }) {
  const { t } = useTranslation();
  const query = encodeURIComponent(q);
  const money = (cents: number) => formatMoney(cents, locale, currency);
  const row = "flex flex-wrap items-baseline justify-between gap-2 py-2";
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section
        id="customers"
        title={t("schedule.search.customers")}
        total={results.customers.total}
        shown={results.customers.items.length}
        viewAll={`/app/customers?q=${query}`}
      >
        {results.customers.items.map((customer) => (
          <li key={customer.id} className={row}>
            <Link to={`/app/customers?q=${encodeURIComponent(customer.name)}`} className={link}>
              {customer.name}
            </Link>
            <span className="text-slate-600 dark:text-slate-400">
              {[customer.phone, customer.email, customer.city].filter(Boolean).join(" · ")}
            </span>
          </li>
        ))}
      </Section>
      <Section
        id="jobs"
        title={t("schedule.search.jobs")}
        total={results.jobs.total}
        shown={results.jobs.items.length}
        viewAll={`/app/jobs?q=${query}`}
      >
        {results.jobs.items.map((job) => (
          <li key={job.id} className={row}>
            <span className="min-w-0">
              <Link to={`/app/jobs/${job.id}`} className={link}>
                {job.title}
              </Link>
              <span className="block text-slate-600 dark:text-slate-400">
                {[job.customerName, job.location].filter(Boolean).join(" · ")}
              </span>
            </span>
            <JobStatusBadge status={job.status} />
          </li>
        ))}
      </Section>
      <Section
        id="estimates"
        title={t("schedule.search.estimates")}
        total={results.estimates.total}
        shown={results.estimates.items.length}
        viewAll={`/app/estimates?q=${query}`}
      >
        {results.estimates.items.map((estimate) => (
          <li key={estimate.id} className={row}>
            <span className="min-w-0">
              <Link to={`/app/estimates?q=${encodeURIComponent(estimate.estimateNumber)}`} className={link}>
                {estimate.estimateNumber}
              </Link>{" "}
              {estimate.title}
              <span className="block text-slate-600 dark:text-slate-400">{estimate.customerName}</span>
            </span>
            <span className="flex gap-3 text-slate-600 dark:text-slate-400">
              <span>{t(`jobs.estimateStatuses.${estimate.status}`)}</span>
              <span className="font-medium text-slate-900 dark:text-slate-100">{money(estimate.total)}</span>
            </span>
          </li>
        ))}
      </Section>
      <Section
        id="invoices"
        title={t("schedule.search.invoices")}
        total={results.invoices.total}
        shown={results.invoices.items.length}
        viewAll={`/app/invoices?q=${query}`}
      >
        {results.invoices.items.map((invoice) => (
          <li key={invoice.id} className={row}>
            <span className="min-w-0">
              <Link to={`/app/invoices?q=${encodeURIComponent(invoice.invoiceNumber)}`} className={link}>
                {invoice.invoiceNumber}
              </Link>{" "}
              {invoice.title}
              <span className="block text-slate-600 dark:text-slate-400">{invoice.customerName}</span>
            </span>
            <span className="flex gap-3 text-slate-600 dark:text-slate-400">
              <span>{t(invoiceStatusLabelKey(invoice.status))}</span>
              <span className="font-medium text-slate-900 dark:text-slate-100">{money(invoice.total)}</span>
            </span>
          </li>
        ))}
      </Section>
    </div>
  );
}

/** /app/search?q=: customers, jobs, estimates and invoices at once (the dashboard's search box). */
export default function SearchPage() {
  const { t } = useTranslation();
  const { q, results, currency } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const nothing = results && Object.values(results).every((section) => section.total === 0);
  return (
    <div>
      <PageHeader title={q ? t("schedule.search.resultsFor", { q }) : t("schedule.search.title")} />
      <Form method="get" role="search" className="mb-6 flex gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t("schedule.dashboard.searchLabel")}</span>
          <input
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            required
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t("schedule.dashboard.searchPlaceholder")}
            className={inputClass}
          />
        </label>
        <button type="submit" className={buttonClass("primary")}>
          {t("schedule.dashboard.search")}
        </button>
      </Form>
      {!results ? (
        <p className="text-slate-600 dark:text-slate-400">{t("schedule.search.prompt")}</p>
      ) : (
        <>
          {nothing ? (
            <p className="mb-4 text-slate-600 dark:text-slate-400" data-testid="search-nothing">
              {t("schedule.search.nothing", { q })}
            </p>
          ) : null}
          <Results q={q} results={results} locale={locale} currency={currency} />
        </>
      )}
    </div>
  );
}
