import type { Locale } from "date-fns";

// date-fns locales by interface language. English needs none (date-fns formats in en-US by
// default); Spanish comes with the Spanish dictionary (app/locales/es.ts): the server
// registers it at start-up, the browser when it loads that dictionary.
const locales: Record<string, Locale> = {};

export function addDateLocale(language: string, locale: Locale) {
  locales[language] = locale;
}

/** The date-fns locale for an interface language: undefined (date-fns's English) for English or one not loaded. */
export function dateLocale(language: string): Locale | undefined {
  return locales[language];
}
