import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import en from "~/locales/en";
import es, { dateLocale as esDates } from "~/locales/es";
import { addDateLocale } from "~/lib/date-locale";
import { addDictionary, fallbackLanguage, i18nConfig, i18nResources, supportedLanguages } from "./i18n";

// The server speaks every language: both dictionaries are registered when this module loads,
// which is at start-up, since the root route imports it.
addDictionary("en", en);
addDictionary("es", es);
addDateLocale("es", esDates);

/** i18next options for a server render: the shared ones with every dictionary. */
export const serverI18nConfig = { ...i18nConfig, resources: i18nResources() };
export { translate } from "./i18n";

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
