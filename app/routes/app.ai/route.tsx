import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/ui/page-header";
import { titleMeta } from "~/services/meta";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

export const meta = titleMeta("ai.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, access);
  return null;
}

const FEATURES = ["smartEstimate", "jobEfficiency", "customerIntelligence", "paymentPredictor", "materialWaste"] as const;

/** The static showcase (docs/product/ai-estimates.md): five features, each Active, and the differentiator panel. */
export default function AiFeatures() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={t("ai.title")}
        subtitle={t("ai.subtitle")}
        actions={<span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-800">{t("ai.beta")}</span>}
      />
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature} className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
            <div className="flex items-start justify-between gap-3">
              <h2 className="font-semibold">{t(`ai.${feature}.title`)}</h2>
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">{t("ai.active")}</span>
            </div>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-400">
              {t(`ai.${feature}.benefits`, { returnObjects: true }).map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <section className="mt-8 rounded-xl bg-gradient-to-r from-brand-600 to-brand-800 p-6 text-white">
        <h2 className="text-lg font-semibold">{t("ai.differentiator.title")}</h2>
        <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {[
            ["90%", t("ai.differentiator.time")],
            ["25%", t("ai.differentiator.winRate")],
            ["30%", t("ai.differentiator.profit")],
          ].map(([value, label]) => (
            <div key={label}>
              <dt className="sr-only">{label}</dt>
              <dd className="text-3xl font-bold">{value}</dd>
              <dd className="text-sm opacity-90">{label}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
