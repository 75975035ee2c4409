import { expect, test } from "@playwright/test";
import {
  fillRegisterForm,
  newUser,
  registerViaApi,
  registerViaUi,
  sessionCookieHeader,
  signOutViaUi,
  submitLogin,
  toast,
} from "./utils";

test.describe("register", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/register");
  });

  test("shows the form the spec describes", async ({ page }) => {
    await expect(page).toHaveTitle("Create Account | TradeDesk");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get started today");
    const name = page.getByLabel("Full Name");
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByLabel("Confirm Password");
    for (const input of [name, email, password, confirm]) {
      await expect(input).toBeVisible();
      await expect(input).toHaveAttribute("required", "");
    }
    await expect(email).toHaveAttribute("type", "email");
    await expect(password).toHaveAttribute("type", "password");
    await expect(confirm).toHaveAttribute("type", "password");
    await expect(page.getByText("At least 6 characters")).toBeVisible();
    await expect(password).toHaveAccessibleDescription("At least 6 characters");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("passwords that differ: Password mismatch", async ({ page }) => {
    const user = newUser("mismatch");
    await fillRegisterForm(page, { ...user, confirmPassword: `${user.password}x` });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText("Password mismatch");
    await expect(toast(page)).toContainText("Please make sure your passwords match");
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId("user-name")).toHaveCount(0);
  });

  test("a password under 6 characters: Password too short", async ({ page }) => {
    await fillRegisterForm(page, { ...newUser("short"), password: "abc12" });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText("Password too short");
    await expect(toast(page)).toContainText("Password must be at least 6 characters long");
    await expect(page).toHaveURL(/\/register$/);
  });

  test("a mismatch is reported before the length", async ({ page }) => {
    await fillRegisterForm(page, { ...newUser("both"), password: "abc", confirmPassword: "abd" });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText("Password mismatch");
    await expect(toast(page)).not.toContainText("Password too short");
  });

  test("a blank name is refused", async ({ page }) => {
    await fillRegisterForm(page, { ...newUser("noname"), name: "   " });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("an e-mail that already has an account: answered as a new one, without signing in to it", async ({ page, request }) => {
    const existing = await registerViaApi(request, newUser("taken"));
    await fillRegisterForm(page, { ...newUser("taken"), email: existing.email });
    await page.getByRole("button", { name: "Create Account" }).click();
    // Nothing says the account exists (its owner is told by e-mail); /app asks for a sign-in.
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapp$/);
    await expect(page.getByText("An account with this email already exists.")).toHaveCount(0);
  });

  test("success lands on the dashboard, welcomed, with the user's own name", async ({ page }) => {
    const user = newUser("register");
    await fillRegisterForm(page, user);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(toast(page)).toContainText("Welcome to TradeDesk!");
    await expect(toast(page)).toContainText("Your account has been created successfully.");
    const footer = page.locator("#navigation");
    await expect(footer.getByTestId("user-name")).toHaveText(user.name);
    await expect(footer.getByText("Owner", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${user.name}`);
  });

  test("a signed-in user visiting /register goes to the dashboard", async ({ page }) => {
    await registerViaUi(page);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/app$/);
  });
});

test.describe("login", () => {
  test("shows the form the spec describes", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle("Sign In | TradeDesk");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("a wrong password: Login failed, stays on /login", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("wrongpw"));
    await page.goto("/login");
    await submitLogin(page, user.email, "not-the-password");
    await expect(toast(page)).toContainText("Login failed");
    await expect(toast(page)).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    await page.goto("/app");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapp$/);
  });

  test("an unknown e-mail: the same Login failed", async ({ page }) => {
    await page.goto("/login");
    await submitLogin(page, newUser("nobody").email, "whatever-password");
    await expect(toast(page)).toContainText("Login failed");
    await expect(toast(page)).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the right password: dashboard and Welcome back!", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("login"));
    await page.goto("/login");
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app$/);
    await expect(toast(page)).toContainText("Welcome back!");
    await expect(toast(page)).toContainText("You have been successfully logged in.");
    await expect(page.getByTestId("user-name")).toHaveText(user.name);
  });

  test("the e-mail is matched whatever its case", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("case"));
    await page.goto("/login");
    await submitLogin(page, user.email.toUpperCase(), user.password);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByTestId("user-name")).toHaveText(user.name);
  });
});

test.describe("signed out", () => {
  test("/app/customers sends to /login and back after signing in", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("redirect"));
    await page.goto("/app/customers");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapp%2Fcustomers$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app\/customers$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Customers");
    await expect(page.getByText("No customers yet. Add your first customer to get started.")).toBeVisible();
  });

  test("a failed attempt keeps the way back to /app/customers", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("retry"));
    await page.goto("/app/customers");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapp%2Fcustomers$/);
    await submitLogin(page, user.email, "wrong-password");
    await expect(toast(page)).toContainText("Login failed");
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app\/customers$/);
  });

  test("a redirectTo outside the app is ignored", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("offsite"));
    await page.goto("/login?redirectTo=//evil.example/steal");
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/app$/);
  });

  test("a redirectTo hiding another host behind a tab stays on the site; one in Japanese signs in", async ({ page, request }) => {
    const user = await registerViaApi(request, newUser("tab"));
    // `/\t/host/phish`: browsers drop the tab and would read `//host/phish` (docs/security.md).
    await page.goto("/login?redirectTo=%2F%09%2Fevil.example%2Fphish");
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/app$/);
    await signOutViaUi(page);
    await page.goto(`/login?redirectTo=${encodeURIComponent("/app/search?q=日本")}`);
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app\/search\?q=%E6%97%A5%E6%9C%AC$/);
  });
});

test.describe("sign out", () => {
  test("ends the session for good", async ({ page, context, request }) => {
    await registerViaUi(page);
    const oldCookie = await sessionCookieHeader(context);
    // While signed in, the cookie is accepted.
    const before = await request.get("/api/auth/me", { headers: { Cookie: oldCookie } });
    expect(before.status()).toBe(200);

    await signOutViaUi(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    await expect(toast(page)).toContainText("Signed out");

    await page.goto("/app");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapp$/);

    // The old cookie, replayed, no longer opens the session.
    const after = await request.get("/api/auth/me", { headers: { Cookie: oldCookie } });
    expect(after.status()).toBe(401);
    const replay = await request.get("/app", { headers: { Cookie: oldCookie }, maxRedirects: 0 });
    expect(replay.status()).toBe(302);
    expect(replay.headers()["location"]).toBe("/login?redirectTo=%2Fapp");
  });
});
