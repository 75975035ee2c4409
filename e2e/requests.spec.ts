import { expect, test } from "@playwright/test";
import { registerViaUi, rowAction, toast } from "./utils";

// Work requests (docs/product/requests.md) on a 360 px phone, with JavaScript on and off (the two
// projects): a visitor asks for work on the contractor's public page, in the account's document
// language (Spanish here); the contractor sees the new request's count in the sidebar, opens it,
// makes a customer of it and then an estimate, each time landing on what was made.

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

test("a visitor requests work in Spanish; the contractor sees the count and converts it to a customer and an estimate", async ({
  page,
  browser,
}, testInfo) => {
  await registerViaUi(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const company = `Fontanería ${tag}`;

  // The documents (and so the public page) in Spanish.
  await page.goto("/app/settings");
  await page.getByLabel("Company Name").fill(company);
  await page.getByLabel("Document Language").selectOption("es");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toContainText("Settings saved");

  // The request page: its address proposed from the company name, saved with one of our own.
  await page.goto("/app/settings/requests");
  await expect(page.getByLabel("Page address")).toHaveValue(`fontaneria-${tag}`);
  const slug = `fontaneria-${tag}-e2e`;
  await page.getByLabel("Page address").fill(slug);
  await page.getByLabel("The request page is on").check();
  await page.getByRole("button", { name: "Save request page" }).click();
  await expect(toast(page)).toContainText("Request page saved");
  await expect(page.getByTestId("request-page-address")).toContainText(`/request/${slug}`);

  // A visitor, signed out, on their own phone.
  const visitorContext = await browser.newContext({
    viewport: PHONE,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "en-US",
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/request/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Solicita un trabajo a ${company}`);
  await visitor.getByLabel("Tu nombre").fill("Luis Gómez");
  await visitor.getByRole("button", { name: "Enviar solicitud" }).click();
  // No way to reach the visitor: refused, the fields named, in Spanish.
  await expect(visitor.getByText("Escribe un teléfono o un correo para poder contactarte").first()).toBeVisible();
  await expect(visitor).not.toHaveURL(/sent=1/);
  await visitor.getByLabel("Teléfono").fill("555 010 2020");
  await visitor.getByLabel("Correo electrónico").fill(`luis-${tag}@example.com`);
  await visitor.getByLabel(/Dirección del trabajo/).fill("12 Elm St");
  await visitor.getByLabel("¿Qué necesitas?").fill("El calentador de agua gotea\nTiene 15 años");
  await visitor.getByLabel(/Días y horas preferidos/).fill("Mañanas");
  // A file that is not a photo refuses the request with its message, and what was typed stays
  // (without JavaScript the page comes back filled in).
  const photos = visitor.getByLabel("Fotos (opcional, hasta 5)");
  await photos.setInputFiles({ name: "nota.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo\n") });
  await visitor.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(visitor.getByRole("alert").filter({ hasText: "Aquí solo se pueden añadir fotos" })).toBeVisible();
  await expect(visitor.getByLabel("¿Qué necesitas?")).toHaveValue("El calentador de agua gotea\nTiene 15 años");
  await expect(visitor.getByLabel("Teléfono")).toHaveValue("555 010 2020");
  await expect(visitor.getByLabel(/Días y horas preferidos/)).toHaveValue("Mañanas");
  await photos.setInputFiles([]);
  await visitor.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/request/${slug}\\?sent=1$`));
  await expect(visitor.getByTestId("request-sent")).toHaveText(`Gracias, ${company} tiene tu solicitud y te contactará pronto.`);
  await expect(visitor.locator('[lang="es"][data-dictionary]')).toHaveCount(1);
  await visitorContext.close();

  // The contractor: one new request in the sidebar.
  await page.goto("/app");
  await expect(page.getByTestId("nav-requests-count")).toHaveText("1");
  await page.goto("/app/requests?status=new");
  const row = page.getByTestId("request-row").filter({ hasText: "Luis Gómez" });
  await expect(row).toContainText("555 010 2020");
  await (await rowAction(row, "link", /Open the request from Luis Gómez/)).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("request-detail")).toContainText("El calentador de agua gotea");
  await expect(dialog.getByTestId("request-detail")).toContainText("Mañanas");

  // Create customer: to the new customer, with the visitor's details.
  await dialog.getByRole("button", { name: "Create customer" }).click();
  await expect(page).toHaveURL(/\/app\/customers\/[^/]+\/edit$/);
  await expect(toast(page)).toContainText("Customer created from the request");
  await expect(page.getByRole("dialog").getByLabel("Name")).toHaveValue("Luis Gómez");
  await expect(page.getByRole("dialog").getByLabel("Email")).toHaveValue(`luis-${tag}@example.com`);

  // Converted: no longer counted as new.
  await page.goto("/app/requests");
  await expect(page.getByTestId("nav-requests-count")).toHaveCount(0);
  const converted = page.getByTestId("request-row").filter({ hasText: "Luis Gómez" });
  await expect(converted.getByTestId("request-status")).toHaveText("Converted");

  // Create estimate: to its editor, prefilled with what was asked, for the same customer.
  await (await rowAction(converted, "link", /Open the request from Luis Gómez/)).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Customer: Luis Gómez" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Create estimate" }).click();
  await expect(page).toHaveURL(/\/app\/estimates\/[^/]+\/edit$/);
  await expect(toast(page)).toContainText("Estimate created from the request");
  const editor = page.getByRole("dialog");
  await expect(editor.getByLabel("Title")).toHaveValue("El calentador de agua gotea");
  await expect(editor.getByLabel("Customer").locator("option:checked")).toHaveText("Luis Gómez");
});
