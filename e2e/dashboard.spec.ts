import { expect, test } from "@playwright/test";
import { registerViaUi } from "./utils";

// The dashboard's cards and lists against the data the test creates, and the search
// across the business, with JavaScript on and off.

test("a new account: zeros, nothing to compare, the getting-started steps and the quick actions", async ({ page }) => {
  const user = await registerViaUi(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${user.name}`);
  const cards = page.getByTestId("stat-cards");
  await expect(page.getByTestId("stat-jobs").getByTestId("stat-value")).toHaveText("0");
  await expect(page.getByTestId("stat-revenue").getByTestId("stat-value")).toHaveText("$0.00");
  await expect(page.getByTestId("stat-estimates").getByTestId("stat-value")).toHaveText("0");
  await expect(page.getByTestId("stat-customers").getByTestId("stat-value")).toHaveText("0");
  await expect(page.getByTestId("stat-jobs").getByTestId("stat-hint")).toHaveText("— vs previous 30 days");
  await expect(page.getByTestId("stat-estimates").getByTestId("stat-hint")).toHaveText("0 overdue invoices");
  await expect(page.getByTestId("stat-customers").getByTestId("stat-hint")).toHaveText("0 new this week");
  for (const [card, href] of [
    ["stat-jobs", "/app/jobs"],
    ["stat-revenue", "/app/reports"],
    ["stat-estimates", "/app/estimates"],
    ["stat-customers", "/app/customers"],
  ]) {
    await expect(cards.getByTestId(card)).toHaveAttribute("href", href);
  }
  await expect(page.getByTestId("getting-started")).toBeVisible();
  await expect(page.getByTestId("recent-jobs")).toContainText("No jobs yet. Create your first job to get started.");
  await expect(page.getByTestId("upcoming-appointments")).toContainText(
    "No upcoming appointments. Schedule your first appointment.",
  );
  const actions = page.getByTestId("quick-actions");
  for (const [name, href] of [
    ["New Estimate", "/app/estimates/new"],
    ["Add Customer", "/app/customers/new"],
    ["Create Job", "/app/jobs/new"],
    ["Schedule", "/app/schedule/new"],
  ]) {
    await expect(actions.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await actions.getByRole("link", { name: "Add Customer" }).click();
  await expect(page).toHaveURL(/\/app\/customers\/new$/);
});

test("cards and lists follow the data; View All, View Calendar and the search find it", async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await registerViaUi(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const customerResponse = await page.request.post("/api/customers", {
    data: { name: `Ana ${tag} Ruiz`, phone: "(512) 555-0142" },
  });
  expect(customerResponse.status()).toBe(201);
  const customer = (await customerResponse.json()) as { id: string; name: string };
  const titles = [`Furnace tune-up ${tag}`, `Water heater ${tag}`, `Panel upgrade ${tag}`, `EV charger ${tag}`];
  for (const [index, title] of titles.entries()) {
    const response = await page.request.post("/api/jobs", {
      data: {
        customerId: customer.id,
        title,
        status: index === 3 ? "in-progress" : "pending",
        totalAmount: index === 3 ? "1234.50" : null,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const tomorrow = new Date(Date.now() + 86_400_000);
  for (const [hours, title] of [
    [1, `Estimate visit ${tag}`],
    [2, `Permit inspection ${tag}`],
    [3, `Warranty check ${tag}`],
    [4, `Follow-up ${tag}`],
  ] as const) {
    const at = new Date(tomorrow.getTime() + hours * 3_600_000);
    const response = await page.request.post("/api/appointments", {
      data: { customerId: customer.id, title, scheduledDate: at.toISOString(), duration: 30 },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  const stats = await (await page.request.get("/api/dashboard/stats")).json();
  expect(stats).toMatchObject({
    totalJobs: 4,
    totalRevenue: "0.00",
    pendingEstimates: 0,
    activeCustomers: 1,
    jobsChange: null,
    overdueInvoices: 0,
    newCustomersThisWeek: 1,
  });

  await page.goto("/app");
  await expect(page.getByTestId("stat-jobs").getByTestId("stat-value")).toHaveText("4");
  await expect(page.getByTestId("stat-customers").getByTestId("stat-value")).toHaveText("1");
  await expect(page.getByTestId("stat-customers").getByTestId("stat-hint")).toHaveText("1 new this week");
  await expect(page.getByTestId("getting-started")).toHaveCount(0);

  // Recent Jobs: the newest three, with the status colours.
  const recent = page.getByTestId("recent-job");
  await expect(recent).toHaveCount(3);
  await expect(recent.nth(0)).toContainText(titles[3]);
  await expect(recent.nth(0).getByTestId("job-status")).toHaveText("In Progress");
  await expect(recent.nth(0).getByTestId("job-status")).toHaveClass(/bg-blue-100/);
  await expect(recent.nth(0)).toContainText("$1,234.50");
  await expect(recent.nth(1).getByTestId("job-status")).toHaveClass(/bg-orange-100/);
  await expect(page.getByTestId("recent-jobs")).not.toContainText(titles[0]);

  // Upcoming Appointments: the first three.
  const upcoming = page.getByTestId("upcoming-appointment");
  await expect(upcoming).toHaveCount(3);
  await expect(upcoming.nth(0)).toContainText(`Estimate visit ${tag}`);
  await expect(upcoming.nth(0)).toContainText(customer.name);
  await expect(page.getByTestId("upcoming-appointments")).not.toContainText(`Follow-up ${tag}`);

  await page.getByTestId("recent-jobs").getByRole("link", { name: "View All" }).click();
  await expect(page).toHaveURL(/\/app\/jobs$/);
  await page.goto("/app");
  await page.getByRole("link", { name: "View Calendar" }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?tab=calendar$/);
  await page.goto("/app");
  await upcoming.nth(0).getByRole("link").click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: `Estimate visit ${tag}` })).toBeVisible();

  // The search box searches customers, jobs, estimates and invoices at once.
  await page.goto("/app");
  await page.getByRole("searchbox", { name: "Search customers, jobs, estimates and invoices" }).first().fill(tag);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/search\\?q=${tag}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${tag}”`);
  await expect(page.getByTestId("search-customers").getByRole("link", { name: customer.name })).toBeVisible();
  await expect(page.getByTestId("search-jobs").getByRole("listitem")).toHaveCount(4);
  await expect(page.getByTestId("search-estimates")).toContainText("No matches");

  await page.getByRole("searchbox").fill(`panel upgrade ${tag}`);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("search-customers")).toContainText("No matches");
  await expect(page.getByTestId("search-jobs").getByRole("listitem")).toHaveCount(1);
  await page.getByTestId("search-jobs").getByRole("link", { name: titles[2] }).click();
  await expect(page).toHaveURL(/\/app\/jobs\/[^/?]+$/);
  await expect(page.getByRole("dialog").getByRole("heading", { name: titles[2] })).toBeVisible();
  expect(errors, testInfo.project.name).toEqual([]);
});
