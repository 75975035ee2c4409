import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { registerViaApi, toast } from "./utils";

// The customer hub on a 360 px phone, with JavaScript on and off: the contractor opens a
// customer and takes the hub link from its dialog; the customer, in a browser of their own
// with no session, sees their estimate and invoice, opens the estimate and approves it, comes
// back, and updates their phone; the contractor is told. With a Spanish document language the
// hub reads in Spanish, and a revoked link is a 404 at once.

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

async function setUp(page: Page) {
  await registerViaApi(page.request);
  const tag = Math.random().toString(36).slice(2, 7);
  const customerResponse = await page.request.post("/api/customers", {
    data: { name: `Ana ${tag} Ruiz`, email: "ana@example.com", phone: "555-0111" },
  });
  expect(customerResponse.status(), await customerResponse.text()).toBe(201);
  const customer = (await customerResponse.json()) as { id: string; name: string };
  const estimate = async (title: string, status: string) => {
    const response = await page.request.post("/api/estimates", {
      data: {
        customerId: customer.id,
        title,
        status,
        items: [{ description: "Main panel upgrade, 200A", quantity: "1", unitPrice: "1000.00" }],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string; estimateNumber: string; title: string };
  };
  const pending = await estimate(`Panel upgrade ${tag}`, "pending");
  const approved = await estimate(`Water heater ${tag}`, "approved");
  const invoiceResponse = await page.request.post(`/api/invoices/from-estimate/${approved.id}`);
  expect(invoiceResponse.status(), await invoiceResponse.text()).toBe(201);
  const invoice = (await invoiceResponse.json()) as { id: string; invoiceNumber: string };
  return { customer, pending, invoice, tag };
}

/** A browser of the customer's own: no cookies, a phone's width, the project's JavaScript setting. */
async function customerBrowser(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    viewport: PHONE,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // A wrong address (404) and a refused form (400) are answers the test expects.
    if (message.type() === "error" && !/status of 40[04]/.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/** Nothing on the page is wider than the phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("the contractor copies the hub link; the customer approves an estimate from it and updates their phone", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const { customer, pending, invoice } = await setUp(page);

  // The contractor opens the customer, then its hub dialog, and makes the link.
  await page.goto("/app/customers");
  await page.getByRole("link", { name: customer.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/app/customers/${customer.id}/edit`));
  await page.getByRole("link", { name: `Customer hub of ${customer.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/customers/${customer.id}/hub`));
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`${customer.name} has no hub link yet.`);
  await dialog.getByRole("button", { name: "Create hub link" }).click();
  const field = dialog.getByLabel(`Hub link for ${customer.name}`);
  await expect(field).toHaveValue(/\/c\/[A-Za-z0-9_-]{43}$/);
  const link = await field.inputValue();
  expect(link).toMatch(new RegExp(`^${testInfo.project.use.baseURL}/c/[A-Za-z0-9_-]{43}$`));
  await expect(dialog.getByTestId("hub-views")).toHaveText("Not opened yet");

  // The customer, on their phone, with no session.
  const customerSide = await customerBrowser(browser, testInfo);
  const hub = customerSide.page;
  const response = await hub.goto(link);
  expect(response!.status()).toBe(200);
  expect(response!.headers()["cache-control"]).toBe("private, no-store");
  await expect(hub.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(hub).toHaveTitle("Your account with Your Trade Company");
  await expect(hub.getByTestId("hub-company")).toHaveText("Your Trade Company");
  await expect(hub.getByText(`Hello, ${customer.name}`)).toBeVisible();
  const estimates = hub.getByTestId("hub-estimates");
  await expect(estimates.getByTestId("hub-estimate")).toHaveCount(2);
  // Awaiting an answer first.
  await expect(estimates.getByTestId("hub-estimate").first()).toContainText(pending.title);
  await expect(estimates.getByTestId("hub-estimate").first()).toContainText("Awaiting your answer");
  await expect(hub.getByTestId("hub-invoices")).toContainText(invoice.invoiceNumber);
  await expect(hub.getByTestId("hub-balance")).toHaveText("$1,082.50");
  await expectNoSidewaysScroll(hub);

  // Opens the estimate (its customer page is made on this tap) and approves it.
  await estimates.getByRole("button", { name: `Open estimate ${pending.estimateNumber}` }).click();
  await expect(hub).toHaveURL(/\/e\/[A-Za-z0-9_-]{43}$/);
  const approve = hub.getByRole("region", { name: "Approve this estimate" });
  await approve.getByLabel("Full name (signature)").fill(customer.name);
  await approve.getByRole("button", { name: "Approve estimate" }).click();
  await expect(hub.getByTestId("share-state")).toHaveText("Approved");

  // Back on the hub: the estimate is approved and now links to its page.
  await hub.goto(link);
  const first = estimates.getByTestId("hub-estimate").filter({ hasText: pending.title });
  await expect(first).toContainText("Approved");
  await expect(first.getByRole("link", { name: `Open estimate ${pending.estimateNumber}` })).toHaveAttribute(
    "href",
    /^\/e\/[A-Za-z0-9_-]{43}$/,
  );

  // Updates their phone; a bad e-mail is refused first, and changes nothing.
  const details = hub.getByRole("region", { name: "Your details" });
  await details.getByLabel("Email").fill("not-an-address");
  await details.getByRole("button", { name: "Save my details" }).click();
  await expect(details.getByText("Invalid email")).toBeVisible();
  await details.getByLabel("Email").fill("ana@example.com");
  await details.getByLabel("Phone").fill("555-0199");
  await details.getByRole("button", { name: "Save my details" }).click();
  await expect(hub.getByTestId("share-message")).toHaveText("Your details were updated. Thank you!");
  await expect(details.getByLabel("Phone")).toHaveValue("555-0199");
  await expectNoSidewaysScroll(hub);
  expect(customerSide.errors).toEqual([]);
  await customerSide.context.close();

  // The contractor sees the change: the customer's record, the notification, the dialog.
  await page.goto(`/app/customers/${customer.id}/edit`);
  await expect(page.getByRole("dialog").getByLabel("Phone")).toHaveValue("555-0199");
  await page.goto("/app/notifications");
  await expect(page.getByTestId("notification-list")).toContainText(
    `${customer.name} updated their details from their hub: Phone 555-0199`,
  );
  await page.goto(`/app/customers/${customer.id}/hub`);
  await expect(page.getByTestId("hub-changes")).toContainText("Phone 555-0199");
  await expect(page.getByTestId("hub-views")).toContainText("Opened 2 times");
});

test("with a Spanish document language the hub reads in Spanish; a revoked link is a 404 at once", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const { customer, invoice } = await setUp(page);
  const paid = await page.request.post(`/api/invoices/${invoice.id}/payments`, {
    data: { amount: "100.00", method: "check", reference: "1042" },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await page.goto("/app/settings");
  await page.getByLabel("Document Language").selectOption("es");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toContainText("Your settings have been successfully updated.");

  const made = await page.request.post(`/api/customers/${customer.id}/hub`);
  expect(made.status()).toBe(200);
  const { url } = (await made.json()) as { url: string };

  const customerSide = await customerBrowser(browser, testInfo);
  const hub = customerSide.page;
  await hub.goto(url);
  await expect(hub).toHaveTitle("Su cuenta con Your Trade Company");
  await expect(hub.locator('[lang="es"]').first()).toBeVisible();
  await expect(hub.getByText(`Hola, ${customer.name}`)).toBeVisible();
  await expect(hub.getByRole("heading", { name: "Presupuestos" })).toBeVisible();
  await expect(hub.getByTestId("hub-estimate").first()).toContainText("Esperando su respuesta");
  const details = hub.getByRole("region", { name: "Sus datos" });
  await details.getByLabel("Teléfono").fill("555-0177");
  await details.getByRole("button", { name: "Guardar mis datos" }).click();
  await expect(hub.getByTestId("share-message")).toHaveText("Sus datos se actualizaron. ¡Gracias!");
  await expectNoSidewaysScroll(hub);

  // The payment's receipt, a PDF the customer downloads with no session.
  const receiptLink = hub.getByTestId("hub-payment").getByRole("link", { name: /^Recibo \(PDF\)/ });
  const receiptHref = (await receiptLink.getAttribute("href"))!;
  expect(receiptHref).toMatch(/^\/c\/[A-Za-z0-9_-]{43}\/receipts\/[0-9a-f-]{36}$/);
  expect((await receiptLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const receipt = await hub.request.get(receiptHref);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  expect((await receipt.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Revoked: the same address is the ordinary 404, at once.
  expect((await page.request.delete(`/api/customers/${customer.id}/hub`)).status()).toBe(200);
  const gone = await hub.goto(url);
  expect(gone!.status()).toBe(404);
  expect((await hub.request.get(receiptHref)).status()).toBe(404);
  expect(customerSide.errors).toEqual([]);
  await customerSide.context.close();
});
