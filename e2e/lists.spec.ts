import { expect, test, type Locator, type Page } from "@playwright/test";
import { openEstimate, registerViaApi, rowAction } from "./utils";

// The lists on a 360 px phone, with JavaScript on and off (the two projects), in English and
// Spanish: each row is a card whose customer, title, total and status are in sight without
// scrolling sideways, and every action the row had is still one or two taps away
// (docs/decisions/032-lists-as-cards.md).

test.use({ viewport: { width: 360, height: 740 } });

const TEXTS = {
  en: {
    estimateActions: ["Edit", "Send", "Share link", "Deposit", "Activity", "Create Invoice", "Delete"],
    invoiceActions: ["Print", "PDF", "Send", "Share link", "Payments", "Activity", "Mark as paid", "Delete"],
    actions: "Actions",
    approved: "Approved",
    pending: "Pending",
    edit: "Edit",
    delete: "Delete",
  },
  es: {
    estimateActions: ["Editar", "Enviar", "Compartir enlace", "Anticipo", "Actividad", "Crear factura", "Eliminar"],
    invoiceActions: ["Imprimir", "PDF", "Enviar", "Compartir enlace", "Pagos", "Actividad", "Marcar como pagada", "Eliminar"],
    actions: "Acciones",
    approved: "Aprobado",
    pending: "Pendiente",
    edit: "Editar",
    delete: "Eliminar",
  },
} as const;

async function business(page: Page) {
  await registerViaApi(page.request);
  const post = async <T>(path: string, data?: Record<string, unknown>) => {
    const response = await page.request.post(path, data ? { data } : undefined);
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const customer = await post<{ id: string; name: string }>("/api/customers", {
    name: "Rosa Díaz-Villanueva Hernández",
    email: "rosa@example.com",
    phone: "(210) 555-0188",
  });
  const job = await post<{ id: string }>("/api/jobs", {
    customerId: customer.id,
    title: "Replace main electrical panel",
    status: "in_progress",
    totalAmount: "4850.00",
  });
  const estimate = await post<{ id: string; estimateNumber: string }>("/api/estimates", {
    customerId: customer.id,
    jobId: job.id,
    title: "Panel upgrade, 200 A, with permits",
    status: "approved",
    items: [{ description: "200 A main breaker panel", quantity: "1", unitPrice: "1850.00" }],
  });
  const other = await post<{ id: string }>("/api/estimates", {
    customerId: customer.id,
    title: "Attic fan circuit",
    status: "approved",
    items: [{ description: "Fan circuit", quantity: "1", unitPrice: "300.00" }],
  });
  const invoice = await post<{ id: string; invoiceNumber: string }>(`/api/invoices/from-estimate/${other.id}`);
  await post("/api/items", { name: "Arc-fault breaker, 20 A", unitPrice: "54.75", unit: "each", category: "Breakers" });
  return { customer, estimate, invoice };
}

/** The locator is on screen and inside the 360 px width (nothing to scroll sideways for). */
async function inSight(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
}

for (const language of ["en", "es"] as const) {
  test(`on a phone each list is cards, and every row's action is still reachable (${language})`, async ({ page }) => {
    test.slow();
    const text = TEXTS[language];
    const { customer, estimate, invoice } = await business(page);
    if (language === "es") await page.request.post("/resources/preferences", { form: { language: "es", redirectTo: "/app" } });

    // Estimates: the customer, the title, the total and the status; the title opens the
    // estimate's page with every action.
    await page.goto("/app/estimates");
    const estimateRow = page.getByTestId("estimate-row").filter({ hasText: estimate.estimateNumber });
    await inSight(estimateRow.getByText(customer.name));
    await inSight(estimateRow.getByRole("link", { name: "Panel upgrade, 200 A, with permits" }));
    await inSight(estimateRow.getByTestId("estimate-total"));
    await inSight(estimateRow.getByTestId("estimate-status"));
    await expect(estimateRow.getByTestId("estimate-status")).toHaveText(text.approved);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const estimatePage = await openEstimate(estimateRow);
    for (const action of text.estimateActions)
      await expect(estimatePage.getByTestId("estimate-actions").getByText(action, { exact: true })).toBeVisible();

    // Invoices: the card, then its nine actions behind one Actions menu.
    await page.goto("/app/invoices");
    const invoiceRow = page.getByTestId("invoices-table").locator("tbody tr").filter({ hasText: invoice.invoiceNumber });
    await inSight(invoiceRow.getByText(customer.name));
    await inSight(invoiceRow.getByTestId("invoice-total"));
    await inSight(invoiceRow.getByTestId("invoice-status"));
    await expect(invoiceRow.getByText(text.invoiceActions[0], { exact: true })).toBeHidden();
    await inSight(invoiceRow.getByText(text.actions, { exact: true }));
    await rowAction(invoiceRow, "link", text.invoiceActions[0]);
    for (const action of text.invoiceActions) await inSight(invoiceRow.getByText(action, { exact: true }));
    // The menu's action works: Payments opens its dialog.
    await (await rowAction(invoiceRow, "link", new RegExp(`^${text.invoiceActions[4]}`))).click();
    await expect(page).toHaveURL(new RegExp(`/app/invoices/${invoice.id}/payments$`));

    // Jobs, customers and the price book: one or two actions stay in sight on the card.
    for (const [path, name] of [
      ["/app/jobs", "Replace main electrical panel"],
      ["/app/customers", customer.name],
      ["/app/price-book", "Arc-fault breaker, 20 A"],
    ]) {
      await page.goto(path);
      const row = page.locator("table.list-table tbody tr").filter({ hasText: name });
      await inSight(row.getByRole("link", { name }).first());
      await inSight(row.getByRole("link", { name: new RegExp(`^${text.edit}`) }));
      await inSight(row.getByRole("link", { name: new RegExp(`^${text.delete}`) }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
}

test("a page of 25 estimates is under 60 KB of HTML, and a phone shows all 25 cards", async ({ page }) => {
  test.slow();
  await registerViaApi(page.request);
  const created = [];
  for (let i = 0; i < 25; i++) {
    const customer = (await (
      await page.request.post("/api/customers", { data: { name: `Customer Number ${i} García`, email: `c${i}@example.com` } })
    ).json()) as { id: string };
    const job = (await (
      await page.request.post("/api/jobs", { data: { customerId: customer.id, title: `Panel upgrade ${i}`, status: "pending" } })
    ).json()) as { id: string };
    created.push(
      page.request.post("/api/estimates", {
        data: {
          customerId: customer.id,
          jobId: job.id,
          title: `Kitchen rewire and new circuits ${i}`,
          description: "Replace the old panel and add two dedicated circuits for the kitchen appliances",
          status: i % 3 === 0 ? "approved" : "pending",
          items: [{ description: "Main panel upgrade, 200A", quantity: "1", unitPrice: "1850.00" }],
        },
      }),
    );
  }
  for (const response of await Promise.all(created)) expect(response.status()).toBe(201);
  // The browser's first page carries the stylesheet inline (then cached): the list is measured
  // as a contractor opens it every day after that.
  await page.goto("/app");
  const response = await page.goto("/app/estimates");
  const html = await response!.text();
  expect(html.match(/data-testid="estimate-row"/g)).toHaveLength(25);
  expect(Buffer.byteLength(html)).toBeLessThan(60_000);
  await expect(page.getByTestId("estimate-row")).toHaveCount(25);
  await inSight(page.getByTestId("estimate-row").last().getByTestId("estimate-total"));
});
