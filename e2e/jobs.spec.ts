import { expect, test, type Page } from "@playwright/test";
import { registerViaUi, toast } from "./utils";

// The jobs screen with JavaScript on (dialogs, live search) and off (pages, plain forms).

/** A customer of the signed-in account, made through the API with the page's cookies. */
async function apiCustomer(page: Page, name: string) {
  const response = await page.request.post("/api/customers", {
    data: { name, phone: "(512) 555-0142", email: "ana@example.com" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

function jobsTable(page: Page) {
  return page.getByTestId("jobs-table");
}

function jobRow(page: Page, title: string) {
  return jobsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: `View ${title}` }) });
}

/** Submits the list's search form: with JavaScript it follows the typing and the selects by itself. */
async function submitSearch(page: Page, javaScript: boolean) {
  if (!javaScript) await page.getByRole("search").getByRole("button", { name: "Search" }).click();
}

test("create, list, edit, filter, search, open and delete a job", async ({ page }, testInfo) => {
  // A long journey (create, edit, filter, search, open, delete): the slow-test budget on a loaded machine.
  test.slow();
  const javaScript = testInfo.project.name === "js";
  // A crashing bundle or a hydration mismatch (dates, money) would show up here.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await registerViaUi(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await apiCustomer(page, `Ana ${tag} Ruiz`);

  await page.goto("/app/jobs");
  await expect(page).toHaveTitle("Jobs | TradeDesk");
  await expect(page.getByTestId("count-badge")).toHaveText("0");
  await expect(page.getByTestId("empty-state")).toHaveText("No jobs yet. Create your first job to get started.");

  // Create: the customer must be chosen.
  await page.getByRole("link", { name: "+ New Job" }).click();
  await expect(page).toHaveURL(/\/app\/jobs\/new$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create Job" })).toBeVisible();
  const customerSelect = dialog.getByLabel("Customer");
  await expect(customerSelect).toHaveValue("none");
  await dialog.getByLabel("Title").fill("Panel upgrade");
  await dialog.getByRole("button", { name: "Create Job" }).click();
  await expect(customerSelect).toHaveAccessibleDescription("Please select a customer");
  await expect(page).toHaveURL(/\/app\/jobs\/new$/);
  // Without JavaScript the server found it, and says so in a toast too (docs/product/jobs.md).
  if (!javaScript) await expect(toast(page)).toContainText("Please select a customer");

  await customerSelect.selectOption({ label: customer.name });
  await dialog.getByLabel("Location").fill("12 Elm St, Austin");
  await dialog.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/app\/jobs$/);
  await expect(toast(page)).toContainText("Job created");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("count-badge")).toHaveText("1");
  const row = jobRow(page, "Panel upgrade");
  await expect(row).toContainText(customer.name);
  await expect(row.getByTestId("job-status")).toHaveText("Pending");
  await expect(row.getByTestId("job-amount")).toHaveText("TBD");
  await expect(row).toContainText("Not scheduled");

  // Edit: status, amount and schedule.
  await row.getByRole("link", { name: "Edit Panel upgrade" }).click();
  await expect(page).toHaveURL(/\/app\/jobs\/[^/]+\/edit$/);
  const editor = page.getByRole("dialog");
  await expect(editor.getByRole("heading", { name: "Edit Job" })).toBeVisible();
  await expect(editor.getByLabel("Title")).toHaveValue("Panel upgrade");
  await expect(editor.getByLabel("Customer")).toHaveValue(customer.id);
  await editor.getByLabel("Status").selectOption({ label: "In Progress" });
  await editor.getByLabel("Amount").fill("1234.567");
  await editor.getByLabel("Scheduled date").fill("2025-06-01T09:30");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByLabel("Amount")).toHaveAccessibleDescription(
    /Enter the amount as a number with at most two decimals, like 1234\.50/,
  );
  if (!javaScript) await expect(toast(page)).toContainText("Failed to update job.");
  await editor.getByLabel("Amount").fill("1234.50");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/app\/jobs$/);
  await expect(toast(page)).toContainText("Job updated");
  await expect(row.getByTestId("job-status")).toHaveText("In Progress");
  await expect(row.getByTestId("job-amount")).toHaveText("$1,234.50");
  await expect(row).toContainText("Jun 01, 2025");
  await expect(row).toContainText("9:30 AM");

  // A second job, through the API (in-progress spelling is accepted, stored as in_progress).
  const other = await page.request.post("/api/jobs", {
    data: { customerId: customer.id, title: "Furnace tune-up", status: "pending", location: "9 Oak Ave, Kyle", totalAmount: 129 },
  });
  expect(other.status(), await other.text()).toBe(201);
  expect(await other.json()).toMatchObject({ totalAmount: "129.00", customer: { name: customer.name, phone: "(512) 555-0142" } });
  await page.goto("/app/jobs");
  await expect(page.getByTestId("count-badge")).toHaveText("2");
  await expect(jobRow(page, "Furnace tune-up").getByTestId("job-amount")).toHaveText("$129.00");

  // Filter by status.
  const statusFilter = page.getByRole("search").getByLabel("Status");
  await statusFilter.selectOption({ label: "In Progress" });
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(/status=in_progress/);
  await expect(jobsTable(page).getByRole("link", { name: /^View / })).toHaveText(["Panel upgrade"]);
  await page.getByRole("search").getByLabel("Status").selectOption({ label: "Completed" });
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByTestId("empty-state")).toHaveText("No jobs found matching your search.");

  // Search over title, location and customer name.
  await page.goto("/app/jobs");
  const searchBox = page.getByRole("searchbox", { name: "Search jobs" });
  await searchBox.fill("kyle");
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(/q=kyle/);
  await expect(jobsTable(page).getByRole("link", { name: /^View / })).toHaveText(["Furnace tune-up"]);
  await page.getByRole("searchbox", { name: "Search jobs" }).fill(tag);
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(jobsTable(page).getByRole("link", { name: /^View / })).toHaveCount(2);

  // The detail view, with the customer's call and e-mail links.
  await page.goto("/app/jobs");
  await jobRow(page, "Panel upgrade").getByRole("link", { name: "View Panel upgrade" }).click();
  await expect(page).toHaveURL(/\/app\/jobs\/[^/]+$/);
  const detail = page.getByRole("dialog");
  await expect(detail.getByRole("heading", { name: "Panel upgrade" })).toBeVisible();
  await expect(detail.getByTestId("job-customer")).toHaveText(customer.name);
  await expect(detail.getByTestId("job-status")).toHaveText("In Progress");
  await expect(detail.getByTestId("job-amount")).toHaveText("$1,234.50");
  await expect(detail.getByRole("link", { name: `Call ${customer.name}` })).toHaveAttribute("href", "tel:(512) 555-0142");
  await expect(detail.getByRole("link", { name: `Email ${customer.name}` })).toHaveAttribute("href", "mailto:ana@example.com");
  await expect(detail.getByText("No linked estimates.")).toBeVisible();
  await detail.getByRole("link", { name: "Close", exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/jobs$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Delete, after a confirm step that says what stays.
  await jobRow(page, "Panel upgrade").getByRole("link", { name: "Delete Panel upgrade" }).click();
  await expect(page).toHaveURL(/\/app\/jobs\/[^/]+\/delete$/);
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByText("Delete Panel upgrade? This cannot be undone.")).toBeVisible();
  await expect(confirm.getByTestId("delete-keeps")).toHaveText("No estimates, invoices or appointments are linked to it.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/app\/jobs$/);
  await expect(toast(page)).toContainText("Job deleted");
  await expect(jobRow(page, "Panel upgrade")).toHaveCount(0);
  await expect(page.getByTestId("count-badge")).toHaveText("1");
  // Without JavaScript the refused form posts log their 400; nothing else may.
  expect(errors.filter((error) => javaScript || !/status of 400/.test(error))).toEqual([]);
});

test("?customerId= preselects the customer, and Cancel goes back to the list", async ({ page }) => {
  await registerViaUi(page);
  await apiCustomer(page, "Bob Builder");
  const chosen = await apiCustomer(page, "Carla Díaz");
  await page.goto(`/app/jobs/new?customerId=${chosen.id}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Customer")).toHaveValue(chosen.id);
  await expect(dialog.getByLabel("Customer").locator("option")).toHaveText(["Select a customer", "Bob Builder", "Carla Díaz"]);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/app\/jobs$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a new account without customers is asked to add one first", async ({ page }) => {
  await registerViaUi(page);
  await page.goto("/app/jobs/new");
  await expect(page.getByRole("dialog")).toContainText("Every job belongs to a customer.");
  await page.getByRole("dialog").getByRole("link", { name: "Add Customer" }).click();
  await expect(page).toHaveURL(/\/app\/customers\/new$/);
});

test("another account's job answers 404", async ({ page, browser }) => {
  await registerViaUi(page);
  const customer = await apiCustomer(page, "Private Customer");
  const created = await page.request.post("/api/jobs", { data: { customerId: customer.id, title: "Private job" } });
  const job = (await created.json()) as { id: string };

  const context = await browser.newContext();
  const stranger = await context.newPage();
  await registerViaUi(stranger);
  for (const path of [`/app/jobs/${job.id}`, `/app/jobs/${job.id}/edit`, `/app/jobs/${job.id}/delete`]) {
    const response = await stranger.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  expect((await stranger.request.get(`/api/jobs/${job.id}`)).status()).toBe(404);
  await context.close();
});

test("a job's time is the account's wall clock: typed, listed, edited and on the schedule alike", async ({ page }) => {
  await registerViaUi(page);
  await page.goto("/app/settings");
  await page.getByLabel("Time Zone").selectOption("America/Chicago");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toContainText("Settings saved");
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await apiCustomer(page, `Zoe ${tag} Lee`);

  // 9:00 in Chicago on 20 November 2026 is 15:00 UTC.
  await page.goto("/app/jobs/new");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Customer").selectOption({ label: customer.name });
  await dialog.getByLabel("Title").fill(`Panel upgrade ${tag}`);
  await dialog.getByLabel("Scheduled date").fill("2026-11-20T09:00");
  await dialog.getByRole("button", { name: "Create Job" }).click();
  await expect(toast(page)).toContainText("Job created");
  const row = jobRow(page, `Panel upgrade ${tag}`);
  await expect(row).toContainText("Nov 20, 2026");
  await expect(row).toContainText("9:00 AM");
  const listed = await page.request.get(`/api/jobs?q=${tag}`);
  expect(((await listed.json()) as { scheduledDate: string }[])[0].scheduledDate).toBe("2026-11-20T15:00:00.000Z");

  await row.getByRole("link", { name: `Edit Panel upgrade ${tag}` }).click();
  await expect(page.getByRole("dialog").getByLabel("Scheduled date")).toHaveValue("2026-11-20T09:00");

  await page.goto(`/app/schedule?tab=calendar&week=2026-11-15`);
  const friday = page.locator('[data-testid="calendar-day"][data-day="2026-11-20"]');
  await expect(friday).toContainText(`Panel upgrade ${tag}`);
  await expect(friday).toContainText("9:00 AM");
});
