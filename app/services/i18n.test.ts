import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
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
    for (const key of ["nav.customers", "auth.signIn", "auth.passwordMismatch", "notFound.title", "toast.welcomeBack"]) {
      expect(translate("es", key), key).not.toBe(translate("en", key));
    }
  });
});

describe("fallback to English", () => {
  it("renders Spanish on the server's i18next instance", async () => {
    const i18n = createInstance();
    await i18n.init({ ...serverI18nConfig, lng: "es" });
    expect(i18n.t("app.name")).toBe("TradeDesk");
    expect(i18n.t("nav.customers")).toBe("Clientes");
  });

  it("uses English for an unknown language and fills in values", () => {
    expect(translate("fr", "nav.customers")).toBe("Customers");
    expect(translate("en", "sections.dashboard.welcome", { name: "Ana" })).toBe("Welcome, Ana");
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
      for (const key of ["app.tagline", "nav.estimates", "sections.dashboard.welcome"]) {
        expect(shared.t(key, { name: "Ana" })).toBe(fresh.t(key, { name: "Ana" }));
      }
    }
  });
});
