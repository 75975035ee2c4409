import en from "~/locales/en";
import es from "~/locales/es";

export const supportedLanguages = ["en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";
export const defaultNS = "common";

export const resources = {
  en: { common: en },
  es: { common: es },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** The i18next options shared by the server render and the browser. */
export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS,
  ns: [defaultNS],
  resources,
  interpolation: { escapeValue: false },
};

type Tree = { readonly [key: string]: string | readonly string[] | Tree };

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node && typeof node === "object" && part in node) node = (node as Tree)[part];
    else return undefined;
  }
  return typeof node === "string" ? node : undefined;
}

/** A translation outside React (page titles, e-mails), with the same English fallback as i18next. */
export function translate(locale: string, key: string, values: Record<string, string> = {}): string {
  const lang = isLanguage(locale) ? locale : fallbackLanguage;
  const text = lookup(resources[lang].common as Tree, key) ?? lookup(resources.en.common as Tree, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}
