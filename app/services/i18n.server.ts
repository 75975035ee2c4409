import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, i18nConfig, supportedLanguages } from "./i18n";

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
  i18next: i18nConfig,
});
