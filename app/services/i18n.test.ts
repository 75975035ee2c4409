import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import en from "~/locales/en";
import es from "~/locales/es";
import { i18nConfig, translate } from "./i18n";

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

  it("Spanish translates the navigation, actions and toasts", () => {
    for (const key of ["nav.customers", "auth.signIn", "auth.passwordMismatch", "notFound.title", "toast.welcomeBack"]) {
      expect(translate("es", key), key).not.toBe(translate("en", key));
    }
  });
});

describe("fallback to English", () => {
  it("uses English for a key Spanish lacks (the brand name)", async () => {
    expect(keys(es)).not.toContain("app.name");
    expect(translate("es", "app.name")).toBe("TradeDesk");
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: "es" });
    expect(i18n.t("app.name")).toBe("TradeDesk");
    expect(i18n.t("nav.customers")).toBe("Clientes");
  });

  it("uses English for an unknown language and fills in values", () => {
    expect(translate("fr", "nav.customers")).toBe("Customers");
    expect(translate("en", "sections.dashboard.welcome", { name: "Ana" })).toBe("Welcome, Ana");
  });
});
