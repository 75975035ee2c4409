import type { Locale } from "date-fns";
import i18next from "i18next";
import { addDateLocale } from "~/lib/date-locale";
import { addDictionary, defaultNS, hasDictionary, i18nResources, isLanguage, type Language } from "./i18n";

// In the browser each dictionary is its own chunk, fetched only for a language a page speaks.
const loaders: Record<Language, () => Promise<{ default: object; dateLocale?: Locale }>> = {
  en: () => import("~/locales/en"),
  es: () => import("~/locales/es"),
};

/**
 * Loads a language's dictionary in the browser (once) and hands it to `translate` and to the
 * browser's i18next instance, so a switch of language renders translated from the first frame.
 */
export async function loadDictionary(language: string): Promise<void> {
  if (!isLanguage(language)) return;
  if (!hasDictionary(language)) {
    const module = await loaders[language]();
    if (module.dateLocale) addDateLocale(language, module.dateLocale);
    addDictionary(language, module.default);
  }
  if (i18next.isInitialized && !i18next.hasResourceBundle(language, defaultNS)) {
    i18next.addResourceBundle(language, defaultNS, i18nResources()[language]![defaultNS]);
  }
}

/**
 * The languages a server-rendered page speaks: `<html lang>` and any part rendered in a fixed
 * language (`<div lang data-dictionary>`, see FixedLanguage). A mere `lang` attribute (the
 * "Español" button of the language switcher) does not count.
 */
export function pageLanguages(doc: Document): Language[] {
  const found = new Set<Language>();
  for (const element of [doc.documentElement, ...Array.from(doc.querySelectorAll("[lang][data-dictionary]"))]) {
    const lang = element.getAttribute("lang");
    if (isLanguage(lang)) found.add(lang);
  }
  return [...found];
}
