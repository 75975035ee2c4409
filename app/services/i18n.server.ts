import { createCookie } from "@remix-run/node";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import en from "~/locales/en";
import es, { dateLocale as esDates } from "~/locales/es";
import { addDateLocale } from "~/lib/date-locale";
import { addDictionary, fallbackLanguage, i18nConfig, i18nResources, supportedLanguages, type Language } from "./i18n";

// The server speaks every language: both dictionaries are registered when this module loads,
// which is at start-up, since the root route imports it.
addDictionary("en", en);
addDictionary("es", es);
addDateLocale("es", esDates);

/** i18next options for a server render: the shared ones with every dictionary. */
export const serverI18nConfig = { ...i18nConfig, resources: i18nResources() };
export { translate } from "./i18n";

const instances = new Map<Language, Promise<i18n>>();

/**
 * The i18next instance that renders pages in a language on the server: made once per
 * language and shared by every request. Nothing on the server changes an instance's
 * language (a switch is a new request in the new language), so sharing it is safe, and a
 * request no longer pays for a new instance and its resource store.
 */
export function serverI18n(language: Language): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...serverI18nConfig, lng: language })
      .then(() => created);
    instances.set(language, instance);
  }
  return instance;
}

export const languageCookie = createCookie("td_lang", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
});

// For visitors: the language they chose (cookie), else what the browser asks for.
// A signed-in account's own setting takes precedence (see the root loader).
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: serverI18nConfig,
});
