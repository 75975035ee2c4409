import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "~/root";
import { fallbackLanguage, isLanguage, type Language } from "~/infrastructure/i18n";

/** The language the page is shown in: the root loader's locale (the account's, else the visitor's). */
export function useLocale(): Language {
  const locale = useRouteLoaderData<RootLoaderData>("root")?.locale;
  return isLanguage(locale) ? locale : fallbackLanguage;
}
