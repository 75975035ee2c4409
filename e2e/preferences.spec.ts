import { expect, test, type Page, type Response } from "@playwright/test";
import { registerViaUi, sidebar, submitLogin, visible, type TestUser } from "./utils";

const DARK = /(^|\s)dark(\s|$)/;

/** Reloads and returns the server's HTML, so a check on it proves what the first paint shows (before any script). */
async function reloadHtml(page: Page): Promise<string> {
  const response: Response | null = await page.reload();
  expect(response?.status()).toBe(200);
  return response!.text();
}

async function signOutAndBackIn(page: Page, user: TestUser, signOutLabel: string) {
  await page.getByRole("button", { name: signOutLabel }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Forget this browser's own preference cookies: what follows can only come from the account.
  await page.context().clearCookies();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).not.toHaveClass(DARK);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app$/);
}

test.describe("language", () => {
  test("ES on the landing page switches to Spanish and sticks on reload", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(visible(page.getByRole("button", { name: "EN", exact: true }))).toHaveAttribute("aria-pressed", "true");

    await visible(page.getByRole("button", { name: "ES", exact: true })).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Administre todo su negocio de oficios desde el teléfono");
    await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect(page.getByText("Prueba gratuita de 14 días · Sin tarjeta de crédito")).toBeVisible();
    await expect(visible(page.getByRole("button", { name: "ES", exact: true }))).toHaveAttribute("aria-pressed", "true");

    const html = await reloadHtml(page);
    expect(html).toMatch(/<html lang="es"/);
    expect(html).toContain("Administre todo su negocio de oficios desde el teléfono");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    // And back.
    await visible(page.getByRole("button", { name: "EN", exact: true })).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Run your whole trade business from your phone");
  });

  test("the language chosen on the landing page carries to the login page", async ({ page }) => {
    await page.goto("/");
    await visible(page.getByRole("button", { name: "ES", exact: true })).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("link", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenido de nuevo");
  });

  test("ES inside /app switches the interface, sticks on reload and is saved on the account", async ({ page }) => {
    const user = await registerViaUi(page);
    const nav = sidebar(page);
    await expect(nav.getByRole("link", { name: "Customers", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "ES", exact: true }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(nav.getByRole("link", { name: "Clientes", exact: true })).toBeVisible();
    await expect(nav.getByText("Propietario", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bienvenido, ${user.name}`);

    const html = await reloadHtml(page);
    expect(html).toMatch(/<html lang="es"/);
    expect(html).toContain(">Clientes<");
    await expect(nav.getByRole("link", { name: "Clientes", exact: true })).toBeVisible();

    await signOutAndBackIn(page, user, "Cerrar sesión");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(nav.getByRole("link", { name: "Clientes", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bienvenido, ${user.name}`);
  });
});

test.describe("theme", () => {
  test("the toggle turns the landing page dark, it sticks on reload, and toggles back", async ({ page }) => {
    await page.goto("/");
    const html = page.locator("html");
    const toggle = visible(page.getByTestId("theme-toggle"));
    await expect(html).not.toHaveClass(DARK);
    await expect(toggle).toHaveAccessibleName("Switch to dark theme");

    await toggle.click();
    await expect(html).toHaveClass(DARK);
    // Without JavaScript the click loaded a new page: until its stylesheet is in, both of the
    // page's toggles (the header's and the phone layout's) count as visible.
    await page.waitForLoadState("load");
    await expect(toggle).toHaveAccessibleName("Switch to light theme");

    const first = await reloadHtml(page);
    expect(first).toMatch(/<html lang="en" dir="ltr" class="dark"/);
    await expect(html).toHaveClass(DARK);

    await toggle.click();
    await expect(html).not.toHaveClass(DARK);
    await page.waitForLoadState("load");
    await expect(toggle).toHaveAccessibleName("Switch to dark theme");
    const second = await reloadHtml(page);
    expect(second).not.toMatch(/<html[^>]*class="dark"/);
    await expect(html).not.toHaveClass(DARK);
  });

  test("inside /app the theme is saved on the account", async ({ page }) => {
    const user = await registerViaUi(page);
    const html = page.locator("html");
    await expect(html).not.toHaveClass(DARK);
    await page.getByTestId("theme-toggle").click();
    await expect(html).toHaveClass(DARK);
    expect(await reloadHtml(page)).toMatch(/<html[^>]*class="dark"/);

    await signOutAndBackIn(page, user, "Sign out");
    await expect(html).toHaveClass(DARK);

    await page.getByTestId("theme-toggle").click();
    await expect(html).not.toHaveClass(DARK);
    expect(await reloadHtml(page)).not.toMatch(/<html[^>]*class="dark"/);
  });
});
