import { expect, test } from "@playwright/test";
import { loginViaUi, newUser, registerViaApi, sessionCookieHeader, toast } from "./utils";

// /app/settings/security in the browser, with JavaScript on and off: change the password
// (the current one is checked) and sign out of every other device.

test.describe("security settings", () => {
  test("signs out of all other devices and keeps this one", async ({ page, browser, request }) => {
    const user = await registerViaApi(request, newUser("devices"));
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    await loginViaUi(otherPage, user);
    const otherCookie = await sessionCookieHeader(elsewhere);

    await loginViaUi(page, user);
    await page.goto("/app/settings/security");
    await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
    // The API sign-up's session and the other browser's.
    await expect(page.getByTestId("other-sessions")).toHaveText("Other devices signed in: 2");

    await page.getByRole("button", { name: "Sign out of all other devices" }).click();
    await expect(toast(page)).toContainText("Signed out of other devices");
    await expect(toast(page)).toContainText("Sessions ended: 2.");
    await expect(page.getByTestId("other-sessions")).toHaveText("Other devices signed in: 0");

    expect((await request.get("/api/auth/me", { headers: { Cookie: otherCookie } })).status()).toBe(401);
    await otherPage.goto("/app");
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fapp$/);
    await page.goto("/app");
    await expect(page).toHaveURL(/\/app$/);
    await elsewhere.close();
  });

  test("changes the password after checking the current one", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("password"));
    await loginViaUi(page, user);
    await page.goto("/app/settings/security");

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("a-better-secret");
    await page.getByLabel("Confirm new password").fill("a-better-secret");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(toast(page)).toContainText("The current password is not correct");
    await expect(page.getByText("The current password is not correct").first()).toBeVisible();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("a-better-secret");
    await page.getByLabel("Confirm new password").fill("a-better-secret");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(toast(page)).toContainText("Password changed");

    // Still signed in here; the new password is the one that works.
    await page.goto("/app");
    await expect(page).toHaveURL(/\/app$/);
    expect((await request.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status()).toBe(401);
    expect((await request.post("/api/auth/login", { data: { email: user.email, password: "a-better-secret" } })).status()).toBe(
      200,
    );
  });

  test("is in Spanish for a Spanish account", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("es"));
    await loginViaUi(page, user);
    await page.request.post("/resources/preferences", { form: { language: "es", redirectTo: "/app/settings/security" } });
    await page.goto("/app/settings/security");
    await expect(page.getByRole("heading", { name: "Seguridad", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cerrar sesión en todos los demás dispositivos" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Eliminar la cuenta" })).toBeVisible();
    await expect(page.getByLabel("Entiendo que mi cuenta y todos sus datos se eliminarán para siempre")).toBeVisible();
  });

  test("deletes the account and all its data after the password and a ticked box", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("leaving"));
    await loginViaUi(page, user);
    const created = await page.request.post("/api/customers", { data: { name: "Ana Ruiz", email: "ana@example.com" } });
    expect(created.status()).toBe(201);
    await page.goto("/app/settings/security");
    const section = page.getByRole("region", { name: "Delete account" });
    await expect(section.getByRole("link", { name: "Download your data first" })).toHaveAttribute(
      "href",
      "/app/settings/export.json",
    );

    // A wrong password deletes nothing.
    await section.getByLabel("Your password").fill("not-my-password");
    await section.getByLabel("I understand that my account and all its data will be deleted for good").check();
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(toast(page)).toContainText("Account not deleted");
    await expect(section.getByText("The current password is not correct")).toBeVisible();
    expect((await page.request.get("/api/customers")).status()).toBe(200);

    await section.getByLabel("Your password").fill(user.password);
    await section.getByLabel("I understand that my account and all its data will be deleted for good").check();
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page)).toContainText("Account deleted");
    await page.goto("/app/customers");
    await expect(page).toHaveURL(/\/login/);
    expect((await request.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status()).toBe(401);
  });
});
