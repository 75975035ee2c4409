import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RootLoaderData } from "~/root";
import { loadDictionary } from "~/infrastructure/dictionaries";

/**
 * Language and theme controls: plain forms that post to /resources/preferences, so they
 * work with JavaScript off (the action redirects back); with it on they submit in place.
 */
export function PreferencesSwitcher({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootLoaderData>("root");
  const location = useLocation();
  const fetcher = useFetcher();
  const redirectTo = location.pathname + location.search;
  const locale = fetcher.formData?.get("language")?.toString() ?? root?.locale ?? "en";
  const theme = fetcher.formData?.get("theme")?.toString() ?? root?.theme ?? "light";
  const nextTheme = theme === "dark" ? "light" : "dark";
  const pill = (active: boolean) =>
    `rounded px-2 py-1 text-xs font-medium ${
      active
        ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900"
        : "text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-700"
    }`;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <fetcher.Form
        method="post"
        action="/resources/preferences"
        className="flex items-center gap-1"
        aria-label={t("prefs.language")}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          name="language"
          value="en"
          className={pill(locale === "en")}
          aria-pressed={locale === "en"}
          lang="en"
          onClick={() => void loadDictionary("en")}
        >
          EN
        </button>
        <button
          type="submit"
          name="language"
          value="es"
          className={pill(locale === "es")}
          aria-pressed={locale === "es"}
          lang="es"
          onClick={() => void loadDictionary("es")}
        >
          ES
        </button>
      </fetcher.Form>
      <fetcher.Form method="post" action="/resources/preferences">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          name="theme"
          value={nextTheme}
          data-testid="theme-toggle"
          className="rounded p-1.5 text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-700"
          aria-label={theme === "dark" ? t("prefs.switchToLight") : t("prefs.switchToDark")}
          title={theme === "dark" ? t("prefs.switchToLight") : t("prefs.switchToDark")}
        >
          {theme === "dark" ? (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="4" />
              <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
            </svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
            </svg>
          )}
        </button>
      </fetcher.Form>
    </div>
  );
}
