import { expect, test } from "@playwright/test";
import { registerViaUi, sidebar } from "./utils";

const NAV_LINKS: [name: string, href: string, heading: RegExp][] = [
  ["Dashboard", "/app", /^Welcome, /],
  ["My day", "/app/my-day", /^My day/],
  ["Customers", "/app/customers", /^Customers/],
  ["Requests", "/app/requests", /^Requests/],
  ["Schedule", "/app/schedule", /^Schedule/],
  ["Estimates", "/app/estimates", /^Estimates/],
  ["Price book", "/app/price-book", /^Price book/],
  ["Invoices", "/app/invoices", /^Invoices/],
  ["Recurring invoices", "/app/recurring-invoices", /^Recurring invoices/],
  ["Jobs", "/app/jobs", /^Jobs/],
  ["Reports", "/app/reports", /^Business Reports/],
  ["AI Features", "/app/ai", /^AI Features Dashboard/],
  ["Settings", "/app/settings", /^Settings/],
];

test.describe("404", () => {
  test("an unknown public path shows 404 Page Not Found with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 Page Not Found");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await expect(page.getByText("The page you are looking for does not exist or has moved.")).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Run your whole trade business from your phone");
  });

  test("an unknown /app path shows the 404 inside the shell with status 404", async ({ page }) => {
    const user = await registerViaUi(page);
    const response = await page.goto("/app/no-such-section");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 Page Not Found");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    // Still inside the signed-in frame: the sidebar with its links and the user's name.
    await expect(sidebar(page).getByRole("link", { name: "Customers" })).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveText(user.name);
    await page.getByRole("main").getByRole("link", { name: "Go to dashboard" }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${user.name}`);
  });

  test("an unknown /app path sends a signed-out visitor to /login", async ({ page }) => {
    await page.goto("/app/no-such-section");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapp%2Fno-such-section$/);
  });
});

test("pages run without script errors; the welcome toast goes away", async ({ page }, testInfo) => {
  // With JavaScript on, a blocked or crashing bundle would leave plain HTML forms that
  // still "work": catch it here (CSP violations and hydration errors land in the console).
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/");
  await registerViaUi(page);
  const welcome = page.getByTestId("toast");
  await expect(welcome).toContainText("Welcome to TradeDesk!");
  if (testInfo.project.name === "js") {
    // Hydrated: the toast has a Dismiss button that closes it in place.
    await welcome.getByRole("button", { name: "Dismiss" }).click();
  } else {
    // No script: no Dismiss button; the toast is shown once and is gone on the next page.
    await expect(welcome.getByRole("button", { name: "Dismiss" })).toHaveCount(0);
    await page.reload();
  }
  await expect(welcome).toHaveCount(0);
  await expect(page).toHaveURL(/\/app$/);
  expect(errors).toEqual([]);
});

test.describe("sidebar", () => {
  test("lists the thirteen sections and each link opens its page", async ({ page }) => {
    const user = await registerViaUi(page);
    const nav = sidebar(page).getByRole("navigation");
    const links = nav.getByRole("link");
    await expect(links).toHaveText(NAV_LINKS.map(([name]) => name));
    for (const [name, href] of NAV_LINKS) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    for (const [name, href, heading] of NAV_LINKS) {
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1 }), name).toHaveText(heading);
    }
    // The footer: the user's own name and their role in the account.
    await expect(page.getByTestId("user-name")).toHaveText(user.name);
    await expect(sidebar(page).getByText("Owner", { exact: true })).toBeVisible();
  });

  test.describe("on a 360px-wide phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("Menu opens the navigation and a link in it navigates", async ({ page }) => {
      await registerViaUi(page);
      const aside = sidebar(page);
      await expect(aside).not.toBeInViewport();

      await page.getByRole("button", { name: "Menu" }).click();
      await expect(aside).toBeInViewport({ ratio: 0.9 });
      await expect(page.getByTestId("user-name")).toBeInViewport();

      await aside.getByRole("link", { name: "Customers", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/customers$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Customers/);
      // Arriving on the new page, the menu is closed again.
      await expect(aside).not.toBeInViewport();
    });

    test("Close menu closes it", async ({ page }) => {
      await registerViaUi(page);
      const aside = sidebar(page);
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(aside).toBeInViewport({ ratio: 0.9 });
      await aside.getByRole("link", { name: "Close menu" }).click();
      await expect(aside).not.toBeInViewport();
      await expect(page).toHaveURL(/\/app#?$/);
    });
  });
});
