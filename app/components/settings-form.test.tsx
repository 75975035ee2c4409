// The Settings form as the server renders it (a page that works without JavaScript): the
// document numbers group posts with the rest of the form, and says what the next numbers
// will look like.
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "~/infrastructure/i18n";
import { serverI18n } from "~/infrastructure/i18n.server";
import { SettingsForm, type SettingsFormValues } from "./settings-form";

const defaults: SettingsFormValues = {
  appLanguage: "en",
  documentLanguage: "en",
  companyName: "Volt Bros",
  phone: "",
  address: "",
  email: "",
  website: "",
  defaultTaxRate: "8.25",
  currency: "USD",
  estimateValidDays: "30",
  estimateFollowUpDays: "3",
  remindersEnabled: true,
  reminderSteps: "-3, 0, +7, +14",
  reminderLateChargeSteps: "",
  defaultDepositPercent: "0",
  lateChargeRate: "1.5",
  invoiceTerms: "",
  estimateTerms: "",
  paymentInstructions: "",
  notifications: true,
  autoBackup: true,
  darkMode: false,
  timeZone: "UTC",
  estimatePrefix: "EST-",
  estimateNextNumber: "42",
  invoicePrefix: "F/",
  invoiceNextNumber: "12345",
};

async function render(language: Language) {
  const Page = () => (
    <SettingsForm defaults={defaults} zoneChosen timeZones={["UTC"]} companyExtra={null} after={null} lastResult={null} />
  );
  const handler = createStaticHandler([{ id: "settings", path: "/app/settings", Component: Page }]);
  const context = await handler.query(new Request("http://localhost/app/settings"));
  if (context instanceof Response) throw new Error("redirected");
  const i18n = await serverI18n(language);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}

describe("SettingsForm: document numbers", () => {
  it("renders the four fields and the numbers shown inside the one posted form", async () => {
    const html = await render("en");
    const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
    expect(form).toMatch(/<form[^>]*method="post"/);
    expect(form).toContain("Document Numbers");
    expect(form).toMatch(/<input[^>]*name="estimatePrefix"[^>]*value="EST-"/);
    expect(form).toMatch(/<input[^>]*name="estimateNextNumber"[^>]*type="number"[^>]*value="42"/);
    expect(form).toMatch(/<input[^>]*name="invoicePrefix"[^>]*value="F\/"/);
    expect(form).toMatch(/<input[^>]*name="invoiceNextNumber"[^>]*value="12345"/);
    expect(form).toMatch(/<input type="hidden" name="estimateNextNumberShown" value="42"/);
    expect(form).toMatch(/<input type="hidden" name="invoiceNextNumberShown" value="12345"/);
  });

  it("says what the next estimate and invoice will be numbered, in English and in Spanish", async () => {
    const en = await render("en");
    expect(en).toContain("Next estimate: EST-0042");
    expect(en).toContain("Next invoice: F/12345");
    expect(en).toContain("It can only go up: 42 or more.");
    const es = await render("es");
    expect(es).toContain("Numeración de documentos");
    expect(es).toContain("Próximo presupuesto: EST-0042");
    expect(es).toContain("Próxima factura: F/12345");
  });
});
