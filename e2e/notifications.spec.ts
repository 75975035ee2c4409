import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, registerViaApi, toast } from "./utils";

// playwright.config.ts sets INQUIRY_ACCOUNT_EMAIL: that account is notified of every
// /demo and /contact-sales request, a real event that creates a notification.
const INBOX = { name: "Inbox Owner", email: "inbox@tradedesk.test", password: PASSWORD };

async function signInAsInbox(page: Page) {
  // An address that has an account is answered as a new one, without a session (decision 011).
  const registered = await page.request.post("/api/auth/register", { data: INBOX });
  expect(registered.status()).toBe(201);
  if (!/td_session=/.test(registered.headers()["set-cookie"] ?? "")) {
    const login = await page.request.post("/api/auth/login", { data: { email: INBOX.email, password: INBOX.password } });
    expect(login.status()).toBe(200);
  }
}

async function requestDemo(page: Page, name: string) {
  const form = await page.request.post("/demo", {
    form: { name, email: `${name.replace(/\W/g, "").toLowerCase()}@example.com` },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(302);
}

function notificationRow(page: Page, name: string) {
  return page.getByTestId("notification-list").getByRole("listitem").filter({ hasText: name });
}

test.describe("notifications", () => {
  test("a demo request notifies the inbox account; it can be read and deleted", async ({ page }, testInfo) => {
    const name = `Prospect ${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;
    await signInAsInbox(page);
    await requestDemo(page, name);

    await page.goto("/app");
    await expect(page.getByTestId("unread-badge")).toBeVisible();
    const bell = page.getByRole(testInfo.project.name === "js" ? "button" : "link", { name: /^Notifications \(\d+\+?\)$/ });
    await bell.click();
    if (testInfo.project.name === "nojs") await expect(page).toHaveURL(/\/app\/notifications$/);

    const row = notificationRow(page, name);
    await expect(row).toContainText("New demo request");
    await expect(row).toContainText("Just now");
    await expect(row).toHaveAttribute("data-read", "false");
    await row.getByRole("button", { name: "Mark as read" }).click();
    await expect(notificationRow(page, name)).toHaveAttribute("data-read", "true");

    await page.goto("/app/notifications");
    await notificationRow(page, name).getByRole("button", { name: "Delete" }).click();
    await expect(notificationRow(page, name)).toHaveCount(0);
  });

  test("reading and deleting notifications from the keyboard; with JavaScript the focus keeps its place", async ({
    page,
  }, testInfo) => {
    // Without JavaScript each button loads the page again: the rows are checked both ways,
    // where the focus goes only with JavaScript.
    const javaScript = testInfo.project.name === "js";
    await registerViaApi(page.request);
    const customer = await (await page.request.post("/api/customers", { data: { name: "Paying Customer" } })).json();
    const numbers: string[] = [];
    for (const title of ["Panel upgrade", "Outlet repair"]) {
      const estimate = await (
        await page.request.post("/api/estimates", {
          data: {
            customerId: customer.id,
            title,
            status: "approved",
            items: [{ description: "Labor", quantity: "1", unitPrice: "95.00" }],
          },
        })
      ).json();
      const invoice = await (await page.request.post(`/api/invoices/from-estimate/${estimate.id}`)).json();
      expect((await page.request.put(`/api/invoices/${invoice.id}`, { data: { status: "paid" } })).status()).toBe(200);
      numbers.push(invoice.invoiceNumber);
    }
    await page.goto("/app/notifications");
    if (javaScript) await expect(page.getByTestId("notification-bell").getByRole("button")).toBeVisible();
    // Newest first: the second invoice's notification leads.
    const [first, second] = [notificationRow(page, numbers[1]), notificationRow(page, numbers[0])];
    await first.getByRole("button", { name: "Mark as read" }).focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("data-read", "true");
    await expect(second).toHaveAttribute("data-read", "false");
    if (javaScript) await expect(first.getByRole("button", { name: "Delete" })).toBeFocused();
    await first.getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveCount(0);
    await expect(second).toHaveCount(1);
    if (javaScript) await expect(second.getByRole("button", { name: "Mark as read" })).toBeFocused();
  });

  test("a paid invoice notifies its own account; mark all as read", async ({ page }) => {
    // A fresh account of its own, so no other test's notifications are marked read here.
    await registerViaApi(page.request);
    const customer = await (await page.request.post("/api/customers", { data: { name: "Paying Customer" } })).json();
    const estimate = await (
      await page.request.post("/api/estimates", {
        data: {
          customerId: customer.id,
          title: "Panel upgrade",
          status: "approved",
          validUntil: null,
          items: [{ description: "Labor", quantity: "2", unitPrice: "95.00" }],
        },
      })
    ).json();
    const invoice = await (await page.request.post(`/api/invoices/from-estimate/${estimate.id}`)).json();
    const paid = await page.request.put(`/api/invoices/${invoice.id}`, { data: { status: "paid" } });
    expect(paid.status(), await paid.text()).toBe(200);

    await page.goto("/app/notifications");
    const row = notificationRow(page, invoice.invoiceNumber);
    await expect(row).toContainText("Payment received");
    await expect(row).toHaveAttribute("data-read", "false");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(toast(page)).toContainText("All notifications marked as read");
    await expect(notificationRow(page, invoice.invoiceNumber)).toHaveAttribute("data-read", "true");
    await expect(page.getByTestId("unread-badge")).toHaveCount(0);
  });
});
