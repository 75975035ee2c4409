import { expect, test, type Page } from "@playwright/test";
import { registerViaApi, toast } from "./utils";

async function signedIn(page: Page) {
  await registerViaApi(page.request);
}

async function addCustomerViaApi(page: Page, data: Record<string, string>) {
  const response = await page.request.post("/api/customers", { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

function rowOf(page: Page, name: string) {
  return page.getByTestId("customers-table").getByRole("row").filter({ hasText: name });
}

test.describe("customers", () => {
  test("shows the empty state, then adds a customer through the form", async ({ page }) => {
    await signedIn(page);
    await page.goto("/app/customers");
    await expect(page.getByTestId("empty-state")).toHaveText("No customers yet. Add your first customer to get started.");
    await expect(page.getByTestId("count-badge")).toHaveText("0");

    await page.getByRole("link", { name: "+ Add Customer" }).click();
    await expect(page).toHaveURL(/\/app\/customers\/new$/);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Add Customer" })).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");

    // Name is required; a bad e-mail gets a clear message.
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Invalid email")).toBeVisible();

    await dialog.getByLabel("Name").fill("José Peña");
    await dialog.getByLabel("Email").fill("jose@example.com");
    await dialog.getByLabel("Phone").fill("555-0111");
    await dialog.getByLabel("Address").fill("12 Elm St");
    await dialog.getByLabel("City").fill("Austin");
    await dialog.getByLabel("State").fill("TX");
    await dialog.getByLabel("ZIP code").fill("78701");
    await dialog.getByLabel("Notes").fill("Prefers texts");
    await dialog.getByRole("button", { name: "Add Customer" }).click();

    await expect(page).toHaveURL(/\/app\/customers$/);
    await expect(toast(page)).toContainText("Customer created");
    await expect(page.getByTestId("count-badge")).toHaveText("1");
    const row = rowOf(page, "José Peña");
    await expect(row).toContainText("Austin, TX 78701");
    await expect(row.getByRole("link", { name: "Email José Peña" })).toHaveAttribute("href", "mailto:jose@example.com");
    await expect(row.getByRole("link", { name: "Call José Peña" })).toHaveAttribute("href", "tel:555-0111");
    await expect(row.getByRole("link", { name: "Text José Peña" })).toHaveAttribute("href", "sms:555-0111");
  });

  test("searches, edits and deletes with a confirm step", async ({ page }, testInfo) => {
    await signedIn(page);
    await addCustomerViaApi(page, { name: "Alice Amps", email: "alice@volts.example" });
    await addCustomerViaApi(page, { name: "Bruno Pipes", phone: "555-0199" });
    await page.goto("/app/customers");
    await expect(page.getByTestId("count-badge")).toHaveText("2");

    const search = page.getByRole("searchbox", { name: "Search customers" });
    await search.fill("0199");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=0199/);
    await expect(rowOf(page, "Bruno Pipes")).toBeVisible();
    await expect(rowOf(page, "Alice Amps")).toHaveCount(0);

    await search.fill("nobody-matches");
    await search.press("Enter");
    await expect(page.getByTestId("empty-state")).toHaveText("No customers found matching your search.");

    await page.goto("/app/customers");
    // A row action is a plain link (docs/decisions/021): with JavaScript it opens its dialog
    // without a page load, so a mark left on the page survives; without, the page is new.
    await page.evaluate(() => Object.assign(window, { beforeEdit: true }));
    await rowOf(page, "Alice Amps").getByRole("link", { name: "Edit Alice Amps" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Name")).toHaveValue("Alice Amps");
    await expect(page).toHaveURL(/\/app\/customers\/[^/]+\/edit$/);
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    expect(await page.evaluate(() => "beforeEdit" in window)).toBe(javaScript);
    await dialog.getByLabel("Name").fill("Alice Amperage");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Customer updated");
    await expect(rowOf(page, "Alice Amperage")).toBeVisible();

    await rowOf(page, "Bruno Pipes").getByRole("link", { name: "Delete Bruno Pipes" }).click();
    await expect(page.getByRole("dialog")).toContainText("Delete Bruno Pipes? This cannot be undone.");
    await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
    await expect(rowOf(page, "Bruno Pipes")).toBeVisible();

    await rowOf(page, "Bruno Pipes").getByRole("link", { name: "Delete Bruno Pipes" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Customer deleted");
    await expect(rowOf(page, "Bruno Pipes")).toHaveCount(0);
    await expect(page.getByTestId("count-badge")).toHaveText("1");
  });

  test("pages through a long list with the page in the URL", async ({ page }) => {
    await signedIn(page);
    for (let i = 1; i <= 27; i++) await addCustomerViaApi(page, { name: `Customer ${String(i).padStart(2, "0")}` });
    await page.goto("/app/customers");
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(page.getByTestId("customers-table").getByRole("row")).toHaveCount(26);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("customers-table").getByRole("row")).toHaveCount(3);
    await expect(rowOf(page, "Customer 27")).toBeVisible();
  });

  test("imports a CSV with one bad row and reports each row", async ({ page }) => {
    await signedIn(page);
    await page.goto("/app/customers/import");
    const csv =
      "name,email,phone,city\nZoë Ångström,zoe@example.com,555-0123,Austin\n,nobody@example.com,,\nMarta Núñez,,555-0456,El Paso\n";
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
    await page.getByRole("button", { name: "Import" }).click();
    const report = page.getByTestId("import-report");
    await expect(report).toContainText("Imported 2, rejected 1.");
    await expect(report).toContainText("Line 3: Name is required");
    await expect(report).toContainText("Zoë Ångström");
    await report.getByRole("link", { name: "Back to customers" }).click();
    await expect(page.getByTestId("count-badge")).toHaveText("2");
    await expect(rowOf(page, "Marta Núñez")).toContainText("El Paso");
  });

  test("imports a Spanish Excel file (Windows-1252, semicolons, Nombre + Apellidos)", async ({ page }) => {
    await signedIn(page);
    await page.goto("/app/customers/import");
    await expect(page.getByText("Outlook, Google Contacts or QuickBooks")).toBeVisible();
    const csv =
      "Nombre;Apellidos;Correo electrónico;Teléfono;Ciudad\r\nJosé;Peña;jose@example.com;555-0101;Sevilla\r\nMaría;Muñoz;;;Cádiz\r\n";
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "clientes.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "latin1") });
    await page.getByRole("button", { name: "Import" }).click();
    const report = page.getByTestId("import-report");
    await expect(report).toContainText("Imported 2, rejected 0.");
    await expect(report).toContainText("Line 2: José Peña");
    await expect(report).toContainText("Line 3: María Muñoz");
    await report.getByRole("link", { name: "Back to customers" }).click();
    await expect(rowOf(page, "José Peña")).toContainText("Sevilla");
  });

  test("exports the customer list as CSV", async ({ page }) => {
    await signedIn(page);
    await addCustomerViaApi(page, { name: "Peña, José", email: "jose@example.com" });
    const response = await page.request.get("/app/customers/export.csv");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    expect(response.headers()["content-disposition"]).toMatch(/attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await response.text();
    expect(text).toContain("name,email,phone,address,city,state,zipCode,notes");
    expect(text).toContain('"Peña, José",jose@example.com');
  });

  test("another account's customer is a 404 page", async ({ page, browser }, testInfo) => {
    await signedIn(page);
    const customer = await addCustomerViaApi(page, { name: "Private Person" });
    const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const otherPage = await other.newPage();
    await registerViaApi(otherPage.request);
    const response = await otherPage.goto(`/app/customers/${customer.id}/edit`);
    expect(response?.status()).toBe(404);
    await expect(otherPage.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await other.close();
  });
});
