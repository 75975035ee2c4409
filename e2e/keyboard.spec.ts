import { expect, test, type Locator, type Page } from "@playwright/test";
import { registerViaApi } from "./utils";

// The app with the keyboard alone: the skip link, a route dialog's focus handling (focus
// starts inside, Tab and Shift+Tab wrap, Escape closes and focus goes back to what opened
// it), and a whole task (from the dashboard to a new customer in the list) with nothing
// but Tab, Shift+Tab, Enter, Space and typing, with JavaScript on and off.

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${max} presses of ${back ? "Shift+Tab" : "Tab"} never reached ${target}`);
}

/** The element that has the focus, described for a failure message. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "(the page itself)";
    const name =
      element.getAttribute("aria-label") ?? element.getAttribute("name") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return `<${element.tagName.toLowerCase()}> ${name}`;
  });
}

/** Waits until React has hydrated the page (the bell becomes a menu button). */
async function hydrated(page: Page) {
  await expect(page.getByTestId("notification-bell").getByRole("button")).toBeVisible();
}

test("the first Tab reaches a visible skip link that moves the focus to the main content", async ({ page }) => {
  await registerViaApi(page.request);
  for (const path of ["/app", "/app/customers", "/login", "/"]) {
    await page.goto(path);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip, path).toBeFocused();
    // Hidden until focused, then shown on screen.
    const box = await skip.boundingBox();
    expect(box && box.width > 40 && box.height > 20, `${path}: the focused skip link is visible`).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main"), path).toBeFocused();
    // The next Tab goes on from the main content, past the header and navigation.
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest("main"))),
      `${path}: focus after the skip link is ${await focused(page)}`,
    ).toBe(true);
  }
});

test("a route dialog keeps the focus inside, Tab wraps both ways, Escape closes it and focus returns", async ({
  page,
}, testInfo) => {
  await registerViaApi(page.request);
  await page.goto("/app/customers");
  if (testInfo.project.use.javaScriptEnabled === false) {
    // Without JavaScript the dialog is a page of its own: nothing to trap, and Escape is the
    // browser's. Its first field still has the focus (autofocus), and its Close link, the
    // control just before it, goes back to the list from the keyboard.
    await tabTo(page, page.getByRole("link", { name: "+ Add Customer" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/app\/customers\/new$/);
    const dialog = page.getByRole("dialog", { name: "Add Customer" });
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("link", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/app\/customers$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    return;
  }
  await hydrated(page);

  const open = page.getByRole("link", { name: "+ Add Customer" });
  await tabTo(page, open);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/customers\/new$/);
  const dialog = page.getByRole("dialog", { name: "Add Customer" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  // Focus starts inside: on the first field.
  await expect(dialog.getByLabel("Name")).toBeFocused();

  // The first control in the dialog is its Close link, the last the submit button.
  const close = dialog.getByRole("link", { name: "Close" });
  const submit = dialog.getByRole("button", { name: "Add Customer" });
  await page.keyboard.press("Shift+Tab");
  await expect(close).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(submit, `Shift+Tab from the first control wraps to the last, not ${await focused(page)}`).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(close, `Tab from the last control wraps to the first, not ${await focused(page)}`).toBeFocused();
  // However long one tabs, the focus never leaves the dialog.
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement)), `Tab ${i + 1}: ${await focused(page)}`).toBe(
      true,
    );
  }

  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/app\/customers$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(open, `focus returns to the link that opened the dialog, not ${await focused(page)}`).toBeFocused();

  // A dialog opened by its address (a bookmark, a reload) also takes the focus, and on
  // Escape the focus lands on the page's main content.
  await page.goto("/app/customers/new");
  await hydrated(page);
  await expect(page.getByRole("dialog").getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/app\/customers$/);
  await expect(page.getByRole("main"), `focus after closing is ${await focused(page)}`).toBeFocused();
});

test("keyboard only: from the dashboard to Customers, add a customer in the dialog and see it listed", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  await registerViaApi(page.request);
  await page.goto("/app");
  if (javaScript) await hydrated(page);

  await tabTo(page, page.locator("#navigation").getByRole("link", { name: "Customers", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/customers$/);
  if (javaScript) await hydrated(page);

  await tabTo(page, page.getByRole("link", { name: "+ Add Customer" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/customers\/new$/);
  const dialog = page.getByRole("dialog", { name: "Add Customer" });
  await expect(dialog).toBeVisible();
  // The dialog's first field has the focus, with JavaScript (moved there) or without (autofocus).
  const name = dialog.getByLabel("Name");
  await expect(name).toBeFocused();

  const customer = `Kim ${Math.random().toString(36).slice(2, 7)} Keys`;
  await page.keyboard.type(customer);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await page.keyboard.type("kim@example.com");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Phone")).toBeFocused();
  await page.keyboard.type("555-0123");
  // Back up one field and fix the e-mail address.
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("kim.keys@example.com");

  await tabTo(page, dialog.getByLabel("City"));
  await page.keyboard.type("Austin");
  await tabTo(page, dialog.getByRole("button", { name: "Add Customer" }));
  await page.keyboard.press("Space");

  await expect(page).toHaveURL(/\/app\/customers$/);
  const row = page.getByTestId("customers-table").getByRole("row").filter({ hasText: customer });
  await expect(row).toBeVisible();
  await expect(row.getByRole("link", { name: `Email ${customer}` })).toHaveAttribute("href", "mailto:kim.keys@example.com");
  await expect(row).toContainText("Austin");
});

test("adding and removing an estimate's lines from the keyboard; with JavaScript the focus keeps its place", async ({
  page,
}, testInfo) => {
  // Without JavaScript each button sends the form to the server, which answers it with the lines
  // changed: the lines are checked both ways, where the focus goes only with JavaScript.
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  await registerViaApi(page.request);
  expect((await page.request.post("/api/customers", { data: { name: "Ana Ruiz" } })).status()).toBe(201);
  await page.goto("/app/estimates/new");
  if (javaScript) await hydrated(page);
  const dialog = page.getByRole("dialog");
  const addItem = dialog.getByRole("button", { name: "Add item" });
  const description = (line: number) => dialog.getByLabel(`Line ${line} description`);
  const press = async (button: Locator, key: "Enter" | "Space") => {
    await button.focus();
    await page.keyboard.press(key);
  };

  // "Add item": the new line's description takes the focus, ready to type.
  await press(addItem, "Enter");
  await expect(description(2)).toBeVisible();
  if (javaScript) await expect(description(2), await focused(page)).toBeFocused();
  await description(2).fill("Breaker");
  await press(addItem, "Space");
  await expect(description(3)).toBeVisible();
  if (javaScript) await expect(description(3), await focused(page)).toBeFocused();
  await description(3).fill("Wire");

  // Removing line 2: the line that took its place (Wire) has the focus.
  await press(dialog.getByRole("button", { name: "Remove line 2" }), "Enter");
  await expect(dialog.getByTestId("line-item")).toHaveCount(2);
  await expect(description(2)).toHaveValue("Wire");
  if (javaScript) await expect(description(2), await focused(page)).toBeFocused();
  // Removing the last line: the line before it.
  await press(dialog.getByRole("button", { name: "Remove line 2" }), "Enter");
  await expect(dialog.getByTestId("line-item")).toHaveCount(1);
  if (javaScript) await expect(description(1), await focused(page)).toBeFocused();
});

test("on a phone the menu opens from the keyboard, and closed it keeps the Tab key out", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  await page.setViewportSize({ width: 360, height: 740 });
  await registerViaApi(page.request);
  await page.goto("/app");
  if (javaScript) await hydrated(page);
  const aside = page.locator("#navigation");
  const menu = page.getByRole("button", { name: "Menu" });

  // Closed, the sidebar's links are skipped: after the skip link comes the Menu button.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu, `focus is on ${await focused(page)}`).toBeFocused();

  if (javaScript) {
    // Space presses it, the focus moves into the menu, Escape closes it and gives it back.
    await page.keyboard.press("Space");
    await expect(aside).toBeInViewport({ ratio: 0.9 });
    await expect(aside.getByRole("link", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(aside).not.toBeInViewport();
    await expect(menu).toBeFocused();
  }
  await page.keyboard.press("Enter");
  await expect(aside).toBeInViewport({ ratio: 0.9 });
  await tabTo(page, aside.getByRole("link", { name: "Customers", exact: true }), { max: 8 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/customers$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Customers/);
});
