// Recurring invoices with JavaScript on and off (both projects run every test): payment
// reminders set in Settings, a recurring invoice made on its page, the runner's one-pass
// command (`build/jobs.js --once --now`, what `npm run jobs` runs) played at an instant
// against this run's database, and the invoices it made seen in the app. Pause, resume and
// delete with its confirm step. One case in Spanish.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { registerViaUi, sidebar, toast, rowAction } from "./utils";

const run = promisify(execFile);

/** One pass of the work runner's recurring invoices at `now`, against the database the e2e server uses. */
async function runDueWork(now: string) {
  const buildDir = process.env.BUILD_DIR ?? "build";
  // Only the recurring invoices: a pass at a later instant would also mark expired the
  // estimates that the tests running beside this one are using (the runner's sweep).
  const args = [path.join(buildDir, "jobs.js"), "--once", "--now", now, "--only", "recurring-invoice"];
  const { stdout } = await run(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: `file:./${process.env.E2E_DATABASE_FILE}`,
      SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret",
      APP_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`,
      QUIET_LOG: "1",
    },
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { done?: string[] };
}

async function addCustomer(page: Page, name: string) {
  const response = await page.request.post("/api/customers", { data: { name, email: "ana@example.com" } });
  expect(response.status(), await response.text()).toBe(201);
}

test("reminders in Settings, a monthly recurring invoice, the runner makes its invoices once; pause, resume, delete", async ({
  page,
}) => {
  // A long flow (Settings, a schedule with decision 019's line fields, the runner, the invoices, pause, resume, delete).
  test.slow();
  await registerViaUi(page);
  const customer = `Ana ${Math.random().toString(36).slice(2, 7)} Ruiz`;
  await addCustomer(page, customer);

  // Payment reminders, so the e-mailed invoices get them.
  await page.goto("/app/settings");
  await page.getByLabel("Send payment reminders").check();
  await page.getByLabel("Days from the due date").fill("-3, 0, 7");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toContainText("Settings saved");
  await page.reload();
  await expect(page.getByLabel("Days from the due date")).toHaveValue("-3, 0, +7");
  await expect(page.getByLabel("Send payment reminders")).toBeChecked();

  await sidebar(page).getByRole("link", { name: "Recurring invoices" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recurring invoices" })).toBeVisible();
  await page.getByRole("link", { name: "+ New recurring invoice" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Customer", { exact: true }).selectOption({ label: customer });
  const title = `Furnace plan ${Math.random().toString(36).slice(2, 7)}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Repeats").selectOption("monthly");
  await dialog.getByLabel("First invoice date").fill("2027-01-31");
  await dialog.getByLabel("After a number of invoices").check();
  await dialog.getByLabel("Number of invoices", { exact: true }).fill("3");
  await expect(dialog.getByLabel("E-mail each invoice to the customer")).toBeChecked();
  await dialog.getByLabel("Line 1 description").fill("Tune-up");
  await dialog.getByLabel("Line 1 quantity").fill("1");
  await dialog.getByLabel("Line 1 unit price").fill("89.00");
  // Decision 019's line fields, as on estimates: 10% off and not taxed.
  await dialog.getByLabel("Line 1 discount (%)").fill("10");
  await expect(dialog.getByLabel("Line 1 taxable")).toBeChecked();
  await dialog.getByLabel("Line 1 taxable").uncheck();
  await dialog.getByRole("button", { name: "Create recurring invoice" }).click();
  await expect(toast(page)).toContainText("Recurring invoice created");

  const row = page.getByTestId("recurring-row").filter({ hasText: title });
  await expect(row.getByTestId("recurring-next")).toHaveText("Jan 31, 2027");
  await expect(row.getByTestId("recurring-made")).toHaveText("0");
  await expect(row.getByTestId("recurring-status")).toHaveText("Active");

  // The runner, as if nothing had run since January: January 31 and February 28 are made, once.
  const first = await runDueWork("2027-03-01T12:00:00Z");
  expect(first.done?.filter((key) => key.startsWith("recurring-invoice:"))).toEqual(
    expect.arrayContaining([expect.stringMatching(/:2027-01-31$/), expect.stringMatching(/:2027-02-28$/)]),
  );
  await runDueWork("2027-03-01T12:05:00Z");
  await page.reload();
  await expect(row.getByTestId("recurring-made")).toHaveText("2");
  await expect(row.getByTestId("recurring-next")).toHaveText("Mar 31, 2027");

  await sidebar(page).getByRole("link", { name: "Invoices", exact: true }).click();
  const invoices = page.getByTestId("invoices-table").locator("tbody tr").filter({ hasText: title });
  await expect(invoices).toHaveCount(2);
  // Dated their occurrences, whenever the runner got to them.
  await expect(invoices.getByTestId("invoice-created")).toHaveText(["Feb 28, 2027", "Jan 31, 2027"]);
  // 89.00 less 10%, untaxed.
  await expect(invoices.first()).toContainText("$80.10");

  // Pause, resume, then delete through its confirm step; the invoices made stay.
  await sidebar(page).getByRole("link", { name: "Recurring invoices" }).click();
  await (await rowAction(row, "button", `Pause ${title}`)).click();
  await expect(toast(page)).toContainText("Recurring invoice paused");
  await expect(row.getByTestId("recurring-status")).toHaveText("Paused");
  await (await rowAction(row, "button", `Resume ${title}`)).click();
  await expect(toast(page)).toContainText("Recurring invoice resumed");
  await expect(row.getByTestId("recurring-status")).toHaveText("Active");
  await (await rowAction(row, "link", `Delete ${title}`)).click();
  await expect(page.getByText("The 2 invoices it made stay.")).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Recurring invoice deleted");
  await expect(row).toHaveCount(0);
  await sidebar(page).getByRole("link", { name: "Invoices", exact: true }).click();
  await expect(invoices).toHaveCount(2);
});

test("in Spanish: a weekly recurring invoice, refused with an end before its start, then created", async ({ page }) => {
  await registerViaUi(page);
  const customer = `Luis ${Math.random().toString(36).slice(2, 7)} Peña`;
  await addCustomer(page, customer);
  await page.goto("/app/settings");
  await page.getByLabel("Application Language").selectOption("es");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  await sidebar(page).getByRole("link", { name: "Facturas recurrentes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Facturas recurrentes" })).toBeVisible();
  await expect(page.getByTestId("empty-state")).toContainText("Aún no hay facturas recurrentes");
  await page.getByRole("link", { name: "+ Nueva factura recurrente" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Cliente", { exact: true }).selectOption({ label: customer });
  await dialog.getByLabel("Título").fill("Limpieza de piscina");
  await dialog.getByLabel("Se repite").selectOption("weekly");
  await dialog.getByLabel("Fecha de la primera factura").fill("2099-01-05");
  await dialog.getByLabel("En una fecha").check();
  await dialog.getByLabel("Fecha de fin").fill("2098-12-31");
  await dialog.getByLabel("Descripción de la línea 1").fill("Limpieza");
  await dialog.getByLabel("Cantidad de la línea 1").fill("1");
  await dialog.getByLabel("Precio unitario de la línea 1").fill("60");
  await dialog.getByRole("button", { name: "Crear factura recurrente" }).click();
  await expect(dialog.getByText("La fecha de fin no puede ser anterior a la primera factura")).toBeVisible();

  await dialog.getByLabel("Fecha de fin").fill("2099-12-31");
  await dialog.getByRole("button", { name: "Crear factura recurrente" }).click();
  await expect(toast(page)).toContainText("Factura recurrente creada");
  const row = page.getByTestId("recurring-row").filter({ hasText: "Limpieza de piscina" });
  await expect(row).toContainText("Cada semana");
  await expect(row.getByTestId("recurring-status")).toHaveText("Activa");
  await expect(row.getByTestId("recurring-next")).toContainText("2099");
});
