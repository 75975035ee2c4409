import { createClient } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { registerViaApi, toast, visible, rowAction } from "./utils";

// Deposits and late charges as a contractor and a customer use them, with JavaScript on and
// off: a deposit asked on an estimate, approved by the customer, recorded by hand, kept by the
// invoice; an overdue invoice gets one late charge a month (in Spanish).

async function customerAndEstimate(page: Page, status: "pending" | "approved") {
  await registerViaApi(page.request);
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await page.request.post("/api/customers", { data: { name: `Ana ${tag} Ruiz`, email: "ana@example.com" } });
  expect(customer.status(), await customer.text()).toBe(201);
  const { id: customerId } = (await customer.json()) as { id: string };
  const estimate = await page.request.post("/api/estimates", {
    data: {
      customerId,
      title: `Repipe ${tag}`,
      status,
      taxRate: "0",
      items: [{ description: "Repipe the house", quantity: "1", unitPrice: "1000.00" }],
    },
  });
  expect(estimate.status(), await estimate.text()).toBe(201);
  return (await estimate.json()) as { id: string; estimateNumber: string };
}

const invoiceRow = (page: Page, number: string) =>
  page.getByTestId("invoices-table").getByRole("row").filter({ hasText: number });

test("a deposit asked, approved by the customer, recorded, and kept by the invoice", async ({ page, browser }, testInfo) => {
  const estimate = await customerAndEstimate(page, "pending");
  // The contractor asks 25%.
  await page.goto(`/app/estimates/${estimate.id}/deposit`);
  await page.getByLabel("Ask for").selectOption({ label: "A percent of the total" });
  await page.getByLabel("Percent or amount").fill("25");
  await page.getByRole("button", { name: "Save deposit" }).click();
  await expect(toast(page)).toContainText("Deposit saved");
  await expect(page.getByTestId("deposit-asked")).toHaveText("$250.00");

  // The customer approves on the shared page and then sees the deposit.
  const share = await page.request.post(`/api/estimates/${estimate.id}/share`);
  const { shareableLink } = (await share.json()) as { shareableLink: string };
  const customer = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const customerPage = await customer.newPage();
  await customerPage.goto(shareableLink);
  await expect(customerPage.getByTestId("share-deposit")).toHaveCount(0);
  const approve = customerPage.getByRole("region", { name: "Approve this estimate" });
  await approve.getByLabel("Full name (signature)").fill("Ana Ruiz");
  await approve.getByRole("button", { name: "Approve estimate" }).click();
  await expect(customerPage.getByTestId("share-state")).toHaveText("Approved");
  await expect(customerPage.getByTestId("share-deposit-due")).toHaveText("$250.00");
  // No card payments on this server: no "Pay deposit" button.
  await expect(customerPage.getByRole("button", { name: /Pay deposit/ })).toHaveCount(0);

  // The contractor records the deposit by hand (the amount offered is the deposit due).
  await page.goto(`/app/estimates/${estimate.id}/deposit`);
  await page.getByLabel("Method").selectOption({ label: "check" });
  await page.getByLabel("Reference").fill("1042");
  await page.getByRole("button", { name: "Record deposit" }).click();
  await expect(toast(page)).toContainText("Deposit recorded");
  await expect(page.getByTestId("deposit-received")).toHaveText("$250.00");
  await customerPage.reload();
  await expect(customerPage.getByTestId("share-deposit-received")).toHaveText("$250.00");
  await expect(customerPage.getByTestId("share-deposit-due")).toHaveText("$0.00");
  await customer.close();

  // The printable preview shows it too.
  await page.goto(`/app/estimates/${estimate.id}/preview`);
  await expect(page.getByTestId("document-deposit-received")).toContainText("$250.00");

  // Converted, the invoice keeps the deposit as a payment already made.
  await page.goto(`/app/estimates/${estimate.id}/preview`);
  await page.getByRole("button", { name: `Create Invoice · ${estimate.estimateNumber}` }).click();
  await expect(toast(page)).toContainText("Invoice created");
  const invoices = (await (await page.request.get("/api/invoices")).json()) as {
    invoiceNumber: string;
    estimateId: string;
    amountPaid: string;
    balance: string;
  }[];
  const invoice = invoices.find((one) => one.estimateId === estimate.id)!;
  expect(invoice).toMatchObject({ amountPaid: "250.00", balance: "750.00" });
  await expect(invoiceRow(page, invoice.invoiceNumber).getByTestId("invoice-balance")).toHaveText("Balance due $750.00");
});

test("in Spanish: an overdue invoice gets one late charge a month, after confirming", async ({ page }) => {
  const estimate = await customerAndEstimate(page, "approved");
  const created = await page.request.post(`/api/invoices/from-estimate/${estimate.id}`);
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { id: string; invoiceNumber: string };
  // The suite's server keeps the real clock: the invoice is made 40 days overdue in its database file.
  const db = createClient({ url: `file:./${process.env.E2E_DATABASE_FILE}` });
  const due = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  await db.execute({ sql: "update invoices set due_date = ? where id = ?", args: [due, invoice.id] });
  db.close();

  await page.goto("/app/invoices");
  await visible(page.getByRole("button", { name: "ES", exact: true })).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const link = await rowAction(invoiceRow(page, invoice.invoiceNumber), "link", `Recargo por mora · ${invoice.invoiceNumber}`);
  await link.click();
  await expect(page.getByTestId("late-charge-accrued")).toHaveText("$15.00");
  await page.getByRole("button", { name: "Agregar recargo por mora" }).click();
  await expect(toast(page)).toContainText("Recargo por mora agregado");
  const api = (await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as { total: string; balance: string };
  expect(api).toMatchObject({ total: "1015.00", balance: "1015.00" });

  // A second try the same month is refused with a clear message, and nothing changes.
  await (await rowAction(invoiceRow(page, invoice.invoiceNumber), "link", `Recargo por mora · ${invoice.invoiceNumber}`)).click();
  await expect(page.getByTestId("late-charge-notice")).toContainText("ya se agregó");
  await expect(page.getByRole("button", { name: "Agregar recargo por mora" })).toHaveCount(0);
  const refused = await page.request.post(`/api/invoices/${invoice.id}/late-charge`);
  expect(refused.status()).toBe(409);
  const after = (await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as { total: string };
  expect(after.total).toBe("1015.00");
});
