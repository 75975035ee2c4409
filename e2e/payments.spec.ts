import { expect, test, type Page } from "@playwright/test";
import { invoiceViaApi, toast, visible, rowAction } from "./utils";

// The payments ledger as a contractor uses it, with JavaScript on and off: a deposit by
// check, a refused overpayment, the rest of the balance, deleting a payment; and in Spanish.

const row = (page: Page, number: string) => page.getByTestId("invoices-table").getByRole("row").filter({ hasText: number });

test("record a deposit, refuse more than the balance, pay the rest, delete a payment", async ({ page }) => {
  const invoice = await invoiceViaApi(page);
  expect(invoice.total).toBe("1082.50");
  await page.goto("/app/invoices");
  await (await rowAction(row(page, invoice.invoiceNumber), "link", `Payments of ${invoice.invoiceNumber}`)).click();
  await expect(page).toHaveURL(new RegExp(`/app/invoices/${invoice.id}/payments`));
  await expect(page.getByTestId("balance-due")).toHaveText("$1,082.50");
  await expect(page.getByText("No payments recorded yet.")).toBeVisible();

  await page.getByLabel("Amount").fill("500");
  await page.getByLabel("Method").selectOption({ label: "check" });
  await page.getByLabel("Reference").fill("1042");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(page)).toContainText("Payment recorded");
  await expect(page).toHaveURL(/\/app\/invoices$/);
  await expect(row(page, invoice.invoiceNumber).getByTestId("invoice-partial")).toHaveText("Partially paid");
  await expect(row(page, invoice.invoiceNumber).getByTestId("invoice-balance")).toHaveText("Balance due $582.50");

  // More than is left: refused, nothing recorded.
  await (await rowAction(row(page, invoice.invoiceNumber), "link", `Payments of ${invoice.invoiceNumber}`)).click();
  await expect(page.getByTestId("balance-due")).toHaveText("$582.50");
  await page.getByLabel("Amount").fill("600");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("The payment is more than the balance due")).toBeVisible();
  await expect(page.getByTestId("balance-due")).toHaveText("$582.50");

  // The rest: the amount offered is the balance.
  await page.getByLabel("Amount").fill("582.50");
  await page.getByLabel("Method").selectOption({ label: "cash" });
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(page)).toContainText("Payment recorded");
  await expect(row(page, invoice.invoiceNumber).getByTestId("invoice-status")).toHaveText("Paid");
  await expect(row(page, invoice.invoiceNumber).getByTestId("invoice-balance")).toHaveCount(0);

  // Deleting the cash payment opens the balance again.
  await (await rowAction(row(page, invoice.invoiceNumber), "link", `Payments of ${invoice.invoiceNumber}`)).click();
  const payments = page.getByRole("list", { name: "Payments" });
  await expect(payments.getByRole("listitem")).toHaveCount(2);
  const cash = payments.getByRole("listitem").filter({ hasText: "cash" });
  await cash.getByText("Delete", { exact: true }).first().click();
  await cash.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Payment deleted");
  await expect(page.getByTestId("balance-due")).toHaveText("$582.50");
  await expect(payments.getByRole("listitem")).toHaveCount(1);

  const api = (await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as {
    status: string;
    amountPaid: string;
    balance: string;
  };
  expect(api).toMatchObject({ status: "pending", amountPaid: "500.00", balance: "582.50" });
});

test("in Spanish: the dialog and the list speak Spanish", async ({ page }) => {
  const invoice = await invoiceViaApi(page);
  await page.goto("/app/invoices");
  await visible(page.getByRole("button", { name: "ES", exact: true })).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await (await rowAction(row(page, invoice.invoiceNumber), "link", `Pagos de ${invoice.invoiceNumber}`)).click();
  await expect(page.getByText("Saldo pendiente")).toBeVisible();
  await page.getByLabel("Importe").fill("82,50");
  await page.getByRole("button", { name: "Registrar pago" }).click();
  await expect(page.getByText("El importe debe ser un número como 125.50")).toBeVisible();
  await page.getByLabel("Importe").fill("82.50");
  await page.getByLabel("Forma de pago").selectOption({ label: "transferencia bancaria" });
  await page.getByRole("button", { name: "Registrar pago" }).click();
  await expect(toast(page)).toContainText("Pago registrado");
  await expect(row(page, invoice.invoiceNumber).getByTestId("invoice-partial")).toHaveText("Pagada en parte");
  await expect(row(page, invoice.invoiceNumber).getByTestId("invoice-balance")).toHaveText("Saldo pendiente $1,000.00");
});

test("send the invoice, share its link, the customer sees the balance go down to paid", async ({ page, browser }, testInfo) => {
  const invoice = await invoiceViaApi(page);
  await page.goto("/app/invoices");
  // Send, with a confirm step; without SMTP_URL the message goes to data/outbox/.
  await (await rowAction(row(page, invoice.invoiceNumber), "link", `Send ${invoice.invoiceNumber} by email`)).click();
  await expect(page.getByRole("dialog")).toContainText(`to Rosa`);
  await expect(page.getByRole("dialog")).toContainText("rosa@example.com");
  await page.getByRole("dialog").getByRole("button", { name: "Send", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/invoices$/);
  await expect(toast(page)).toContainText("Invoice sent");
  await expect(toast(page)).toContainText(/to rosa@example\.com was saved to data\/outbox\/\S+\.eml/);

  await (await rowAction(row(page, invoice.invoiceNumber), "link", `Share link · ${invoice.invoiceNumber}`)).click();
  // Sending made the link the e-mail carries: the dialog shows it.
  const url = await page.getByTestId("share-url").inputValue();
  expect(url).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);

  // The customer opens it in a browser of their own, signed in to nothing.
  const customer = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js" });
  const customerPage = await customer.newPage();
  await customerPage.goto(url);
  await expect(customerPage.getByTestId("share-balance")).toHaveText("$1,082.50");
  await expect(customerPage.getByTestId("share-state")).toHaveText("Awaiting payment");
  await expect(customerPage.getByRole("button", { name: /Pay .* now by card/ })).toHaveCount(0);
  await expect(customerPage.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", /\/i\/.+\/pdf$/);

  // The contractor records a deposit: the customer sees what is left.
  await page.goto(`/app/invoices/${invoice.id}/payments`);
  await page.getByLabel("Amount").fill("300");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(page)).toContainText("Payment recorded");
  await customerPage.reload();
  await expect(customerPage.getByTestId("share-balance")).toHaveText("$782.50");
  await expect(customerPage.getByTestId("share-paid")).toHaveText("$300.00");
  // The invoice itself, below, ends on the same balance.
  await expect(customerPage.getByTestId("document-totals")).toContainText("Paid$300.00");
  await expect(customerPage.getByTestId("document-balance")).toHaveText("$782.50");
  await expect(customerPage.getByRole("heading", { name: "Payments received" })).toBeVisible();

  // And the rest: paid everywhere.
  await page.goto(`/app/invoices/${invoice.id}/payments`);
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(page)).toContainText("Payment recorded");
  await expect(row(page, invoice.invoiceNumber).getByTestId("invoice-status")).toHaveText("Paid");
  await customerPage.reload();
  await expect(customerPage.getByTestId("share-balance")).toHaveText("$0.00");
  await expect(customerPage.getByTestId("share-message")).toHaveText("Paid in full. Thank you!");
  await expect(customerPage.getByTestId("share-state")).toHaveText("Paid");
  await customer.close();
});
