import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";

/** A password that passes the register rules (at least 6 characters). */
export const PASSWORD = "hunter22-secret";

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** An e-mail address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** A fresh account's details; the name carries a random part so a page showing it proves it is this user's. */
export function newUser(prefix = "user"): TestUser {
  const tag = Math.random().toString(36).slice(2, 7);
  return { name: `Casey ${tag} Contractor`, email: uniqueEmail(prefix), password: PASSWORD };
}

/** The one toast on the page (success toasts are role=status, errors role=alert). */
export function toast(page: Page): Locator {
  return page.getByTestId("toast");
}

/** Fills in the register form; does not submit. */
export async function fillRegisterForm(
  page: Page,
  values: { name: string; email: string; password: string; confirmPassword?: string },
) {
  await page.getByLabel("Full Name").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm Password").fill(values.confirmPassword ?? values.password);
}

/** Creates the account through the /register page and waits for the dashboard. */
export async function registerViaUi(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  await page.goto("/register");
  await fillRegisterForm(page, user);
  // Without JavaScript the form offers the zone as a list, guessed from the language: pick the
  // zone the browser (and this test process) runs in, as the hidden field does with JavaScript,
  // so "today" is the same day for the account and the test at any hour. With JavaScript the list gives way to a hidden field holding the browser's zone once the page
  // hydrates, which may happen while the list is being used: either way the form must carry the zone.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = page.locator('select[name="timeZone"]');
  const chosen =
    (await zones.isVisible()) &&
    (await zones.selectOption(zone, { timeout: 5_000 }).then(
      () => true,
      () => false,
    ));
  if (!chosen || (await zones.count()) === 0) {
    await expect(page.locator('input[type="hidden"][name="timeZone"]')).toHaveValue(zone);
  }
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId("user-name")).toHaveText(user.name);
  return user;
}

/** Creates the account through POST /api/auth/register (for tests about something else than registering). */
export async function registerViaApi(request: APIRequestContext, user: TestUser = newUser()): Promise<TestUser> {
  const response = await request.post("/api/auth/register", { data: user });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

/** Fills in and submits the /login form on the current page. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in through the /login page and waits for the dashboard. */
export async function loginViaUi(page: Page, user: TestUser) {
  await page.goto("/login");
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app$/);
}

/** Presses the sign-out button in the sidebar footer and waits for /login. */
export async function signOutViaUi(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The session cookie of this browser context as a Cookie header value. */
export async function sessionCookieHeader(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "td_session");
  expect(cookie, "the browser holds a td_session cookie").toBeTruthy();
  return `${cookie!.name}=${cookie!.value}`;
}

/** The sidebar (an <aside id="navigation">). */
export function sidebar(page: Page): Locator {
  return page.locator("#navigation");
}

/**
 * The visible one of the language/theme controls: the landing page renders the
 * switcher twice (header on wide screens, hero on phones) and hides one.
 */
export function visible(locator: Locator): Locator {
  return locator.filter({ visible: true });
}

/** An invoice of $1,082.50 (one $1,000.00 line, 8.25% tax) from an approved estimate, with that estimate. */
export async function invoiceViaApi(page: Page) {
  await registerViaApi(page.request);
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await page.request.post("/api/customers", { data: { name: `Rosa ${tag} Díaz`, email: "rosa@example.com" } });
  expect(customer.status(), await customer.text()).toBe(201);
  const { id: customerId } = (await customer.json()) as { id: string };
  const estimate = await page.request.post("/api/estimates", {
    data: {
      customerId,
      title: `Water heater ${tag}`,
      status: "approved",
      items: [{ description: "50-gallon water heater, installed", quantity: "1", unitPrice: "1000.00" }],
    },
  });
  expect(estimate.status(), await estimate.text()).toBe(201);
  const { id: estimateId, estimateNumber } = (await estimate.json()) as { id: string; estimateNumber: string };
  const invoice = await page.request.post(`/api/invoices/from-estimate/${estimateId}`);
  expect(invoice.status(), await invoice.text()).toBe(201);
  const made = (await invoice.json()) as { id: string; invoiceNumber: string; total: string };
  return { ...made, estimate: { id: estimateId, estimateNumber } };
}

/** The newest e-mails in data/outbox/ (the e2e server has no SMTP_URL), newest first, as text. */
export function outboxMails(address: string): string[] {
  const outbox = path.resolve("data/outbox");
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => path.join(outbox, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((file) => readFileSync(file, "utf8").replace(/=\r?\n/g, ""))
    .filter((raw) => raw.includes(address));
}

/** The /join/{token} link of the newest invitation e-mailed to `address`. */
export function invitationLink(address: string): string {
  for (const raw of outboxMails(address)) {
    const link = /https?:\/\/[^\s"<>]+\/join\/[A-Za-z0-9_-]{43}/.exec(raw)?.[0];
    if (link) return link;
  }
  throw new Error(`no invitation e-mail to ${address} in data/outbox/`);
}

/**
 * A row's action in a list: a list with more than two actions per row keeps them in the row's
 * "Actions" menu (a <details>), opened here first, with or without JavaScript.
 */
export async function rowAction(row: Locator, role: "link" | "button", name: string | RegExp): Promise<Locator> {
  // Retried: the row may still be rendering, or a navigation just ending may close the menu.
  await expect(async () => {
    await expect(row.first()).toBeVisible({ timeout: 1_000 });
    const menu = row.first().locator("details.row-menu");
    if ((await menu.count()) === 0) return;
    if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "", { timeout: 1_000 });
  }).toPass();
  return row.getByRole(role, { name });
}

/** Opens an estimate's page (its preview dialog, with every action) from its row in the list. */
export async function openEstimate(row: Locator): Promise<Locator> {
  const page = row.page();
  await row.locator("a.open").click();
  await expect(page).toHaveURL(/\/app\/estimates\/[^/]+\/preview/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("estimate-actions")).toBeVisible();
  return dialog;
}
