import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerViaApi } from "./utils";

// The reports screen with JavaScript on and off: figures from data made through the
// API, the time range in the URL, and the exports.

async function post(request: APIRequestContext, path: string, data?: unknown) {
  const response = await request.post(path, data === undefined ? {} : { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/**
 * Two customers; jobs pending, in progress and completed; a pending estimate of $100
 * and an approved one of $200 (8.25% tax: $108.25 and $216.50); the approved one
 * invoiced and paid.
 */
async function business(page: Page) {
  await registerViaApi(page.request);
  const ana = await post(page.request, "/api/customers", { name: "Ana Report" });
  await post(page.request, "/api/customers", { name: "Bo Report" });
  await post(page.request, "/api/jobs", { customerId: ana.id, title: "Panel upgrade", status: "pending" });
  await post(page.request, "/api/jobs", { customerId: ana.id, title: "EV charger", status: "in-progress" });
  await post(page.request, "/api/jobs", { customerId: ana.id, title: "Surge protector", status: "completed" });
  await post(page.request, "/api/estimates", {
    customerId: ana.id,
    title: "Outlets",
    status: "pending",
    validUntil: null,
    items: [{ description: "Outlet", quantity: "1", unitPrice: "100.00" }],
  });
  const approved = await post(page.request, "/api/estimates", {
    customerId: ana.id,
    title: "Rewire",
    status: "approved",
    validUntil: null,
    items: [{ description: "Rewire", quantity: "2", unitPrice: "100.00" }],
  });
  const invoice = await post(page.request, `/api/invoices/from-estimate/${approved.id}`);
  const paid = await page.request.put(`/api/invoices/${invoice.id}`, { data: { status: "paid" } });
  expect(paid.status(), await paid.text()).toBe(200);
}

const value = (page: Page, id: string) => page.getByTestId(`report-${id}-value`);

async function expectFigures(page: Page) {
  await expect(value(page, "totalRevenue")).toHaveText("$216.50");
  await expect(value(page, "pendingRevenue")).toHaveText("$108.25");
  await expect(value(page, "activeJobs")).toHaveText("2");
  await expect(page.getByTestId("report-activeJobs")).toContainText("1 completed");
  await expect(value(page, "totalCustomers")).toHaveText("2");
  await expect(value(page, "completedJobs")).toHaveText("1");
  await expect(value(page, "inProgressJobs")).toHaveText("1");
  await expect(value(page, "pendingJobs")).toHaveText("1");
  await expect(value(page, "totalEstimates")).toHaveText("2");
  await expect(value(page, "approvedEstimates")).toHaveText("1");
  await expect(value(page, "totalInvoices")).toHaveText("1");
  await expect(value(page, "paidInvoices")).toHaveText("1");
  // $216.50 / 1 invoice, whole dollars (half up); 3 jobs / 2 customers; 1 of 2 approved.
  await expect(value(page, "averageInvoice")).toHaveText("$217");
  await expect(value(page, "jobsPerCustomer")).toHaveText("1.5");
  await expect(value(page, "approvalRate")).toHaveText("50%");
}

test("an empty account reads zero everywhere", async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto("/app/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Business Reports" })).toBeVisible();
  await expect(page.getByLabel("Time range")).toHaveValue("30");
  for (const id of ["totalRevenue", "pendingRevenue"]) await expect(value(page, id)).toHaveText("$0.00");
  for (const id of ["activeJobs", "totalCustomers", "completedJobs", "totalEstimates", "totalInvoices", "paidInvoices"])
    await expect(value(page, id)).toHaveText("0");
  await expect(value(page, "averageInvoice")).toHaveText("$0");
  await expect(value(page, "jobsPerCustomer")).toHaveText("0.0");
  await expect(value(page, "approvalRate")).toHaveText("0%");
  await expect(page.getByTestId("revenue-chart")).toContainText("No payments were received in this period.");
});

test("shows the figures, follows the time range in the URL, and charts and ages invoices", async ({ page }, testInfo) => {
  await business(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/app/reports");
  await expectFigures(page);

  // The revenue chart's table (for screen readers) holds the paid invoice; nothing is outstanding.
  await expect(page.getByTestId("revenue-chart").getByRole("table")).toContainText("$216.50");
  await expect(page.getByTestId("aging-total")).toContainText("$0.00");

  const range = page.getByLabel("Time range");
  await range.selectOption("7");
  if (testInfo.project.name === "nojs") await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/app\/reports\?range=7$/);
  await expect(page.getByLabel("Time range")).toHaveValue("7");
  // Everything was made today, so the last 7 days hold all of it.
  await expectFigures(page);

  await page.getByLabel("Time range").selectOption("365");
  if (testInfo.project.name === "nojs") await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/range=365/);
  await expect(page.getByTestId("revenue-chart")).toContainText("Money collected per month");
  await expect(value(page, "totalRevenue")).toHaveText("$216.50");

  await page.goto("/app/reports?range=bogus");
  await expect(page.getByLabel("Time range")).toHaveValue("30");
  expect(errors).toEqual([]);
});

test("exports the report as business-report-{date}.json and as CSV", async ({ page }) => {
  await business(page);
  await page.goto("/app/reports?range=90");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export Report" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^business-report-\d{4}-\d{2}-\d{2}\.json$/);
  const report = JSON.parse(await readFile((await download.path())!, "utf8"));
  // Money collected by method and owed by age: added with the payments ledger (docs/decisions/020).
  expect(Object.keys(report)).toEqual(["generatedAt", "range", "summary", "counts", "collected", "aging"]);
  // "Paid" through the API records one payment of the balance, method "other".
  expect(report.collected.total).toEqual({ count: 1, amount: "216.50" });
  expect(report.collected.byMethod.other).toEqual({ count: 1, amount: "216.50" });
  expect(report.aging.total).toEqual({ count: 0, amount: "0.00" });
  expect(Date.parse(report.generatedAt)).not.toBeNaN();
  expect(report.range).toMatchObject({ days: 90 });
  expect(report.summary).toEqual({
    totalRevenue: "216.50",
    pendingRevenue: "108.25",
    totalCustomers: 2,
    completedJobs: 1,
    activeJobs: 2,
    totalEstimates: 2,
    totalInvoices: 1,
  });
  expect(report.counts).toEqual({ customers: 2, jobs: 3, estimates: 2, invoices: 1 });

  const csv = await page.request.get("/app/reports/export.csv?range=90");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="business-report-\d{4}-\d{2}-\d{2}\.csv"/);
  const text = await csv.text();
  expect(text).toContain("metric,value\r\n");
  expect(text).toContain("summary.totalRevenue,216.50\r\n");
  expect(text).toContain("counts.jobs,3\r\n");
});

test("another account sees none of it", async ({ page, browser }, testInfo) => {
  await business(page);
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const otherPage = await other.newPage();
  await registerViaApi(otherPage.request);
  await otherPage.goto("/app/reports");
  await expect(value(otherPage, "totalRevenue")).toHaveText("$0.00");
  await expect(value(otherPage, "totalCustomers")).toHaveText("0");
  const report = await (await otherPage.request.get("/app/reports/export.json")).json();
  expect(report.counts).toEqual({ customers: 0, jobs: 0, estimates: 0, invoices: 0 });
  await other.close();
});
