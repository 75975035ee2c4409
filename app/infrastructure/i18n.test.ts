import { createInstance, type i18n } from "i18next";
import { describe, expect, it, vi } from "vitest";
import en from "~/locales/en";
import es from "~/locales/es";
import { i18nConfig, i18nResources, translate } from "./i18n";
import { serverI18n, serverI18nConfig } from "./i18n.server";

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === "object" && !Array.isArray(value) ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe("dictionaries", () => {
  it("Spanish has no key that English lacks (a typo would never show)", () => {
    const english = new Set(keys(en));
    expect(keys(es).filter((key) => !english.has(key))).toEqual([]);
  });

  it("Spanish has every key English has: the browser loads one dictionary, with no English to fall back on", () => {
    const spanish = new Set(keys(es));
    expect(keys(en).filter((key) => !spanish.has(key))).toEqual([]);
  });

  it("the server has both dictionaries registered, for translate and for i18next", () => {
    expect(Object.keys(i18nResources()).sort()).toEqual(["en", "es"]);
    expect(Object.keys(serverI18nConfig.resources).sort()).toEqual(["en", "es"]);
    expect(i18nConfig).not.toHaveProperty("resources");
  });

  it("Spanish translates the navigation, actions and toasts", () => {
    for (const key of ["nav.customers", "auth.signIn", "auth.passwordMismatch", "notFound.title", "toast.welcomeBack"] as const) {
      expect(translate("es", key), key).not.toBe(translate("en", key));
    }
  });
});

describe("fallback to English", () => {
  it("renders Spanish on the server's i18next instance", async () => {
    const i18n = createInstance();
    await i18n.init({ ...serverI18nConfig, lng: "es" });
    expect(i18n.t("nav.customers")).toBe("Clientes");
    expect(i18n.t("team.toast.removed")).toBe("Miembro quitado");
  });

  it("uses English for an unknown language and fills in values", () => {
    expect(translate("fr", "nav.customers")).toBe("Customers");
    expect(translate("fr", "team.toast.removedDescription", { name: "Ana" })).toBe(
      "Ana is signed out and can no longer open this account.",
    );
  });
});

describe("serverI18n", () => {
  it("makes one instance per language, reused by every render, each keeping its own language", async () => {
    const spanish = await serverI18n("es");
    const english = await serverI18n("en");
    expect(await serverI18n("es")).toBe(spanish);
    expect(await serverI18n("en")).toBe(english);
    expect(english).not.toBe(spanish);
    expect(spanish.language).toBe("es");
    expect(spanish.t("nav.customers")).toBe("Clientes");
    expect(english.language).toBe("en");
    expect(english.t("nav.customers")).toBe("Customers");
    // The same text as a fresh instance per request gave.
    for (const language of ["en", "es"] as const) {
      const fresh = createInstance();
      await fresh.init({ ...serverI18nConfig, lng: language });
      const shared = await serverI18n(language);
      for (const key of ["app.tagline", "nav.estimates", "team.toast.removedDescription"] as const) {
        expect(shared.t(key, { name: "Ana" })).toBe(fresh.t(key, { name: "Ana" }));
      }
    }
  });
});

describe("serverI18n's remembered texts", () => {
  /** The t a component's useTranslation() gets: react-i18next asks for (no language, the default namespace). */
  const componentT = (instance: i18n) =>
    (instance.getFixedT as unknown as (lng: null, ns: string) => (key: string, options?: object) => unknown).call(
      instance,
      null,
      "common",
    );

  /** What a fresh i18next instance (no remembered texts) says. */
  const reference = (language: "en" | "es", key: string, values: Record<string, unknown>) => {
    const fresh = createInstance();
    fresh.init({ ...serverI18nConfig, lng: language, initImmediate: false });
    return componentT(fresh)(key, values);
  };

  /** A component's t from the shared server instance, and from a fresh i18next instance (nothing remembered). */
  async function sharedAndFresh(language: "en" | "es") {
    const fresh = createInstance();
    await fresh.init({ ...serverI18nConfig, lng: language });
    return { shared: componentT(await serverI18n(language)), reference: componentT(fresh) };
  }

  /** Every key with its placeholders, and values to fill them: words, then numbers. */
  function cases(tree: object) {
    return keys(tree).map((key) => {
      const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
      const names = typeof text === "string" ? [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]) : [];
      return {
        key,
        words: Object.fromEntries(names.map((name) => [name, `‹${name}›`])),
        numbers: Object.fromEntries(names.map((name, i) => [name, 1000 + i])),
      };
    });
  }

  it.each(["en", "es"] as const)(
    "%s: every key, plain and filled, reads as a fresh i18next instance renders it",
    async (language) => {
      const { shared, reference } = await sharedAndFresh(language);
      const all = cases(language === "en" ? en : es);
      expect(all.length).toBeGreaterThan(500);
      for (const { key, words, numbers } of all) {
        // Twice each: the second answer comes from what the instance remembered.
        for (let round = 0; round < 2; round++) {
          expect(shared(key), key).toEqual(reference(key));
          expect(shared(key, words), key).toEqual(reference(key, words));
          expect(shared(key, numbers), key).toEqual(reference(key, numbers));
          expect(shared(key, { ...words, count: 2 }), key).toEqual(reference(key, { ...words, count: 2 }));
        }
      }
    },
  );

  it.each(["en", "es"] as const)(
    "%s: every plural, for every kind of count, reads as a fresh i18next instance renders it",
    async (language) => {
      const { shared, reference } = await sharedAndFresh(language);
      // Each plural key once, with the words its forms show (a form may leave {{count}} out).
      const plurals = new Map<string, Record<string, string>>();
      for (const { key, words } of cases(language === "en" ? en : es)) {
        const base = key.match(/^(.*)_(one|other)$/)?.[1];
        if (base) plurals.set(base, { ...plurals.get(base), ...words });
      }
      expect(plurals.size).toBeGreaterThanOrEqual(15);
      for (const [key, words] of plurals) {
        const { count: _count, ...others } = words;
        for (const count of [0, 1, 2, 5, 21, 1.5, -1, 1000, 1_000_000]) {
          for (let round = 0; round < 2; round++) {
            expect(shared(key, { ...others, count }), `${key} ${count}`).toEqual(reference(key, { ...others, count }));
            expect(shared(key, { count }), `${key} ${count} alone`).toEqual(reference(key, { count }));
          }
        }
        // What the plural path leaves to i18next: a count that is not a number, a context.
        expect(shared(key, { ...others, count: "3" })).toEqual(reference(key, { ...others, count: "3" }));
        expect(shared(key, { ...others, count: 2, context: "x" })).toEqual(reference(key, { ...others, count: 2, context: "x" }));
      }
    },
  );

  it("fills a plural form itself, without i18next, and leaves a context to i18next", async () => {
    const instance = await serverI18n("es");
    const t = componentT(instance);
    const asked = vi.spyOn(instance, "t");
    expect(t("activity.events.lateCharge", { count: 2, amount: "5,00 $" })).toBe(
      reference("es", "activity.events.lateCharge", { count: 2, amount: "5,00 $" }),
    );
    expect(t("activity.events.viewed", { count: 1 })).toBe(reference("es", "activity.events.viewed", { count: 1 }));
    expect(asked).not.toHaveBeenCalled();
    t("activity.events.viewed", { count: 1, context: "x" });
    expect(asked).toHaveBeenCalledTimes(1);
    asked.mockRestore();
  });

  it("still picks plural forms, fills a missing value as i18next does, and answers a missing key with the key", async () => {
    const t = componentT(await serverI18n("en"));
    expect(t("activity.events.viewed", { count: 1 })).toBe("Link opened by the customer");
    expect(t("activity.events.viewed", { count: 3 })).toBe("Link first opened by the customer (3 times in all)");
    expect(t("activity.events.lateCharge", { count: 2, amount: "$5.00" })).toBe("Late charge added: $5.00 (2 months past due)");
    expect(t("no.such.key", { name: "x" })).toBe("no.such.key");
  });
});
