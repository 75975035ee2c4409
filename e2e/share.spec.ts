import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { openEstimate, registerViaApi, toast } from "./utils";

// Sending an estimate and the customer's shared page, with JavaScript on and off: the
// e-mail (the e2e server has no SMTP_URL, so it lands in data/outbox/), the share link,
// the customer approving or declining in a browser with no session, and what the
// contractor sees afterwards (status, who answered, the notification in the bell).

const LINES = [
  { description: "Main panel upgrade, 200A", quantity: "1", unitPrice: "1850.00" },
  { description: "Dedicated 20A circuit", quantity: "2.5", unitPrice: "125.50" },
];
// 1,850.00 + 313.75 = 2,163.75; tax 8.25% = 178.51; total 2,342.26.
const TOTAL = "$2,342.26";

async function setUp(page: Page, options: { email?: string | null; validUntil?: string | null } = {}) {
  await registerViaApi(page.request);
  const tag = Math.random().toString(36).slice(2, 7);
  const email = options.email === undefined ? "ana@example.com" : options.email;
  const customerResponse = await page.request.post("/api/customers", {
    data: { name: `Ana ${tag} Ruiz`, ...(email ? { email } : {}) },
  });
  expect(customerResponse.status(), await customerResponse.text()).toBe(201);
  const customer = (await customerResponse.json()) as { id: string; name: string };
  const estimateResponse = await page.request.post("/api/estimates", {
    data: {
      customerId: customer.id,
      title: `Kitchen rewire ${tag}`,
      status: "pending",
      validUntil: options.validUntil ?? null,
      items: LINES,
    },
  });
  expect(estimateResponse.status(), await estimateResponse.text()).toBe(201);
  const estimate = (await estimateResponse.json()) as { id: string; estimateNumber: string; title: string };
  return { customer, estimate };
}

async function apiShareLink(page: Page, estimateId: string) {
  const response = await page.request.post(`/api/estimates/${estimateId}/share`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { shareableLink: string }).shareableLink;
}

/** A browser of the customer's own: no cookies, the project's JavaScript setting. */
async function customerBrowser(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
  });
  return { context, page, errors };
}

function estimateRow(page: Page, number: string) {
  return page.getByTestId("estimates-table").getByRole("row").filter({ hasText: number });
}

function notificationRow(page: Page, text: string) {
  return page.getByTestId("notification-list").getByRole("listitem").filter({ hasText: text });
}

test("send an estimate, share it, the customer approves it; status, signature and bell for the contractor", async ({
  page,
  browser,
  context,
}, testInfo) => {
  test.slow();
  const javaScript = testInfo.project.name === "js";
  if (javaScript) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { customer, estimate } = await setUp(page);

  // Send, with a confirm step; without SMTP_URL the message goes to data/outbox/.
  await page.goto("/app/estimates");
  const row = estimateRow(page, estimate.estimateNumber);
  await (await openEstimate(row)).getByRole("link", { name: `Send ${estimate.estimateNumber} by email` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/estimates/${estimate.id}/send$`));
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(
    `Send ${estimate.estimateNumber} (${estimate.title}) to ${customer.name} at ana@example.com?`,
  );
  await expect(dialog.getByTestId("outbox-note")).toContainText("data/outbox/");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/estimates$/);
  await expect(toast(page)).toContainText("Estimate sent");
  await expect(toast(page)).toContainText(/the email from .+ to ana@example\.com was saved to data\/outbox\/\S+\.eml/);
  await expect(row.getByTestId("share-status")).toHaveText("Link not viewed yet");

  // Share link: copied with JavaScript, shown on a page to copy without it.
  await (await openEstimate(row)).getByRole("link", { name: `Share link · ${estimate.estimateNumber}` }).click();
  let link: string;
  if (javaScript) {
    await expect(toast(page)).toContainText("Share link copied");
    link = await page.evaluate(() => navigator.clipboard.readText());
    await expect(toast(page)).toContainText(link);
  } else {
    await expect(page).toHaveURL(new RegExp(`/app/estimates/${estimate.id}/share$`));
    link = await page.getByRole("dialog").getByLabel(`Link to ${estimate.estimateNumber}`).inputValue();
  }
  expect(link).toMatch(new RegExp(`^${testInfo.project.use.baseURL}/e/[A-Za-z0-9_-]{43}$`));
  expect(await apiShareLink(page, estimate.id)).toBe(link);

  // The customer, in a browser of their own with no session.
  const customerSide = await customerBrowser(browser, testInfo);
  const response = await customerSide.page.goto(link);
  expect(response!.status()).toBe(200);
  expect(response!.headers()["cache-control"]).toBe("private, no-store");
  expect(response!.headers()["set-cookie"]).toBeUndefined();
  await expect(customerSide.page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(customerSide.page).toHaveTitle(`Estimate ${estimate.estimateNumber} from Your Trade Company`);
  await expect(customerSide.page.getByTestId("share-company")).toHaveText("Your Trade Company");
  await expect(customerSide.page.getByTestId("share-total")).toHaveText(TOTAL);
  await expect(customerSide.page.getByTestId("document")).toContainText(customer.name);
  await expect(customerSide.page.getByTestId("document-items").getByRole("row")).toHaveCount(3);
  await expect(customerSide.page.getByTestId("document")).toContainText("Valid until 30 days from date.");
  await expect(customerSide.page.getByRole("link", { name: "Call (555) 123-4567" })).toHaveAttribute("href", "tel:5551234567");
  await expect(customerSide.page.locator("#navigation")).toHaveCount(0);

  // The PDF, from the customer's page.
  const [download] = await Promise.all([
    customerSide.page.waitForEvent("download"),
    customerSide.page.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${estimate.estimateNumber}.pdf`);
  const pdf = await customerSide.context.request.get(`${link}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Approve with a typed signature.
  const approve = customerSide.page.getByRole("region", { name: "Approve this estimate" });
  await approve.getByLabel("Full name (signature)").fill("Ana Ruiz");
  await approve.getByLabel("Message (optional)").fill("Please start Monday.");
  await approve.getByRole("button", { name: "Approve estimate" }).click();
  await expect(customerSide.page.getByTestId("share-message")).toContainText("Approved by Ana Ruiz on ");
  await expect(customerSide.page.getByTestId("share-message")).toContainText("Message: Please start Monday.");
  await expect(customerSide.page.getByTestId("share-state")).toHaveText("Approved");
  // The estimate itself now carries the signature on its acceptance line.
  await expect(customerSide.page.getByTestId("document-acceptance")).toContainText("Ana Ruiz");
  await expect(customerSide.page.getByRole("button", { name: "Approve estimate" })).toHaveCount(0);
  await expect(customerSide.page.getByRole("button", { name: "Decline estimate" })).toHaveCount(0);
  expect(await customerSide.context.cookies()).toEqual([]);
  expect(customerSide.errors).toEqual([]);

  // The contractor sees the new status and who signed.
  await page.goto("/app/estimates");
  await expect(row.getByTestId("estimate-status")).toHaveText("Approved");
  await expect(row.getByTestId("estimate-answer")).toHaveText("Signed by Ana Ruiz");
  await expect(row.getByTestId("share-status")).toHaveText(/^Link viewed (once|\d+ times)$/);
  await expect(
    (await openEstimate(row)).getByRole("button", { name: `Create Invoice · ${estimate.estimateNumber}` }),
  ).toBeVisible();
  await page.goto("/app/estimates");
  await row.getByTestId("share-status").click();
  await expect(page).toHaveURL(new RegExp(`/app/estimates/${estimate.id}/share$`));
  const activity = page.getByRole("dialog").getByTestId("share-activity");
  await expect(activity.getByTestId("share-decision")).toContainText("Approved by Ana Ruiz on ");
  await expect(activity.getByTestId("share-views")).toHaveText(/^Viewed \d+ times?$/);
  await expect(activity.getByTestId("share-response")).toHaveText("Please start Monday.");

  // ...and the notification in the bell, which can be marked read.
  await page.goto("/app");
  await expect(page.getByTestId("unread-badge")).toBeVisible();
  await page.getByRole(javaScript ? "button" : "link", { name: /^Notifications \(\d+\+?\)$/ }).click();
  if (!javaScript) await expect(page).toHaveURL(/\/app\/notifications$/);
  const notification = notificationRow(page, estimate.estimateNumber);
  await expect(notification).toContainText("Estimate approved");
  await expect(notification).toContainText(
    `${customer.name} approved ${estimate.estimateNumber} (${estimate.title}), signed Ana Ruiz: ${TOTAL}`,
  );
  await expect(notification).toHaveAttribute("data-read", "false");
  await notification.getByRole("button", { name: "Mark as read" }).click();
  await expect(notificationRow(page, estimate.estimateNumber)).toHaveAttribute("data-read", "true");

  // Revoking the link: the customer's old link is a plain 404 from now on.
  await page.goto(`/app/estimates/${estimate.id}/share`);
  await page.getByRole("dialog").getByRole("button", { name: "Revoke link" }).click();
  await expect(toast(page)).toContainText("Share link revoked");
  await expect(page.getByRole("dialog")).toContainText("There is no share link for this estimate.");
  const gone = await customerSide.page.goto(link);
  expect(gone!.status()).toBe(404);
  await expect(customerSide.page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(customerSide.page.locator("body")).not.toContainText("Your Trade Company");
  expect((await customerSide.context.request.get(`${link}/pdf`)).status()).toBe(404);
  await customerSide.context.close();
});

test("the customer declines with a reason; a second answer is refused", async ({ page, browser }, testInfo) => {
  const { customer, estimate } = await setUp(page);
  const link = await apiShareLink(page, estimate.id);

  const customerSide = await customerBrowser(browser, testInfo);
  await customerSide.page.goto(link);
  const decline = customerSide.page.getByRole("region", { name: "Decline this estimate" });
  await decline.getByLabel("Reason (optional)").fill("Too expensive for now.");
  await decline.getByRole("button", { name: "Decline estimate" }).click();
  await expect(customerSide.page.getByTestId("share-message")).toContainText("This estimate was declined on ");
  await expect(customerSide.page.getByTestId("share-message")).toContainText("Reason: Too expensive for now.");
  await expect(customerSide.page.getByTestId("share-state")).toHaveText("Declined");
  await expect(customerSide.page.getByRole("button", { name: "Approve estimate" })).toHaveCount(0);

  // A stale page (or a second person) answering again is told so, and nothing changes.
  const again = await customerSide.context.request.post(link, { form: { intent: "approve", signature: "Someone Else" } });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain("This estimate has already been answered, so your response was not recorded.");
  expect(customerSide.errors).toEqual([]);
  await customerSide.context.close();

  await page.goto("/app/estimates");
  const row = estimateRow(page, estimate.estimateNumber);
  await expect(row.getByTestId("estimate-status")).toHaveText("Rejected");
  await expect(row.getByTestId("estimate-answer")).toHaveText("Declined by the customer");
  await page.goto("/app/notifications");
  const notification = notificationRow(page, estimate.estimateNumber);
  await expect(notification).toContainText("Estimate declined");
  await expect(notification).toContainText(
    `${customer.name} declined ${estimate.estimateNumber} (${estimate.title}). Reason: Too expensive for now.`,
  );
  await notification.getByRole("button", { name: "Mark as read" }).click();
  await expect(notificationRow(page, estimate.estimateNumber)).toHaveAttribute("data-read", "true");
});

test("without a customer e-mail, Send is disabled with its reason; the link can still be shared", async ({ page }) => {
  const { estimate } = await setUp(page, { email: null });
  await page.goto("/app/estimates");
  const row = estimateRow(page, estimate.estimateNumber);
  const estimatePage = await openEstimate(row);
  await expect(estimatePage.getByRole("link", { name: `Send ${estimate.estimateNumber} by email` })).toHaveCount(0);
  const disabled = estimatePage.getByTestId("send-disabled");
  await expect(disabled).toHaveAttribute("title", "Customer email required");
  await expect(disabled).toHaveAttribute("aria-disabled", "true");
  await page.goto(`/app/estimates/${estimate.id}/send`);
  await expect(page.getByRole("dialog")).toContainText("Customer email required");
  await expect(page.getByRole("dialog").getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
  const api = await page.request.post(`/api/estimates/${estimate.id}/send`);
  expect(api.status()).toBe(400);
  expect(await api.json()).toEqual({ message: "Customer email required" });

  // It can still be shared: the share page offers to create the link, then shows it.
  await page.goto(`/app/estimates/${estimate.id}/share`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("There is no share link for this estimate.");
  await dialog.getByRole("button", { name: "Create share link" }).click();
  await expect(dialog.getByLabel(`Link to ${estimate.estimateNumber}`)).toHaveValue(/\/e\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByTestId("share-views")).toHaveText("Not viewed yet");
  expect(await apiShareLink(page, estimate.id)).toBe(await dialog.getByLabel(`Link to ${estimate.estimateNumber}`).inputValue());
});

test("an expired estimate offers no decision; a wrong link is a plain 404", async ({ page, browser }, testInfo) => {
  const { estimate } = await setUp(page, { validUntil: "2020-01-31" });
  // The contractor's list says so too, as the customer's page does.
  await page.goto(`/app/estimates?q=${estimate.estimateNumber}`);
  await expect(
    page.getByTestId("estimate-row").filter({ hasText: estimate.estimateNumber }).getByTestId("estimate-status"),
  ).toHaveText("Expired");
  const link = await apiShareLink(page, estimate.id);
  const customerSide = await customerBrowser(browser, testInfo);
  await customerSide.page.goto(link);
  await expect(customerSide.page.getByTestId("share-state")).toHaveText("Expired");
  await expect(customerSide.page.getByTestId("share-message")).toContainText(
    "This estimate expired on Jan 31, 2020 and can no longer be approved. Please contact Your Trade Company for an updated estimate.",
  );
  await expect(customerSide.page.getByRole("button", { name: "Approve estimate" })).toHaveCount(0);
  await expect(customerSide.page.getByRole("link", { name: "Download PDF" })).toBeVisible();
  const refused = await customerSide.context.request.post(link, { form: { intent: "approve", signature: "Ana Ruiz" } });
  expect(refused.status()).toBe(409);

  const wrong = await customerSide.page.goto(`${link.slice(0, -4)}AAAA`);
  expect(wrong!.status()).toBe(404);
  await expect(customerSide.page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(customerSide.page.locator("body")).not.toContainText("Your Trade Company");
  await customerSide.context.close();
});

test("an expired estimate is not sent: the dialog says why and leads to its date; a later date sends it", async ({ page }) => {
  const { estimate } = await setUp(page, { validUntil: "2020-01-31" });
  await page.goto(`/app/estimates?q=${estimate.estimateNumber}`);
  const row = estimateRow(page, estimate.estimateNumber);
  await (await openEstimate(row)).getByRole("link", { name: `Send ${estimate.estimateNumber} by email` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("alert")).toContainText("This estimate has expired");
  await expect(dialog.getByRole("alert")).toContainText("Its last valid day was Jan 31, 2020");
  await expect(dialog.getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
  // A POST anyway (a form kept open since before it expired) sends nothing.
  const refused = await page.request.post(`/api/estimates/${estimate.id}/send`);
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ message: "Estimate expired on 2020-01-31: set a later validUntil to send it" });

  await dialog.getByRole("link", { name: "Change the date" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/estimates/${estimate.id}/edit\\?q=`));
  const editor = page.getByRole("dialog");
  await editor.getByLabel("Valid until").fill("2099-12-31");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Estimate updated");
  await expect(row.getByTestId("estimate-status")).toHaveText("Pending");

  await (await openEstimate(row)).getByRole("link", { name: `Send ${estimate.estimateNumber} by email` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send", exact: true }).click();
  await expect(toast(page)).toContainText("Estimate sent");
});

test("a Spanish estimate page reads in Spanish for an English-speaking visitor, with its script running", async ({
  page,
  browser,
}, testInfo) => {
  const { estimate } = await setUp(page);
  await page.goto("/app/settings");
  await page.getByLabel("Document Language").selectOption("es");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toContainText("Settings saved");
  const link = await apiShareLink(page, estimate.id);

  // The visitor's browser asks for English; the page speaks the account's document language,
  // and with JavaScript on it hydrates with the Spanish dictionary (no raw keys, no errors).
  const customer = await customerBrowser(browser, testInfo);
  await customer.page.goto(new URL(link).pathname);
  await expect(customer.page.locator("html")).toHaveAttribute("lang", "en");
  await expect(customer.page.getByRole("button", { name: "Aprobar presupuesto" })).toBeVisible();
  await expect(customer.page.locator("body")).not.toContainText("share.page.");
  expect(customer.errors).toEqual([]);
  await customer.context.close();
});
