import { expect, test, type Page } from "@playwright/test";
import { registerViaUi, toast } from "./utils";

// The schedule with JavaScript on (dialogs, live search, the custom type shown and
// hidden) and off (pages, links and GET forms). The server and this browser run on one
// machine: the account has no zone chosen, so the schedule is in the machine's zone, the
// one these local dates are in.

const two = (n: number) => String(n).padStart(2, "0");
const localDay = (date: Date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, 12);

async function apiCustomer(page: Page, name: string) {
  const response = await page.request.post("/api/customers", {
    data: { name, phone: "(512) 555-0142", email: "ana@example.com" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

async function apiJob(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post("/api/jobs", { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

/** Submits the schedule's search form: with JavaScript it follows the typing by itself. */
async function submitSearch(page: Page, javaScript: boolean) {
  if (!javaScript) await page.getByRole("search").getByRole("button", { name: "Search" }).click();
}

test("create an appointment, see it in Today, Calendar and List; search, filter, weeks, a job, reschedule and complete", async ({
  page,
}, testInfo) => {
  // A long journey through every tab: give it the slow-test time budget on a loaded machine.
  test.slow();
  const javaScript = testInfo.project.name === "js";
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await registerViaUi(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await apiCustomer(page, `Ana ${tag} Ruiz`);
  const now = new Date();
  const today = localDay(now);
  const jobAt = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 50);
  const job = await apiJob(page, {
    customerId: customer.id,
    title: `Panel upgrade ${tag}`,
    location: "9 Oak Ave, Kyle",
    scheduledDate: jobAt.toISOString(),
  });

  await page.goto("/app/schedule");
  await expect(page).toHaveTitle("Schedule | TradeDesk");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schedule");
  await expect(page.getByText("Manage appointments and scheduled jobs")).toBeVisible();
  const todayCard = page.getByTestId("today-card");
  await expect(todayCard.getByRole("heading", { name: "Today's Schedule" })).toBeVisible();
  await expect(page.getByTestId("today-count")).toHaveText("1 item");
  await expect(todayCard).toContainText(job.title);
  await expect(todayCard).toContainText("11:50 PM");

  // New Appointment: the customer must be chosen.
  await page.getByRole("link", { name: "+ New Appointment" }).click();
  await expect(page).toHaveURL(/\/app\/schedule\/new$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "New Appointment" })).toBeVisible();
  await expect(dialog.getByLabel("Customer")).toHaveValue("none");
  await expect(dialog.getByLabel("Appointment Type")).toHaveValue("other");
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("60");
  const title = `Kitchen walkthrough ${tag}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Scheduled Date").fill(`${today}T23:55`);
  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  await expect(dialog.getByLabel("Customer")).toHaveAccessibleDescription("Please select a customer");
  if (!javaScript) await expect(toast(page)).toContainText("Please select a customer");

  // The custom type belongs to "other": with JavaScript it comes and goes with the type.
  if (javaScript) {
    await dialog.getByLabel("Appointment Type").selectOption({ label: "Estimate" });
    await expect(dialog.getByLabel("Custom Type")).toHaveCount(0);
    await dialog.getByLabel("Appointment Type").selectOption({ label: "Other" });
  }
  await dialog.getByLabel("Custom Type").fill("Site survey");
  await dialog.getByLabel("Customer").selectOption({ label: customer.name });
  await dialog.getByLabel("Duration (minutes)").fill("45");
  await dialog.getByLabel("Location").fill("12 Elm St, Austin");
  await dialog.getByLabel("Description").fill("Measure the kitchen for the new circuits and the under-cabinet lights.");
  if (javaScript) {
    // Hold the submission a moment to see the button while it is under way.
    await page.route("**/app/schedule/new.data**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
  }
  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  if (javaScript) await expect(dialog.getByRole("button", { name: "Creating..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/app\/schedule$/);
  await expect(toast(page)).toContainText("Appointment created");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Today: both, earliest first; Upcoming: both still to happen (unless the day is nearly over).
  await expect(page.getByTestId("today-count")).toHaveText("2 items");
  await expect(todayCard.getByTestId("schedule-entry")).toHaveCount(2);
  await expect(todayCard.getByTestId("schedule-entry").nth(1)).toContainText(title);
  await expect(todayCard.getByTestId("schedule-entry").nth(1)).toContainText(customer.name);
  await expect(todayCard.getByTestId("schedule-entry").nth(1)).toContainText("11:55 PM");
  if (new Date().getHours() < 23) await expect(page.getByTestId("upcoming-card")).toContainText(title);

  // Calendar: this week, today highlighted; move between weeks.
  await page.getByRole("link", { name: "Calendar", exact: true }).click();
  await expect(page).toHaveURL(/tab=calendar/);
  const todayColumn = page.locator(`[data-testid="calendar-day"][data-day="${today}"]`);
  await expect(todayColumn).toHaveAttribute("aria-current", "date");
  await expect(todayColumn).toContainText(title);
  await expect(todayColumn).toContainText(job.title);
  await expect(page.getByTestId("calendar-day")).toHaveCount(7);
  const thisWeekTitle = (await page.getByTestId("week-title").textContent()) ?? "";
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page).toHaveURL(/week=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId("week-title")).not.toHaveText(thisWeekTitle);
  await expect(page.getByTestId("calendar-day").filter({ hasText: "No items" })).toHaveCount(7);
  await expect(page.locator('[aria-current="date"]')).toHaveCount(0);
  // One week back at a time: a second click before the first week has loaded would follow
  // the old page's link to the same week again.
  await page.getByRole("link", { name: "Previous week" }).click();
  await expect(page.getByTestId("week-title")).toHaveText(thisWeekTitle);
  await page.getByRole("link", { name: "Previous week" }).click();
  await expect(page.getByTestId("week-title")).not.toHaveText(thisWeekTitle);
  await expect(page.getByTestId("calendar-day").filter({ hasText: "No items" })).toHaveCount(7);
  await page.getByRole("link", { name: "This week" }).click();
  await expect(page.getByTestId("week-title")).toHaveText(thisWeekTitle);
  await expect(todayColumn).toContainText(title);

  // List: sorted by date, badges, status, customer, date and time, location, call link.
  await page.getByRole("link", { name: "List", exact: true }).click();
  await expect(page).toHaveURL(/tab=list/);
  const rows = page.getByTestId("schedule-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(job.title);
  await expect(rows.nth(0).getByTestId("schedule-kind")).toHaveText("Job");
  const appointmentRow = rows.nth(1);
  await expect(appointmentRow.getByTestId("schedule-kind")).toHaveText("Appointment");
  await expect(appointmentRow.getByTestId("schedule-status")).toHaveText("Scheduled");
  await expect(appointmentRow).toContainText("12 Elm St, Austin");
  await expect(appointmentRow).toContainText("Measure the kitchen");
  await expect(appointmentRow.getByTestId("schedule-when")).toContainText("11:55 PM");
  await expect(appointmentRow.getByRole("link", { name: `Call ${customer.name}` })).toHaveAttribute("href", "tel:(512) 555-0142");

  // Search (title, customer, location, description) keeps the tab.
  await page.getByRole("searchbox", { name: "Search appointments and jobs" }).fill("under-cabinet");
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(/q=under-cabinet/);
  await expect(page).toHaveURL(/tab=list/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await page.getByRole("searchbox", { name: "Search appointments and jobs" }).fill("kyle");
  await submitSearch(page, javaScript);
  await expect(page).toHaveURL(/q=kyle/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(job.title);
  await page.getByRole("searchbox", { name: "Search appointments and jobs" }).fill("no such thing");
  await submitSearch(page, javaScript);
  await expect(page.getByTestId("empty-state")).toContainText("No items scheduled");
  await expect(page.getByTestId("empty-state")).toContainText("No items match your search criteria.");

  // Filter: nothing is completed yet.
  await page.goto("/app/schedule?tab=list");
  await page.getByTestId("status-filter").getByRole("link", { name: "Completed" }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByTestId("empty-state")).toContainText("No items match your search criteria.");
  await page.getByTestId("status-filter").getByRole("link", { name: "Scheduled" }).click();
  await expect(rows).toHaveCount(2);

  // A job opens its detail dialog over the schedule.
  await page.getByRole("link", { name: `Open ${job.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/schedule/jobs/${job.id}\\?`));
  const jobDialog = page.getByRole("dialog");
  await expect(jobDialog.getByRole("heading", { name: job.title })).toBeVisible();
  await expect(jobDialog.getByTestId("job-customer")).toHaveText(customer.name);
  await jobDialog.getByRole("link", { name: "Close", exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/schedule\?tab=list&status=scheduled$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // An appointment opens its own: reschedule it, then mark it completed.
  await page.getByRole("link", { name: `Open ${title}` }).click();
  const appointmentDialog = page.getByRole("dialog");
  await expect(appointmentDialog.getByRole("heading", { name: title })).toBeVisible();
  await expect(appointmentDialog).toContainText("Site survey");
  await expect(appointmentDialog).toContainText("45 minutes");
  await expect(appointmentDialog.getByTestId("appointment-when")).toContainText("11:55 PM – 12:40 AM");
  await appointmentDialog.getByLabel("New date and time").fill(`${today}T23:57`);
  await appointmentDialog.getByRole("button", { name: "Reschedule" }).click();
  await expect(toast(page)).toContainText("Appointment rescheduled");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const moved = rows.filter({ hasText: title });
  await expect(moved.getByTestId("schedule-status")).toHaveText("Rescheduled");
  await expect(moved.getByTestId("schedule-when")).toContainText("11:57 PM");

  await moved.getByRole("link", { name: `Open ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark completed" }).click();
  await expect(toast(page)).toContainText("Appointment completed");
  await expect(page).toHaveURL(/status=scheduled/);
  await expect(rows).toHaveCount(1);
  await page.getByTestId("status-filter").getByRole("link", { name: "Completed" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("schedule-status")).toHaveText("Completed");

  // Today shows it done.
  await page.getByRole("link", { name: "Today", exact: true }).click();
  await expect(page.getByTestId("today-card").getByTestId("done-badge")).toHaveText("Done");
  await page.getByTestId("status-filter").getByRole("link", { name: "All" }).click();
  await expect(page.getByTestId("today-count")).toHaveText("2 items");

  expect(errors.filter((error) => javaScript || !/status of 400/.test(error))).toEqual([]);
});

test("an empty schedule says so in every tab", async ({ page }) => {
  await registerViaUi(page);
  await page.goto("/app/schedule");
  await expect(page.getByTestId("today-card")).toContainText("No appointments today");
  await expect(page.getByTestId("upcoming-card")).toContainText("No upcoming appointments");
  await page.goto("/app/schedule?tab=calendar");
  await expect(page.getByTestId("calendar-day").filter({ hasText: "No items" })).toHaveCount(7);
  await page.goto("/app/schedule?tab=list");
  await expect(page.getByTestId("empty-state")).toContainText("No items scheduled");
  await expect(page.getByTestId("empty-state")).toContainText("No appointments or jobs are currently scheduled.");
  // Without customers, New Appointment asks for one first.
  await page.goto("/app/schedule/new");
  await expect(page.getByRole("dialog")).toContainText("Every appointment is with a customer.");
});

test("the calendar stays usable on a 360-pixel phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await registerViaUi(page);
  const customer = await apiCustomer(page, "Phone Customer");
  const at = addDays(new Date(), 0);
  at.setHours(9, 0);
  const created = await page.request.post("/api/appointments", {
    data: {
      customerId: customer.id,
      title: "A rather long appointment title that has to wrap on a phone",
      scheduledDate: at.toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto("/app/schedule?tab=calendar");
  const days = page.getByTestId("calendar-day");
  await expect(days).toHaveCount(7);
  // Stacked: one under another, each as wide as the screen allows, nothing scrolls sideways.
  const first = await days.nth(0).boundingBox();
  const second = await days.nth(1).boundingBox();
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(first!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole("link", { name: "Next week" })).toBeVisible();
  await expect(page.getByText("A rather long appointment title")).toBeVisible();
});

test("another account's appointment answers 404", async ({ page, browser }) => {
  await registerViaUi(page);
  const customer = await apiCustomer(page, "Private Customer");
  const created = await page.request.post("/api/appointments", {
    data: { customerId: customer.id, title: "Private visit", scheduledDate: addDays(new Date(), 2).toISOString() },
  });
  const appointment = (await created.json()) as { id: string };
  const context = await browser.newContext();
  const stranger = await context.newPage();
  await registerViaUi(stranger);
  for (const path of [`/app/schedule/${appointment.id}`, `/app/schedule/${appointment.id}/edit`]) {
    expect((await stranger.goto(path))?.status(), path).toBe(404);
  }
  expect((await stranger.request.get(`/api/appointments/${appointment.id}`)).status()).toBe(404);
  await context.close();
});

test("a busy calendar day shows its first 12 items and links to the rest in the list", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await registerViaUi(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await apiCustomer(page, `Busy ${tag} Day`);
  // Tomorrow at 06:00, 06:30 ... 13:30 local: sixteen jobs on one day.
  const tomorrow = addDays(new Date(), 1);
  for (let i = 0; i < 16; i++) {
    const at = new Date(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate(), 6 + Math.floor(i / 2), (i % 2) * 30);
    await apiJob(page, { customerId: customer.id, title: `Visit ${tag} ${two(i)}`, scheduledDate: at.toISOString() });
  }
  await page.goto(`/app/schedule?tab=calendar&week=${localDay(tomorrow)}`);
  const day = page.locator(`[data-testid="calendar-day"][data-day="${localDay(tomorrow)}"]`);
  await expect(day.getByRole("link", { name: new RegExp(`Visit ${tag}`) })).toHaveCount(12);
  await expect(day.getByRole("link", { name: `Visit ${tag} 11` })).toBeVisible();
  await expect(day.getByRole("link", { name: `Visit ${tag} 12` })).toHaveCount(0);
  const more = day.getByTestId("calendar-more");
  await expect(more).toHaveText("+ 4 more");

  await more.click();
  await expect(page).toHaveURL(new RegExp(`tab=list&day=${localDay(tomorrow)}`));
  await expect(page.getByTestId("day-filter")).toContainText("only");
  await expect(page.getByTestId("schedule-row")).toHaveCount(16);
  await expect(page.getByTestId("schedule-row").first()).toContainText(`Visit ${tag} 00`);
  await expect(page.getByTestId("schedule-row").last()).toContainText(`Visit ${tag} 15`);

  // The search keeps the day; "Show all dates" drops it.
  await page.getByRole("searchbox").fill(`${tag} 1`);
  if (!javaScript) await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("schedule-row")).toHaveCount(6);
  await expect(page).toHaveURL(new RegExp(`day=${localDay(tomorrow)}`));
  await page.getByRole("link", { name: "Show all dates" }).click();
  await expect(page.getByTestId("day-filter")).toHaveCount(0);
  await expect(page).not.toHaveURL(/day=/);
});

test("a busy Today tab shows the day's first 12 items and links to the rest in the list", async ({ page }) => {
  await registerViaUi(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await apiCustomer(page, `Busy ${tag} Today`);
  // Today at 06:00, 06:30 ... 13:30 local: sixteen jobs on one day.
  const today = new Date();
  for (let i = 0; i < 16; i++) {
    const at = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 6 + Math.floor(i / 2), (i % 2) * 30);
    await apiJob(page, { customerId: customer.id, title: `Visit ${tag} ${two(i)}`, scheduledDate: at.toISOString() });
  }
  await page.goto("/app/schedule");
  const card = page.getByTestId("today-card");
  await expect(card.getByRole("link", { name: new RegExp(`Visit ${tag}`) })).toHaveCount(12);
  await expect(card.getByRole("link", { name: `Visit ${tag} 11` })).toBeVisible();
  await expect(card.getByRole("link", { name: `Visit ${tag} 12` })).toHaveCount(0);
  await expect(page.getByTestId("today-count")).toHaveText("16 items");
  const more = card.getByTestId("today-more");
  await expect(more).toHaveText("+ 4 more");
  await expect(more).toHaveAccessibleName("All 16 items today");

  await more.click();
  await expect(page).toHaveURL(new RegExp(`tab=list&day=${localDay(today)}`));
  await expect(page.getByTestId("day-filter")).toContainText("only");
  await expect(page.getByTestId("schedule-row")).toHaveCount(16);
  await expect(page.getByTestId("schedule-row").last()).toContainText(`Visit ${tag} 15`);
});

test("an appointment is deleted from its dialog after a confirm step; its job stays", async ({ page }) => {
  await registerViaUi(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await apiCustomer(page, `Del ${tag} Ortiz`);
  const job = await apiJob(page, { customerId: customer.id, title: `Rewire ${tag}` });
  const at = addDays(new Date(), 2);
  const created = await page.request.post("/api/appointments", {
    data: { customerId: customer.id, jobId: job.id, title: `Walkthrough ${tag}`, scheduledDate: at.toISOString(), duration: 30 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/app/schedule?tab=list");
  await page.getByRole("link", { name: `Open Walkthrough ${tag}` }).click();
  await page.getByRole("link", { name: `Delete appointment Walkthrough ${tag}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Delete appointment" })).toBeVisible();
  await expect(dialog).toContainText(`Delete Walkthrough ${tag}? This cannot be undone.`);
  // Cancel goes back to the appointment; Delete deletes it.
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("link", { name: `Delete appointment Walkthrough ${tag}` })).toBeVisible();
  await page.getByRole("link", { name: `Delete appointment Walkthrough ${tag}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Appointment deleted");
  await expect(page).toHaveURL(/\/app\/schedule\?tab=list$/);
  await expect(page.getByRole("link", { name: `Open Walkthrough ${tag}` })).toHaveCount(0);
  expect((await page.request.get(`/api/jobs/${job.id}`)).status()).toBe(200);
});
