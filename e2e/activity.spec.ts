import { expect, test, type Page } from "@playwright/test";
import { invoiceViaApi, openEstimate, rowAction, toast, visible } from "./utils";

// The activity of an invoice and an estimate, and the money figures, as a contractor sees
// them with JavaScript on and off: send an invoice, record a partial payment, open the
// invoice's activity (created, sent, the payment), and find the payment in the reports by
// method. In Spanish too.

/** An approved estimate of $1,082.50 (one $1,000.00 line, 8.25% tax) and its invoice. */
async function setUp(page: Page) {
  const invoice = await invoiceViaApi(page);
  return {
    estimate: { id: invoice.estimate.id, number: invoice.estimate.estimateNumber },
    invoice: { id: invoice.id, number: invoice.invoiceNumber },
  };
}

const invoiceRow = (page: Page, number: string) =>
  page.getByTestId("invoices-table").getByRole("row").filter({ hasText: number });

test("send an invoice, record a partial payment, see them in its activity and in the reports", async ({ page }) => {
  const { estimate, invoice } = await setUp(page);
  await page.goto("/app/invoices");

  await (await rowAction(invoiceRow(page, invoice.number), "link", `Send ${invoice.number} by email`)).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send", exact: true }).click();
  await expect(toast(page)).toContainText("Invoice sent");

  await (await rowAction(invoiceRow(page, invoice.number), "link", `Payments of ${invoice.number}`)).click();
  await page.getByLabel("Amount").fill("300");
  await page.getByLabel("Method").selectOption({ label: "check" });
  await page.getByLabel("Reference").fill("1042");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(page)).toContainText("Payment recorded");

  // From the payments dialog to the activity.
  await (await rowAction(invoiceRow(page, invoice.number), "link", `Payments of ${invoice.number}`)).click();
  await page
    .getByRole("dialog")
    .getByRole("link", { name: `Activity of ${invoice.number}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/invoices/${invoice.id}/activity$`));
  // With JavaScript the address changes a moment before the activity replaces the payments
  // dialog, so wait for the activity's own heading.
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Activity · ${invoice.number}` })).toBeVisible();
  // Created, the link the e-mail carries, sent, the payment: oldest first.
  const events = dialog.getByTestId("activity").getByRole("listitem");
  await expect(events).toHaveCount(4);
  await expect(events.first()).toContainText(`Invoice created from estimate ${estimate.number}`);
  await expect(dialog.getByTestId("activity-linkCreated")).toContainText("Share link created");
  await expect(dialog.getByTestId("activity-sent")).toContainText("Sent by email to rosa@example.com");
  await expect(events.last()).toContainText("Payment received: $300.00, check");
  await expect(events.last()).toContainText("ref. 1042");
  // Day and time in the account's zone.
  await expect(events.last().locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/);

  // Closed, and reached again from the row.
  await dialog.getByText("Close", { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/invoices$/);
  await (await rowAction(invoiceRow(page, invoice.number), "link", `Activity of ${invoice.number}`)).click();
  await expect(page.getByTestId("activity-payment")).toHaveCount(1);

  // The reports count the money collected by the day received, by method.
  await page.goto("/app/reports");
  await expect(page.getByTestId("report-totalRevenue-value")).toHaveText("$300.00");
  await expect(page.getByTestId("report-collected-check-value")).toHaveText("$300.00");
  await expect(page.getByTestId("report-collected-check")).toContainText("1 payment");
  await expect(page.getByTestId("report-collected-cash-value")).toHaveText("$0.00");
  await expect(page.getByTestId("report-collected-total-value")).toHaveText("$300.00");
  // What is left is owed, not yet due.
  await expect(page.getByTestId("aging-current")).toContainText("$782.50");

  // The estimate's activity: created and approved (marked so in the app), then invoiced.
  await page.goto("/app/estimates");
  await (
    await openEstimate(page.getByRole("row").filter({ hasText: estimate.number }))
  )
    .getByRole("link", { name: `Activity of ${estimate.number}` })
    .click();
  const estimateEvents = page.getByRole("dialog").getByTestId("activity").getByRole("listitem");
  await expect(estimateEvents.first()).toContainText("Estimate created");
  await expect(page.getByTestId("activity-approved")).toContainText("Approved");
  await expect(page.getByTestId("activity-invoiced")).toContainText(`Invoice ${invoice.number} created from this estimate`);
});

test("in Spanish: the activity and the money figures speak Spanish", async ({ page }) => {
  const { estimate, invoice } = await setUp(page);
  // A payment through the API, received today (the day left out).
  const paid = await page.request.post(`/api/invoices/${invoice.id}/payments`, { data: { amount: "82.50", method: "cash" } });
  expect(paid.status(), await paid.text()).toBe(201);
  await page.goto("/app/invoices");
  await visible(page.getByRole("button", { name: "ES", exact: true })).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await (await rowAction(invoiceRow(page, invoice.number), "link", `Actividad de ${invoice.number}`)).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Actividad · ${invoice.number}` })).toBeVisible();
  await expect(page.getByTestId("activity-created")).toContainText(`Factura creada a partir del presupuesto ${estimate.number}`);
  await expect(page.getByTestId("activity-payment")).toContainText("Pago recibido: $82.50, efectivo");
  await expect(dialog.getByText("Cerrar", { exact: true })).toBeVisible();

  await page.goto("/app/reports");
  await expect(page.getByTestId("report-collected-cash")).toContainText("Efectivo");
  await expect(page.getByTestId("report-collected-cash")).toContainText("1 pago");
  await expect(page.getByTestId("report-collected-cash-value")).toHaveText("$82.50");
});
