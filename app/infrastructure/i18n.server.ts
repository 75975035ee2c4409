import { createCookie } from "@remix-run/node";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import en from "~/locales/en";
import es, { dateLocale as esDates } from "~/locales/es";
import { addDateLocale } from "~/lib/date-locale";
import {
  addDictionary,
  defaultNS,
  fallbackLanguage,
  fillPlaceholders,
  PLACEHOLDER,
  i18nConfig,
  i18nResources,
  supportedLanguages,
  type Language,
} from "./i18n";

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
      .then(() => rememberPlainTranslations(created));
    instances.set(language, instance);
  }
  return instance;
}

type AnyT = ((...args: unknown[]) => unknown) & { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };

/** Options that change which text i18next picks (plural forms, contexts), never filled in by us. */
const CHOOSING_OPTIONS = new Set(["count", "context", "ordinal"]);

/**
 * A dictionary text that is its own template: plain `{{name}}` placeholders, no nesting or
 * formats. A plural form's text (`plural`) may show its `{{count}}`.
 */
function plainTemplate(text: unknown, plural = false): { text: string; names: Set<string> } | null {
  if (typeof text !== "string" || text.includes("$t(")) return null;
  const names = new Set<string>();
  let placeholders = 0;
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (CHOOSING_OPTIONS.has(name) && !(plural && name === "count")) return null;
    names.add(name);
    placeholders++;
  }
  // Any other "{{" (a format, an unescaped value) is left to i18next.
  if (text.split("{{").length - 1 !== placeholders) return null;
  return { text, names };
}

/** Values that fill exactly the template's placeholders with strings or numbers, and nothing else. */
function fillsExactly(options: unknown, names: Set<string>): options is Record<string, string | number> {
  if (!options || typeof options !== "object" || Object.getPrototypeOf(options) !== Object.prototype) return false;
  const keys = Object.keys(options);
  if (keys.length !== names.size) return false;
  for (const key of keys) {
    const value = (options as Record<string, unknown>)[key];
    if (!names.has(key) || (typeof value !== "string" && typeof value !== "number")) return false;
  }
  return true;
}

/** The value kept under `key`, made and kept the first time. */
function remember<V>(kept: Map<string, V>, key: string, make: () => V): V {
  let value = kept.get(key);
  if (value === undefined) {
    value = make();
    kept.set(key, value);
  }
  return value;
}

/**
 * A page asks for a few hundred texts and i18next resolves each afresh (options,
 * namespaces, fallbacks, interpolation, post-processing): about 2 ms of a page's CPU. The
 * dictionaries never change while the server runs, so an instance keeps what a plain key
 * translated to, and fills a text whose only placeholders are `{{name}}` itself when the
 * call gives exactly those values (as `translate` does). Anything else (plural counts,
 * contexts, defaults, a missing key, another language or namespace) goes to i18next as before.
 */
function rememberPlainTranslations(instance: i18n): i18n {
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => AnyT;
  const templates = new Map<string, ReturnType<typeof plainTemplate>>();
  const pluralTemplates = new Map<string, ReturnType<typeof plainTemplate>>();
  const resource = (key: string) => instance.getResource(instance.language, defaultNS, key);
  const templateOf = (key: string) => remember(templates, key, () => plainTemplate(resource(key)));
  const pluralRules = new Intl.PluralRules(instance.language);
  /**
   * A plural: i18next reads `key_<form>` for the count's plural form in the language
   * (Intl.PluralRules: one, other…), after `key_zero` for a count of 0. Its text, when it is a
   * plain template and the values fill it (the count whether or not the text shows it);
   * otherwise null, and i18next answers.
   */
  const pluralTemplateOf = (key: string, values: unknown) => {
    if (!values || typeof values !== "object" || Object.getPrototypeOf(values) !== Object.prototype) return null;
    const { count, ...others } = values as Record<string, unknown>;
    if (typeof count !== "number" || !Number.isFinite(count)) return null;
    if (count === 0 && resource(`${key}_zero`) !== undefined) return null;
    const form = `${key}_${pluralRules.select(count)}`;
    const template = remember(pluralTemplates, form, () => plainTemplate(resource(form), true));
    if (!template) return null;
    const withCount = template.names.has("count") ? { ...others, count } : others;
    return fillsExactly(withCount, template.names) ? template : null;
  };
  // One function per language, namespace and prefix: react-i18next asks for one at every
  // useTranslation, hundreds of times per page, and it would otherwise be made anew each time.
  const functions = new Map<string, AnyT>();
  const rememberingGetFixedT = (lng: unknown, ns?: unknown, keyPrefix?: unknown): AnyT => {
    const scope = `${String(lng)}|${String(ns)}|${String(keyPrefix)}`;
    const existing = functions.get(scope);
    if (existing) return existing;
    const fixed = getFixedT(lng, ns, keyPrefix);
    const known = new Map<string, unknown>();
    const ownLanguage = (lng == null || lng === instance.language) && keyPrefix == null;
    const ownNamespace = ns == null || ns === defaultNS || (Array.isArray(ns) && ns.length === 1 && ns[0] === defaultNS);
    const fillsTemplates = ownLanguage && ownNamespace;
    const t: AnyT = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== "string") return fixed(key, ...rest);
      if (rest.length === 0) return remember(known, key, () => fixed(key));
      if (fillsTemplates && rest.length === 1) {
        const values = rest[0];
        const template = templateOf(key);
        if (template && fillsExactly(values, template.names)) {
          return fillPlaceholders(template.text, values);
        }
        const plural = pluralTemplateOf(key, values);
        if (plural) return fillPlaceholders(plural.text, values as Record<string, string | number>);
      }
      return fixed(key, ...rest);
    };
    const made = Object.assign(t, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
    functions.set(scope, made);
    return made;
  };
  instance.getFixedT = rememberingGetFixedT as unknown as i18n["getFixedT"];
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
