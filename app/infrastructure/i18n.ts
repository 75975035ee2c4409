// Languages, the i18next options and `translate`, shared by the server and the browser.
// The dictionaries themselves are not imported here: the server registers both at start-up
// (i18n.server.ts), the browser loads only the ones its page speaks (dictionaries.ts), so a
// phone never downloads the language it does not read.
import type { Dictionary } from "~/locales/en";
import type { TextKey } from "~/locales/keys";

export const supportedLanguages = ["en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";
export const defaultNS = "common";

// Translation keys are typed: i18next's `t` (useTranslation, getFixedT, the server's `t`)
// takes only a key English has (a plural by its base name too: `x` for `x_one` and `x_other`),
// `translate` only a text English has, and Spanish has exactly the keys of English (es.ts is a
// `Dictionary`), so a typo or a missing key fails `tsc`. i18next reads the keys from English
// with its texts widened to `string` (`t` answers a string, not the English text's literal).
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: { [defaultNS]: Dictionary };
  }
}

/**
 * A key that reached the screen as a plain string: a form's errors (conform hands them on as
 * `string[]`), a zod issue's message, a key read back from a cookie. These are written as keys
 * in the schemas and routes (`app/lib/*-schema.ts`…), where no type follows them; the test
 * "every key written in the code is in English" (test/translation-keys.test.ts) reads those
 * literals and checks each one. The only place a string is taken for a key unchecked by tsc.
 */
export function messageKey(message: string): TextKey {
  return message as TextKey;
}

type Tree = { readonly [key: string]: string | readonly string[] | Tree };

const dictionaries: Partial<Record<Language, Tree>> = {};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** Makes a language's dictionary available to `translate` and to `i18nResources`. */
export function addDictionary(language: Language, dictionary: object) {
  dictionaries[language] = dictionary as Tree;
}

export function hasDictionary(language: Language): boolean {
  return dictionaries[language] !== undefined;
}

/** The i18next `resources` option: every dictionary registered so far. */
export function i18nResources() {
  const resources: Partial<Record<Language, Record<string, Tree>>> = {};
  for (const language of supportedLanguages) {
    const dictionary = dictionaries[language];
    if (dictionary) resources[language] = { [defaultNS]: dictionary };
  }
  return resources;
}

/** The i18next options shared by the server render and the browser (resources apart). */
export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS,
  ns: [defaultNS],
  interpolation: { escapeValue: false },
};

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node && typeof node === "object" && part in node) node = (node as Tree)[part];
    else return undefined;
  }
  return typeof node === "string" ? node : undefined;
}

/** A dictionary text's `{{name}}` placeholders. */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Fills a text's `{{name}}` placeholders (a missing value leaves nothing). */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => (values[name] === undefined ? "" : String(values[name])));
}

/** A translation outside React (page titles, e-mails), with the same English fallback as i18next. */
export function translate(locale: string, key: TextKey, values: Record<string, string> = {}): string {
  const lang = isLanguage(locale) ? locale : fallbackLanguage;
  return fillPlaceholders(lookup(dictionaries[lang], key) ?? lookup(dictionaries.en, key) ?? key, values);
}
