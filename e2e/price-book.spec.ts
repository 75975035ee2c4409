import { expect, test, type Page } from "@playwright/test";
import { registerViaApi, toast } from "./utils";

// The price book (docs/product/price-book.md), with JavaScript on and off: the list page, building an
// estimate from saved items ("Add from price book": a combobox with JavaScript, a search
// form without), taxable and discounted lines, and a customer choosing optional lines on
// the estimate page before approving. One check in Spanish.

async function customer(page: Page) {
  const tag = Math.random().toString(36).slice(2, 7);
  const response = await page.request.post("/api/customers", { data: { name: `Ana ${tag} Ruiz`, email: "ana@example.com" } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

async function priceItem(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post("/api/items", { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

async function addFromPriceBook(page: Page, javaScript: boolean, search: string, name: string) {
  const dialog = page.getByRole("dialog");
  if (javaScript) {
    const box = dialog.getByRole("combobox", { name: "Add from price book" });
    await box.fill(search);
    await page.getByRole("option", { name: new RegExp(name) }).click();
  } else {
    await dialog.getByRole("searchbox", { name: "Add from price book" }).fill(search);
    await dialog.getByRole("button", { name: "Search", exact: true }).click();
    await dialog.getByRole("button", { name: `Add ${name}` }).click();
  }
}

test("build an estimate from the price book: saved prices, untaxed labor, a discount", async ({ page }, testInfo) => {
  test.slow();
  const javaScript = testInfo.project.name === "js";
  await registerViaApi(page.request);
  const client = await customer(page);
  await priceItem(page, {
    name: "Electrician labor",
    unitPrice: "105.00",
    unit: "hour",
    taxable: false,
    category: "Labor",
    cost: "45.00",
  });
  await priceItem(page, { name: "GFCI outlet", unitPrice: "24.50", unit: "each", category: "Materials", cost: "12.25" });

  // The list: search, categories, the margin.
  await page.goto("/app/price-book");
  await expect(page).toHaveTitle("Price book | TradeDesk");
  const table = page.getByTestId("price-book-table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("row").filter({ hasText: "GFCI outlet" })).toContainText("$24.50 / each");
  await expect(table.getByRole("row").filter({ hasText: "GFCI outlet" })).toContainText("50%");
  await expect(table.getByRole("row").filter({ hasText: "Electrician labor" })).toContainText("Not taxed");

  // The estimate, built from the price book.
  await page.goto("/app/estimates/new");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Customer").selectOption({ label: client.name });
  await dialog.getByLabel("Title").fill("Kitchen outlets");
  if (javaScript) {
    // Escape closes the list of suggestions, not the dialog with what was typed.
    await dialog.getByRole("combobox", { name: "Add from price book" }).fill("labor");
    await expect(page.getByRole("option", { name: /Electrician labor/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("option", { name: /Electrician labor/ })).toHaveCount(0);
    await expect(dialog.getByLabel("Title")).toHaveValue("Kitchen outlets");
    await dialog.getByRole("combobox", { name: "Add from price book" }).fill("");
  }
  await addFromPriceBook(page, javaScript, "labor", "Electrician labor");
  await expect(dialog.getByLabel("Line 1 description")).toHaveValue("Electrician labor");
  await expect(dialog.getByLabel("Line 1 unit price")).toHaveValue("105.00");
  await expect(dialog.getByLabel("Line 1 taxable")).not.toBeChecked();
  await addFromPriceBook(page, javaScript, "gfci", "GFCI outlet");
  await expect(dialog.getByTestId("line-item")).toHaveCount(2);
  await expect(dialog.getByLabel("Line 2 description")).toHaveValue("GFCI outlet");
  await expect(dialog.getByLabel("Line 2 taxable")).toBeChecked();
  await dialog.getByLabel("Line 2 quantity").fill("4");
  await dialog.getByLabel("Line 2 discount (%)").fill("10");
  if (javaScript) {
    // 105.00 + 4 × 24.50 × 0.9 = 88.20; tax 8.25% of 88.20 only = 7.2765, so 7.28.
    await expect(dialog.getByTestId("subtotal")).toHaveText("$193.20");
    await expect(dialog.getByTestId("tax")).toHaveText("$7.28");
    await expect(dialog.getByTestId("total")).toHaveText("$200.48");
  }
  await dialog.getByRole("button", { name: "Create Estimate" }).click();
  await expect(page).toHaveURL(/\/app\/estimates$/);
  await expect(toast(page)).toContainText("Estimate created");

  const list = await page.request.get("/api/estimates");
  const [estimate] = (await list.json()) as {
    subtotal: string;
    taxAmount: string;
    total: string;
    items: Record<string, unknown>[];
  }[];
  expect(estimate).toMatchObject({ subtotal: "193.20", taxAmount: "7.28", total: "200.48" });
  expect(estimate.items.map((item) => [item.description, item.taxable, item.discountPercent, item.total])).toEqual([
    ["Electrician labor", false, "0.00", "105.00"],
    ["GFCI outlet", true, "10.00", "88.20"],
  ]);
});

test("a customer chooses optional lines before approving; the totals follow", async ({ page, browser }, testInfo) => {
  test.slow();
  const javaScript = testInfo.project.name === "js";
  await registerViaApi(page.request);
  const client = await customer(page);
  const created = await page.request.post("/api/estimates", {
    data: {
      customerId: client.id,
      title: "Panel upgrade",
      taxRate: "0.1",
      items: [
        { description: "Main panel upgrade", quantity: "1", unitPrice: "1000.00" },
        { description: "Whole-home surge protector", quantity: "1", unitPrice: "200.00", optional: true },
        { description: "EV charger circuit", quantity: "1", unitPrice: "900.00", optional: true },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const estimate = (await created.json()) as { id: string; total: string };
  expect(estimate.total).toBe("1100.00");
  const share = await page.request.post(`/api/estimates/${estimate.id}/share`);
  const link = ((await share.json()) as { shareableLink: string }).shareableLink;

  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const customerPage = await context.newPage();
  await customerPage.goto(new URL(link).pathname);
  await expect(customerPage.getByTestId("share-total")).toHaveText("$1,100.00");
  const options = customerPage.getByTestId("optional-lines");
  await expect(options.getByRole("checkbox")).toHaveCount(2);
  await options.getByRole("checkbox", { name: /surge protector/ }).check();
  if (javaScript) await expect(customerPage.getByTestId("chosen-total")).toHaveText("$1,320.00");
  // A refused approve (a one-letter signature) keeps the choices, with or without JavaScript.
  await customerPage.getByLabel("Full name (signature)").fill("A");
  await customerPage.getByRole("button", { name: "Approve estimate" }).click();
  await expect(customerPage.getByText("Type your full name to sign")).toBeVisible();
  await expect(options.getByRole("checkbox", { name: /surge protector/ })).toBeChecked();
  await expect(options.getByRole("checkbox", { name: /EV charger/ })).not.toBeChecked();
  await customerPage.getByLabel("Full name (signature)").fill("Ana Ruiz");
  await customerPage.getByRole("button", { name: "Approve estimate" }).click();
  await expect(customerPage.getByTestId("share-state")).toHaveText("Approved");
  // 1,000 + 200 chosen; tax 10%.
  await expect(customerPage.getByTestId("share-total")).toHaveText("$1,320.00");
  await expect(customerPage.getByText("EV charger circuit")).toHaveCount(0);
  await context.close();

  const after = (await (await page.request.get(`/api/estimates/${estimate.id}`)).json()) as {
    status: string;
    total: string;
    items: { description: string; optional: boolean }[];
  };
  expect(after).toMatchObject({ status: "approved", total: "1320.00" });
  expect(after.items.map((item) => [item.description, item.optional])).toEqual([
    ["Main panel upgrade", false],
    ["Whole-home surge protector", false],
  ]);
  const invoice = await page.request.post(`/api/invoices/from-estimate/${estimate.id}`);
  expect(invoice.status(), await invoice.text()).toBe(201);
  expect(await invoice.json()).toMatchObject({ total: "1320.00" });
});

test("the price book in Spanish, and a new account starting from its trade's catalog", async ({ page }) => {
  await registerViaApi(page.request);
  await page.request.post("/resources/preferences", { form: { language: "es", redirectTo: "/app/price-book" } });
  await page.goto("/app/price-book");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Lista de precios");
  await expect(page.getByTestId("count-badge")).toHaveText("0");
  await page.getByRole("link", { name: "Empezar con el catálogo de su oficio" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Oficio").selectOption("electrical");
  await dialog.getByRole("button", { name: "Agregar artículos del catálogo" }).click();
  await expect(toast(page)).toContainText("Catálogo agregado");
  const table = page.getByTestId("price-book-table");
  await expect(table.getByRole("row").filter({ hasText: "Mano de obra de electricista" })).toContainText("Sin impuesto");

  // A CSV from a supplier's spreadsheet, in Spanish, through the import dialog's file form.
  await page.getByRole("link", { name: "Importar CSV" }).click();
  // Spreadsheets group thousands with commas: "$1,250.00" is read as 1250.00; "12,50" is not a number here.
  const csv =
    'Nombre,Precio unitario,Impuesto,Unidad\r\nAtenuador LED,38.50,no,pieza\r\nTablero 200A,"$1,250.00",sí,pieza\r\n,12,,\r\nCable,"12,50",,\r\n';
  await dialog
    .getByLabel("Archivo CSV")
    .setInputFiles({ name: "precios.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "latin1") });
  await dialog.getByRole("button", { name: "Importar" }).click();
  const report = page.getByTestId("import-report");
  await expect(report).toContainText("Importados 2, rechazados 2.");
  await expect(report).toContainText("Línea 4");
  await expect(report).toContainText("Línea 5");
  await page.goto("/app/price-book?q=atenuador");
  await expect(table.getByRole("row").filter({ hasText: "Atenuador LED" })).toContainText("Sin impuesto");
  await page.goto("/app/price-book?q=tablero");
  await expect(table.getByRole("row").filter({ hasText: "Tablero 200A" })).toContainText("$1,250.00 / pieza");

  // The form speaks Spanish units: "unidad" by default, "hora" typed, shown as such after.
  await page.goto("/app/price-book");
  await page.getByRole("link", { name: "Agregar artículo" }).click();
  await expect(dialog.getByLabel("Unidad")).toHaveValue("unidad");
  await dialog.getByLabel("Nombre").fill("Visita de diagnóstico");
  await dialog.getByLabel("Precio unitario").fill("95");
  await dialog.getByLabel("Unidad").fill("Hora");
  await dialog.getByRole("button", { name: "Agregar artículo" }).click();
  await expect(toast(page)).toContainText("Artículo agregado");
  await page.goto("/app/price-book?q=diagn");
  await expect(table.getByRole("row").filter({ hasText: "Visita de diagnóstico" })).toContainText("$95.00 / hora");
  // Stored by its English name, as the API and an English page read it.
  const stored = (await (await page.request.get("/api/items?search=diagn")).json()) as { name: string; unit: string }[];
  expect(stored.filter((item) => item.name === "Visita de diagnóstico").map((item) => item.unit)).toEqual(["hour"]);
});
