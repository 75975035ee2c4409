import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SectionsWith } from "~/locales/keys";
import { BrandMark } from "~/components/brand";
import { PreferencesSwitcher } from "~/components/preferences-switcher";
import { Icon, type IconName } from "~/components/shell/icons";
import { buttonClass } from "~/components/ui/button";
import { MAIN_ID, SkipLink } from "~/components/ui/skip-link";
import { appOrigin } from "~/models/share.server";
import type { RouteHandle } from "~/root";
import { translate } from "~/infrastructure/i18n";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

const FEATURES: { key: SectionsWith<"title" | "body", "landing.features.">; icon: IconName }[] = [
  { key: "customers", icon: "customers" },
  { key: "jobs", icon: "jobs" },
  { key: "estimates", icon: "estimates" },
  { key: "invoices", icon: "invoices" },
  { key: "schedule", icon: "schedule" },
  { key: "ai", icon: "aiFeatures" },
  { key: "reports", icon: "reports" },
  { key: "languages", icon: "settings" },
];

const RESULTS = ["faster", "winRate", "profit", "materials"] as const;
const TESTIMONIALS = ["one", "two", "three"] as const;
const TIERS = [
  { key: "starter", cta: { to: "/register", label: "landing.pricing.startTrial" }, featured: false },
  { key: "professional", cta: { to: "/register", label: "landing.pricing.startTrial" }, featured: true },
  { key: "enterprise", cta: { to: "/contact-sales", label: "landing.pricing.contactSales" }, featured: false },
] as const;

// Links, anchors and the language and theme forms (which post and redirect back) all work
// as plain HTML, so the landing page ships no JavaScript: a phone on a slow network paints
// it sooner and downloads some 130 KB less (docs/performance.md).
export const handle: RouteHandle = { hydrate: false };

/** Where the page lives (APP_URL, else the request's origin): link previews need absolute addresses. */
export function loader({ request }: LoaderFunctionArgs) {
  return { origin: appOrigin(request) };
}

/** The title and description, and the same as a link preview (Open Graph, Twitter) in the visitor's language. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const locale = (matches[0]?.data as { locale?: string } | undefined)?.locale ?? "en";
  const title = `TradeDesk | ${translate(locale, "app.tagline")}`;
  const description = translate(locale, "landing.hero.subtitle");
  const origin = data?.origin ?? "";
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "TradeDesk" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}/` },
    { property: "og:image", content: `${origin}/icons/icon-512.png` },
    { property: "og:locale", content: locale === "es" ? "es_ES" : "en_US" },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
};

/** The public landing page (docs/product/accounts-and-sign-in.md): plain HTML and links, no JavaScript needed. */
export default function Landing() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <div className="bg-white dark:bg-slate-950">
      <SkipLink />
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2 text-lg font-semibold">
            <BrandMark />
            TradeDesk
          </Link>
          <nav
            className="ml-6 hidden gap-6 text-sm text-slate-600 md:flex dark:text-slate-300"
            aria-label={t("landing.nav.sections")}
          >
            <a href="#features" className="hover:text-slate-900 dark:hover:text-white">
              {t("landing.nav.features")}
            </a>
            <a href="#results" className="hover:text-slate-900 dark:hover:text-white">
              {t("landing.nav.results")}
            </a>
            <a href="#testimonials" className="hover:text-slate-900 dark:hover:text-white">
              {t("landing.nav.testimonials")}
            </a>
            <a href="#pricing" className="hover:text-slate-900 dark:hover:text-white">
              {t("landing.nav.pricing")}
            </a>
          </nav>
          <div className="flex-1" />
          <PreferencesSwitcher className="hidden sm:flex" />
          <Link to="/login" className={buttonClass("ghost", "px-3")}>
            {t("landing.nav.login")}
          </Link>
          {/* On the narrowest phones the header keeps Log in only (the page has its own Get Started). */}
          <span className="hidden sm:inline-flex">
            <Link to="/register" className={buttonClass("primary", "px-3")}>
              {t("landing.nav.getStarted")}
            </Link>
          </span>
        </div>
      </header>

      <main id={MAIN_ID} tabIndex={-1} className="outline-none">
        <section className="mx-auto max-w-6xl px-4 pb-16 pt-12 text-center sm:px-6 sm:pt-20">
          <p className="mx-auto inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 dark:bg-brand-600/20 dark:text-brand-100">
            {t("landing.hero.badge")}
          </p>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t("landing.hero.title")}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{t("landing.hero.subtitle")}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonClass("primary", "w-full px-6 py-3 text-base sm:w-auto")}>
              {t("landing.hero.startTrial")}
            </Link>
            <Link to="/demo" className={buttonClass("secondary", "w-full px-6 py-3 text-base sm:w-auto")}>
              {t("landing.hero.watchDemo")}
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t("landing.hero.trialNote")}</p>
          <PreferencesSwitcher className="mt-6 justify-center sm:hidden" />
        </section>

        <section id="features" className="scroll-mt-16 bg-slate-50 py-16 dark:bg-slate-900">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">{t("landing.features.title")}</h2>
            <p className="mt-2 text-center text-slate-600 dark:text-slate-400">{t("landing.features.subtitle")}</p>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map((feature) => (
                <li
                  key={feature.key}
                  className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-950"
                >
                  <span className="inline-flex rounded-lg bg-brand-50 p-2 text-brand-600 dark:bg-brand-600/20 dark:text-brand-100">
                    <Icon name={feature.icon} />
                  </span>
                  <h3 className="mt-3 font-semibold">{t(`landing.features.${feature.key}.title`)}</h3>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`landing.features.${feature.key}.body`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="results" className="scroll-mt-16 py-16">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">{t("landing.results.title")}</h2>
            <dl className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4" data-testid="results">
              {RESULTS.map((result) => (
                <div key={result} className="flex flex-col-reverse rounded-xl bg-brand-600 p-6 text-center text-white">
                  <dt className="mt-1 text-sm">{t(`landing.results.${result}.label`)}</dt>
                  <dd className="text-3xl font-extrabold sm:text-4xl">{t(`landing.results.${result}.value`)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section id="testimonials" className="scroll-mt-16 bg-slate-50 py-16 dark:bg-slate-900">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">{t("landing.testimonials.title")}</h2>
            <p className="mt-2 text-center text-sm text-slate-500 dark:text-slate-400">{t("landing.testimonials.sample")}</p>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {TESTIMONIALS.map((item) => (
                <li key={item}>
                  <figure className="h-full rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-950">
                    <blockquote className="text-slate-700 dark:text-slate-300">
                      “{t(`landing.testimonials.${item}.quote`)}”
                    </blockquote>
                    <figcaption className="mt-4 text-sm">
                      <span className="font-semibold">{t(`landing.testimonials.${item}.name`)}</span>
                      <span className="text-slate-500 dark:text-slate-400"> · {t(`landing.testimonials.${item}.role`)}</span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="pricing" className="scroll-mt-16 py-16">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">{t("landing.pricing.title")}</h2>
            <p className="mt-2 text-center text-slate-600 dark:text-slate-400">{t("landing.pricing.subtitle")}</p>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {TIERS.map((tier) => (
                <li
                  key={tier.key}
                  data-testid={`tier-${tier.key}`}
                  className={`relative flex flex-col rounded-2xl border p-6 ${
                    tier.featured ? "border-brand-600 shadow-lg ring-1 ring-brand-600" : "border-slate-200 dark:border-slate-800"
                  }`}
                >
                  {tier.featured ? (
                    <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
                      {t("landing.pricing.mostPopular")}
                    </span>
                  ) : null}
                  <h3 className="text-lg font-semibold">{t(`landing.pricing.${tier.key}.name`)}</h3>
                  <p className="mt-3">
                    <span className="text-4xl font-extrabold">${t(`landing.pricing.${tier.key}.price`)}</span>
                    <span className="text-slate-500 dark:text-slate-400">{t("landing.pricing.perMonth")}</span>
                  </p>
                  <ul className="mt-5 flex-1 space-y-2 text-sm">
                    {t(`landing.pricing.${tier.key}.features`, { returnObjects: true }).map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <span aria-hidden="true" className="text-green-600 dark:text-green-400">
                          ✓
                        </span>
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <Link to={tier.cta.to} className={buttonClass(tier.featured ? "primary" : "secondary", "mt-6 w-full")}>
                    {t(tier.cta.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="bg-brand-700 py-16 text-center text-white">
          <div className="mx-auto max-w-3xl px-4 sm:px-6">
            <h2 className="text-3xl font-bold tracking-tight">{t("landing.cta.title")}</h2>
            <p className="mt-3 opacity-90">{t("landing.cta.subtitle")}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/register" className="rounded-md bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
                {t("landing.cta.getStarted")}
              </Link>
              <Link to="/register" className="rounded-md border border-white/60 px-5 py-3 font-semibold hover:bg-white/10">
                {t("landing.cta.tryAi")}
              </Link>
              <Link to="/demo" className="rounded-md border border-white/60 px-5 py-3 font-semibold hover:bg-white/10">
                {t("landing.cta.scheduleDemo")}
              </Link>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 py-10 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div className="flex items-center gap-2 font-semibold">
            <BrandMark className="h-6 w-6" />
            TradeDesk
          </div>
          <nav
            aria-label={t("landing.footer.product")}
            className="flex flex-wrap gap-4 text-sm text-slate-600 dark:text-slate-400"
          >
            <a href="#features">{t("landing.nav.features")}</a>
            <a href="#results">{t("landing.nav.results")}</a>
            <a href="#testimonials">{t("landing.nav.testimonials")}</a>
            <a href="#pricing">{t("landing.nav.pricing")}</a>
          </nav>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            © {year} TradeDesk. {t("landing.footer.rights")}
          </p>
        </div>
      </footer>
    </div>
  );
}
