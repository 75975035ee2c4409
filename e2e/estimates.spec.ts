import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { openEstimate, registerViaApi, toast } from "./utils";

// The estimates screen with JavaScript on (dialogs, rows added in place, live totals)
// and off (pages; "Add item" and "Remove" are real submit buttons).

async function apiCustomer(page: Page, name: string) {
  const response = await page.request.post("/api/customers", { data: { name, email: "ana@example.com" } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

function estimatesTable(page: Page) {
  return page.getByTestId("estimates-table");
}

function estimateRow(page: Page, title: string) {
  return estimatesTable(page).getByRole("row").filter({ hasText: title });
}

/** Submits the list's search form: with JavaScript it follows the typing and the selects by itself. */
async function submitSearch(page: Page, javaScript: boolean) {
  if (!javaScript) await page.getByRole("search").getByRole("button", { name: "Search" }).click();
}

async function fillLine(dialog: Locator, line: number, description: string, quantity: string, unitPrice: string) {
  await dialog.getByLabel(`Line ${line} description`).fill(description);
  await dialog.getByLabel(`Line ${line} quantity`).fill(quantity);
  await dialog.getByLabel(`Line ${line} unit price`).fill(unitPrice);
}

/** The UTC calendar date, as the list shows dates (MMM dd, yyyy). */
function listDate(daysFromToday: number) {
  const now = new Date();
  const utc = new Date(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  return format(addDays(utc, daysFromToday), "MMM dd, yyyy");
}

test("create with three lines, edit, approve, search, filter and delete estimates", async ({ page }, testInfo) => {
  // A long journey: more than the default 30 s on a busy machine.
  test.slow();
  const javaScript = testInfo.project.name === "js";
  // A crashing bundle or a hydration mismatch (dates, money) would show up here.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await registerViaApi(page.request);
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await apiCustomer(page, `Ana ${tag} Ruiz`);

  await page.goto("/app/estimates");
  await expect(page).toHaveTitle("Estimates | TradeDesk");
  await expect(page.getByTestId("count-badge")).toHaveText("0");
  await expect(page.getByTestId("empty-state")).toHaveText("No estimates yet. Create your first estimate to get started.");

  // Create, with three lines added through "Add item".
  await page.getByRole("link", { name: "+ New Estimate" }).click();
  await expect(page).toHaveURL(/\/app\/estimates\/new$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create Estimate" })).toBeVisible();
  await expect(dialog.getByLabel("Customer")).toHaveValue("none");
  await expect(dialog.getByLabel("Tax rate (%)")).toHaveValue("8.25");
  await expect(dialog.getByLabel("Valid until")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(dialog.getByLabel("Estimate number")).toHaveValue("");
  await expect(dialog.getByRole("button", { name: "Remove line 1" })).toBeDisabled();

  await dialog.getByLabel("Customer").selectOption({ label: customer.name });
  await dialog.getByLabel("Title").fill("Panel upgrade");
  await dialog.getByLabel("Description", { exact: true }).fill("Replace the 100A panel");
  await fillLine(dialog, 1, "Labor (hours)", "2", "95.00");
  await dialog.getByRole("button", { name: "Add item" }).click();
  await expect(dialog.getByLabel("Line 2 description")).toBeVisible();
  await expect(dialog.getByLabel("Line 1 description")).toHaveValue("Labor (hours)");
  await expect(dialog.getByLabel("Line 2 quantity")).toHaveValue("1");
  await fillLine(dialog, 2, "Breaker", "1", "34.25");
  await dialog.getByRole("button", { name: "Add item" }).click();
  await fillLine(dialog, 3, "Copper wire (ft)", "48", "3.85");
  await expect(dialog.getByTestId("line-item")).toHaveCount(3);
  if (javaScript) {
    // 190.00 + 34.25 + 184.80 = 409.05; 8.25% is 33.746625, so 33.75.
    await expect(dialog.getByTestId("subtotal")).toHaveText("$409.05");
    await expect(dialog.getByTestId("tax")).toHaveText("$33.75");
    await expect(dialog.getByTestId("total")).toHaveText("$442.80");
  } else {
    // Rendered by the server after the second "Add item": the first two lines so far.
    await expect(dialog.getByTestId("subtotal")).toHaveText("$224.25");
  }
  await dialog.getByRole("button", { name: "Create Estimate" }).click();

  await expect(page).toHaveURL(/\/app\/estimates$/);
  await expect(toast(page)).toContainText("Estimate created");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("count-badge")).toHaveText("1");
  const row = estimateRow(page, "Panel upgrade");
  await expect(row.getByTestId("estimate-total")).toHaveText("$442.80");
  await expect(row.getByTestId("estimate-item-count")).toHaveText("3");
  await expect(row.getByTestId("estimate-status")).toHaveText("Pending");
  await expect(row).toContainText(customer.name);
  await expect(row).toContainText("Replace the 100A panel");
  await expect(row).toContainText(listDate(0));
  await expect(row).toContainText(listDate(30));
  const number = (await row.getByRole("cell").first().textContent())!.trim();
  expect(number).toMatch(/^EST-\d{4,}$/);
  // The row is one link, to the estimate's page: every action is there.
  await expect(row.getByRole("link", { name: "Panel upgrade" })).toHaveAttribute("href", /\/app\/estimates\/[^/]+\/preview$/);
  let estimatePage = await openEstimate(row);
  await expect(estimatePage.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    /^\/app\/estimates\/[^/]+\/pdf$/,
  );
  await expect(estimatePage.getByRole("button", { name: `Create Invoice · ${number}` })).toHaveCount(0);

  // Edit: a quantity changes, the list total follows.
  await estimatePage.getByRole("link", { name: `Edit ${number}` }).click();
  await expect(page).toHaveURL(/\/app\/estimates\/[^/]+\/edit$/);
  const editor = page.getByRole("dialog");
  await expect(editor.getByRole("heading", { name: "Edit Estimate" })).toBeVisible();
  await expect(editor.getByLabel("Estimate number")).toHaveValue(number);
  await expect(editor.getByLabel("Customer")).toHaveValue(customer.id);
  await expect(editor.getByLabel("Line 1 quantity")).toHaveValue("2.00");
  await expect(editor.getByLabel("Line 3 unit price")).toHaveValue("3.85");
  await editor.getByLabel("Line 1 quantity").fill("3");
  // 285.00 + 34.25 + 184.80 = 504.05; tax 41.584125 is 41.58.
  if (javaScript) await expect(editor.getByTestId("total")).toHaveText("$545.63");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/app\/estimates$/);
  await expect(toast(page)).toContainText("Estimate updated");
  await expect(row.getByTestId("estimate-total")).toHaveText("$545.63");

  // Approve: the estimate's page offers Create Invoice.
  await (await openEstimate(row)).getByRole("link", { name: `Edit ${number}` }).click();
  await page.getByRole("dialog").getByLabel("Status").selectOption({ label: "Approved" });
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Estimate updated");
  await expect(row.getByTestId("estimate-status")).toHaveText("Approved");
  estimatePage = await openEstimate(row);
  const invoiceButton = estimatePage.getByRole("button", { name: `Create Invoice · ${number}` });
  await expect(invoiceButton).toHaveText("Create Invoice");
  await expect(invoiceButton.locator("xpath=ancestor::form")).toHaveAttribute("action", /\/app\/estimates\/[^/]+\/invoice$/);

  // A second estimate through the API.
  const other = await page.request.post("/api/estimates", {
    data: {
      customerId: customer.id,
      title: "Water heater",
      taxRate: "0.0825",
      items: [{ description: "Tank", quantity: "1", unitPrice: "849.00" }],
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  await page.goto("/app/estimates");
  await expect(page.getByTestId("count-badge")).toHaveText("2");
  await expect(estimateRow(page, "Water heater").getByTestId("estimate-total")).toHaveText("$919.04");

  // Search over title and estimate number; filter by status.
  const searchBox = page.getByRole("searchbox", { name: "Search estimates" });
  await searchBox.fill("water");
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(/q=water/);
  await expect(estimatesTable(page).getByTestId("estimate-row")).toHaveCount(1);
  await expect(estimateRow(page, "Water heater")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search estimates" }).fill(number);
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(new RegExp(`q=${number}`));
  await expect(estimatesTable(page).getByTestId("estimate-row")).toHaveCount(1);
  await expect(estimateRow(page, "Panel upgrade")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search estimates" }).fill("nothing-like-this");
  await submitSearch(page, javaScript);
  await expect(page.getByTestId("empty-state")).toHaveText("No estimates found matching your search.");

  await page.goto("/app/estimates");
  await page.getByRole("search").getByLabel("Status").selectOption({ label: "Approved" });
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(/status=approved/);
  await expect(estimatesTable(page).getByTestId("estimate-row")).toHaveCount(1);
  await expect(estimateRow(page, "Panel upgrade")).toBeVisible();
  await page.getByRole("search").getByLabel("Status").selectOption({ label: "Rejected" });
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(/status=rejected/);
  await expect(page.getByTestId("empty-state")).toHaveText("No estimates found matching your search.");

  // Delete, after a confirm step; Cancel keeps it.
  await page.goto("/app/estimates");
  const water = estimateRow(page, "Water heater");
  await (await openEstimate(water)).getByRole("link", { name: /^Delete EST-/ }).click();
  await expect(page).toHaveURL(/\/app\/estimates\/[^/]+\/delete$/);
  await expect(page.getByRole("dialog")).toContainText(/Delete EST-\d+ \(Water heater\)\? This cannot be undone\./);
  await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/app\/estimates$/);
  await expect(water).toBeVisible();
  await (await openEstimate(water)).getByRole("link", { name: /^Delete EST-/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/app\/estimates$/);
  await expect(toast(page)).toContainText("Estimate deleted");
  await expect(water).toHaveCount(0);
  await expect(page.getByTestId("count-badge")).toHaveText("1");
  expect(errors).toEqual([]);
});

test("the form says what is missing, keeps the last line, and offers the chosen customer's jobs", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await registerViaApi(page.request);
  const customer = await apiCustomer(page, "Bob Builder");
  const job = await page.request.post("/api/jobs", { data: { customerId: customer.id, title: "Garage rewire" } });
  expect(job.status(), await job.text()).toBe(201);

  await page.goto("/app/estimates/new");
  const dialog = page.getByRole("dialog");
  // No customer chosen: the form says so (the browser with JavaScript, else the server and a toast).
  await dialog.getByLabel("Title").fill("Garage circuit");
  await dialog.getByLabel("Line 1 description").fill("First");
  await dialog.getByLabel("Line 1 unit price").fill("10");
  await dialog.getByRole("button", { name: "Create Estimate" }).click();
  await expect(dialog.getByLabel("Customer")).toHaveAccessibleDescription("Please select a customer");
  if (!javaScript) await expect(toast(page)).toContainText("Please select a customer");
  await expect(dialog.getByLabel("Line 1 description")).toHaveValue("First");
  await expect(dialog.getByLabel("Job (optional)").locator("option")).toHaveText(["No job"]);

  await dialog.getByLabel("Customer").selectOption({ label: "Bob Builder" });
  // Without JavaScript the form is shown again for that customer, keeping what was typed.
  if (!javaScript) await dialog.getByRole("button", { name: "Show this customer's jobs" }).click();
  await expect(dialog.getByLabel("Job (optional)").locator("option")).toHaveText(["No job", "Garage rewire"]);
  await expect(dialog.getByLabel("Title")).toHaveValue("Garage circuit");
  await dialog.getByLabel("Job (optional)").selectOption({ label: "Garage rewire" });

  // Add a second line, remove the first; the last one left cannot be removed.
  await dialog.getByRole("button", { name: "Add item" }).click();
  await dialog.getByLabel("Line 2 description").fill("Second");
  await dialog.getByLabel("Line 2 unit price").fill("20");
  await dialog.getByRole("button", { name: "Remove line 1" }).click();
  await expect(dialog.getByTestId("line-item")).toHaveCount(1);
  await expect(dialog.getByLabel("Line 1 description")).toHaveValue("Second");
  await expect(dialog.getByRole("button", { name: "Remove line 1" })).toBeDisabled();
  await expect(dialog.getByLabel("Job (optional)").locator("option:checked")).toHaveText("Garage rewire");

  if (javaScript) {
    await dialog.getByLabel("Line 1 unit price").fill("-5");
    await dialog.getByRole("button", { name: "Create Estimate" }).click();
    await expect(dialog.getByText("Unit price cannot be negative")).toBeVisible();
    await dialog.getByLabel("Line 1 unit price").fill("20");
  }
  await dialog.getByRole("button", { name: "Create Estimate" }).click();
  await expect(toast(page)).toContainText("Estimate created");
  const row = estimateRow(page, "Garage circuit");
  await expect(row.getByTestId("job-badge")).toHaveText("Job: Garage rewire");
  await expect(row.getByTestId("estimate-total")).toHaveText("$21.65");
});
