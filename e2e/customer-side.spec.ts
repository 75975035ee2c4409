import { rmSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import en from "../app/locales/en";
import es from "../app/locales/es";
import { startSmtpServer } from "../test/smtp-server";
import { startStripeServer } from "../test/stripe-server";
import { spawnAppServer, waitHealthy, type AppServer } from "./app-server";
import { registerViaUi, rowAction, toast } from "./utils";

// The customer's side, from the first request to the last payment, on a 360 px phone: a
// visitor asks for work on the contractor's public page; the contractor makes a customer and an
// estimate of it and e-mails the customer their hub link; the customer opens the hub from the
// e-mail, approves the estimate, pays its invoice with Pay all on the card page, asks for more
// work and updates their phone; the contractor sees the payment, the request and the change.
//
// Card payments need Stripe: this spec runs its own server of the app (E2E_PORT + 20 and up, one per worker) with the
// Stripe stand-in of test/stripe-server.ts, whose hosted checkout page delivers a signed
// webhook to the app, and a loopback mail server that receives the hub link. With JavaScript
// (the `js` project) the account speaks English; without it (`nojs`), Spanish: every word the
// test reads or clicks comes from the app's dictionaries.

const PHONE = { width: 360, height: 740 };
const WEBHOOK_SECRET = "whsec_e2e_customer_side_0123456789";

type Dictionary = typeof en;

/** The dictionary's text at `key`, its {{placeholders}} filled; a missing key fails the test. */
function say(dictionary: Dictionary, key: string, values: Record<string, string> = {}): string {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);
  if (typeof text !== "string") throw new Error(`No text at ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let app: AppServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let stripe: Awaited<ReturnType<typeof startStripeServer>>;
const databaseFile = `data/e2e-customer-side-${process.pid}-${Date.now()}.db`;

// eslint-disable-next-line no-empty-pattern -- Playwright wants the fixtures object destructured
test.beforeAll(async ({}, workerInfo) => {
  // One server per worker (the js and nojs projects may run at once): E2E_PORT + 20, + 21, …
  const port = Number(process.env.E2E_PORT ?? 3210) + 20 + workerInfo.parallelIndex;
  smtp = await startSmtpServer();
  stripe = await startStripeServer({ webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`, webhookSecret: WEBHOOK_SECRET });
  app = spawnAppServer("customer-side", port, {
    DATABASE_URL: `file:./${databaseFile}`,
    SESSION_SECRET: "customer-side-secret-customer-side-secret",
    SMTP_URL: smtp.url,
    STRIPE_SECRET_KEY: "sk_test_customer_side",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  await waitHealthy(app);
});

test.afterAll(async () => {
  await app?.stop();
  await stripe?.close();
  await smtp?.close();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${databaseFile}${suffix}`, { force: true });
});

/** A phone of its own (no cookies), on this spec's server, with the project's JavaScript setting. */
async function phone(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: app.url, viewport: PHONE, javaScriptEnabled, locale: "en-US" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // A refused form (400) is an answer the test expects.
    if (message.type() === "error" && !/status of 400/.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The hub link of the last e-mail to `address` (quoted-printable soft breaks undone). */
async function hubLinkMailedTo(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = smtp.received.filter((received) => received.to.includes(address)).at(-1);
      link = mail?.raw
        .toString("utf8")
        .replace(/=\r?\n/g, "")
        .match(/https?:\/\/[^\s"<>]+\/c\/[A-Za-z0-9_-]{43}/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

test("a visitor's request becomes a customer and an estimate; from the hub link the customer approves, pays all and updates their phone", async ({
  browser,
}, testInfo) => {
  test.slow();
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const language = javaScript ? "en" : "es";
  const words = language === "es" ? (es as unknown as Dictionary) : en;
  const t = (key: string, values?: Record<string, string>) => say(words, key, values);
  const tag = Math.random().toString(36).slice(2, 7);
  const company = `Volt ${tag}`;
  const customerName = `Ana ${tag} Ruiz`;
  const customerEmail = `ana-${tag}@example.com`;

  // The contractor registers and names the company; the account speaks the test's language.
  const contractor = await phone(browser, javaScript);
  const office = contractor.page;
  await registerViaUi(office);
  await office.goto("/app/settings");
  await office.getByLabel("Company Name").fill(company);
  await office.getByLabel("Application Language").selectOption(language);
  await office.getByLabel("Document Language").selectOption(language);
  await office.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(office)).toContainText(t("settings.saved"));

  // Saving Settings made the public request page.
  await office.goto("/app/settings/requests");
  const address = await office.getByTestId("request-page-address").textContent();
  const slug = address?.match(/\/request\/([a-z0-9-]+)/)?.[1];
  expect(slug, address ?? "").toBeTruthy();

  // A visitor asks for work on it, from their phone.
  const customer = await phone(browser, javaScript);
  const visitor = customer.page;
  await visitor.goto(`/request/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(t("requests.form.title", { company }));
  await visitor.getByLabel(t("requests.form.name")).fill(customerName);
  await visitor.getByLabel(t("requests.form.phone")).fill("555-0111");
  await visitor.getByLabel(t("requests.form.email")).fill(customerEmail);
  await visitor.getByLabel(t("requests.form.description")).fill("The panel buzzes");
  await visitor.getByRole("button", { name: t("requests.form.send") }).click();
  await expect(visitor).toHaveURL(/\?sent=1$/);
  await expect(visitor.getByTestId("request-sent")).toHaveText(t("requests.form.thanks", { company }));
  await expectNoSidewaysScroll(visitor);

  // The contractor makes a customer of it, then an estimate, and prices the line.
  await office.goto("/app/requests?status=new");
  const row = office.getByTestId("request-row").filter({ hasText: customerName });
  const open = t("requests.openAction", { name: customerName });
  await (await rowAction(row, "link", open)).click();
  await office
    .getByRole("dialog")
    .getByRole("button", { name: t("requests.detail.createCustomer") })
    .click();
  await expect(office).toHaveURL(/\/app\/customers\/[^/]+\/edit$/);
  const customerId = office.url().match(/\/app\/customers\/([^/]+)\/edit$/)![1]!;
  await office.goto("/app/requests");
  await (await rowAction(office.getByTestId("request-row").filter({ hasText: customerName }), "link", open)).click();
  await office
    .getByRole("dialog")
    .getByRole("button", { name: t("requests.detail.createEstimate") })
    .click();
  await expect(office).toHaveURL(/\/app\/estimates\/[^/]+\/edit$/);
  const estimateId = office.url().match(/\/app\/estimates\/([^/]+)\/edit$/)![1]!;
  const editor = office.getByRole("dialog");
  await editor.getByLabel(t("estimates.lineUnitPrice", { line: "1" })).fill("1200.00");
  await editor.getByRole("button", { name: t("list.save"), exact: true }).click();
  await expect(office).toHaveURL(/\/app\/estimates/);
  await expect(office.getByRole("dialog")).toHaveCount(0);

  // … and e-mails the customer their hub link.
  await office.goto(`/app/customers/${customerId}/edit`);
  await office.getByRole("link", { name: t("hub.app.openAria", { name: customerName }) }).click();
  await office
    .getByRole("dialog")
    .getByRole("button", { name: t("hub.app.send") })
    .click();
  await expect(toast(office)).toContainText(t("hub.app.sent"));
  const link = await hubLinkMailedTo(customerEmail);
  expect(link.startsWith(`${app.url}/c/`)).toBe(true);

  // The customer opens the hub from the e-mail, opens the estimate and approves it.
  const hub = visitor;
  await hub.goto(link);
  await expect(hub.getByTestId("hub-company")).toHaveText(company);
  await expect(hub.getByText(t("hub.greeting", { name: customerName }))).toBeVisible();
  const estimates = hub.getByTestId("hub-estimates");
  await expect(estimates.getByTestId("hub-estimate")).toHaveCount(1);
  await expect(estimates).toContainText(t("hub.estimateStates.pending"));
  await estimates.getByRole("button", { name: new RegExp(escape(t("hub.openEstimate", { number: "" }))) }).click();
  await expect(hub).toHaveURL(/\/e\/[A-Za-z0-9_-]{43}$/);
  const approve = hub.getByRole("region", { name: t("share.page.approveHeading") });
  await approve.getByLabel(t("share.page.signature")).fill(customerName);
  await approve.getByRole("button", { name: t("share.page.approve") }).click();
  await expect(hub.getByTestId("share-state")).toHaveText(t("share.page.statuses.approved"));

  // The contractor invoices the approved estimate.
  const invoiced = await office.request.post(`/api/invoices/from-estimate/${estimateId}`);
  expect(invoiced.status(), await invoiced.text()).toBe(201);

  // Back on the hub: the balance, and Pay all by card on the (stand-in) Stripe page.
  await hub.goto(link);
  await expect(estimates).toContainText(t("hub.estimateStates.approved"));
  const balance = (await hub.getByTestId("hub-balance").textContent())!.trim();
  expect(balance).toMatch(/1[.,]?2\d\d[.,]\d\d/);
  await expectNoSidewaysScroll(hub);
  await hub.getByRole("button", { name: t("hub.payAll.button", { amount: balance }) }).click();
  await expect(hub).toHaveURL(/\/pay\/cs_test_/);
  await expect(hub.getByTestId("checkout-name")).toHaveText(`${t("hub.payAll.item_one", { count: "1" })} · ${company}`);
  await hub.getByRole("button", { name: /^Pay / }).click();
  await expect(hub).toHaveURL(new RegExp(`/c/[A-Za-z0-9_-]{43}\\?payment=done$`));
  await expect(hub.getByTestId("share-message").first()).toHaveText(t("hub.payAll.done"));
  await hub.goto(link);
  await expect(hub.getByTestId("share-message").first()).toHaveText(t("hub.nothingDue"));
  await expect(hub.getByRole("button", { name: new RegExp(escape(t("hub.payAll.button", { amount: "" }))) })).toHaveCount(0);
  await expect(hub.getByTestId("hub-payments")).toContainText(balance);
  await expect(hub.getByTestId("hub-invoices")).toContainText(t("hub.invoiceStates.paid"));

  // Asks for more work from the hub: what they need is required.
  const ask = hub.getByRole("region", { name: t("hub.request.heading") });
  await ask.getByRole("button", { name: t("hub.request.send") }).click();
  if (!javaScript) await expect(ask.getByText(t("hub.request.descriptionRequired"))).toBeVisible();
  await ask.getByLabel(t("hub.request.description")).fill("A charger for the car");
  await ask.getByRole("button", { name: t("hub.request.send") }).click();
  await expect(hub).toHaveURL(/\?requested=1#hub-request$/);
  await expect(ask.getByTestId("share-message")).toHaveText(t("hub.request.sent", { company }));

  // The customer updates their phone.
  const details = hub.getByRole("region", { name: t("hub.detailsHeading") });
  await details.getByLabel(t("hub.fields.phone")).fill("555-0199");
  await details.getByRole("button", { name: t("hub.save") }).click();
  await expect(hub.getByTestId("share-message").last()).toHaveText(t("hub.saved"));
  await expectNoSidewaysScroll(hub);
  expect(customer.errors).toEqual([]);
  await customer.context.close();

  // The contractor sees the card payment and the new phone.
  await office.goto("/app/notifications");
  const list = office.getByTestId("notification-list");
  await expect(list).toContainText(t("notifications.events.paymentRecordedTitle"));
  await expect(list).toContainText(`${customerName}`);
  await expect(list).toContainText("555-0199");
  // The hub's request is the customer's already.
  await office.goto("/app/requests?status=new");
  await expect(office.getByTestId("request-row").filter({ hasText: "A charger for the car" })).toContainText(customerName);
  const invoices = await office.request.get("/api/invoices");
  expect(JSON.stringify(await invoices.json())).toContain('"status":"paid"');
  expect(contractor.errors).toEqual([]);
  await contractor.context.close();
});
