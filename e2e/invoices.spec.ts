import { expect, test, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { openEstimate, registerViaApi, rowAction, toast } from "./utils";

// Documents and invoices, with JavaScript on and off: the estimate preview and its PDF,
// "Create Invoice" on an approved estimate, the invoice list, its print page and PDF,
// marking paid with a confirm step, filtering and deleting.

const LINES = [
  { description: "Main panel upgrade, 200A", quantity: "1", unitPrice: "1850.00" },
  { description: "Dedicated 20A circuit", quantity: "2.5", unitPrice: "125.50" },
  { description: "Permit and inspection", quantity: "1", unitPrice: "75" },
];
// 1,850.00 + 313.75 + 75.00 = 2,238.75; tax 8.25% = 184.70; total 2,423.45.
const TOTAL = "$2,423.45";

async function setUp(page: Page, status: "approved" | "pending" = "approved") {
  await registerViaApi(page.request);
  const tag = Math.random().toString(36).slice(2, 7);
  const customerResponse = await page.request.post("/api/customers", {
    data: {
      name: `Ana ${tag} Ruiz`,
      email: "ana@example.com",
      address: "12 Elm St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
    },
  });
  expect(customerResponse.status(), await customerResponse.text()).toBe(201);
  const customer = (await customerResponse.json()) as { id: string; name: string };
  const estimateResponse = await page.request.post("/api/estimates", {
    data: { customerId: customer.id, title: `Kitchen rewire ${tag}`, status, validUntil: null, items: LINES },
  });
  expect(estimateResponse.status(), await estimateResponse.text()).toBe(201);
  const estimate = (await estimateResponse.json()) as { id: string; estimateNumber: string; title: string; total: string };
  expect(estimate.total).toBe("2423.45");
  return { customer, estimate };
}

/** The UTC calendar date, as lists show dates (MMM dd, yyyy) for an account without a time zone. */
function listDate(daysFromToday: number) {
  const now = new Date();
  const utc = new Date(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  return format(addDays(utc, daysFromToday), "MMM dd, yyyy");
}

function invoiceRow(page: Page, text: string) {
  return page.getByTestId("invoices-table").getByRole("row").filter({ hasText: text });
}

/** Picks a status in the list's filter; without JavaScript the search form is submitted by hand. */
async function filterByStatus(page: Page, label: string, javaScript: boolean) {
  await page.getByRole("search").getByLabel("Status").selectOption({ label });
  if (!javaScript) await page.getByRole("search").getByRole("button", { name: "Search" }).click();
}

test("preview and PDF of an estimate, invoice it, print, download, mark paid and filter", async ({ page }, testInfo) => {
  // The whole journey in one test, with several page loads and two PDF renders.
  test.slow();
  const javaScript = testInfo.project.name === "js";
  // A crashing bundle or a hydration mismatch (dates, money) would show up here.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const { customer, estimate } = await setUp(page);

  await page.goto("/app/invoices");
  await expect(page.getByTestId("empty-state")).toHaveText(
    "No invoices yet. Create your first invoice from an approved estimate.",
  );
  await expect(page.getByTestId("count-badge")).toHaveText("0");
  await expect(page.getByRole("main").getByRole("link", { name: /invoice/i })).toHaveCount(0);

  // Preview: a dialog over the estimates list with the whole document.
  await page.goto("/app/estimates");
  await page.getByRole("link", { name: estimate.title }).click();
  await expect(page).toHaveURL(new RegExp(`/app/estimates/${estimate.id}/preview$`));
  const dialog = page.getByRole("dialog");
  const preview = dialog.getByTestId("document");
  await expect(preview).toContainText("Estimate");
  await expect(preview).toContainText(estimate.estimateNumber);
  await expect(preview).toContainText(customer.name);
  await expect(preview).toContainText("Austin, TX 78701");
  await expect(preview.getByTestId("document-items").getByRole("row")).toHaveCount(4);
  await expect(preview.getByTestId("document-totals")).toContainText("$2,238.75");
  await expect(preview.getByTestId("document-totals")).toContainText("Tax (8.25%)");
  await expect(preview.getByTestId("document-total")).toHaveText(TOTAL);
  await expect(preview).toContainText("Valid until 30 days from date.");
  if (javaScript) {
    await expect(dialog.getByRole("button", { name: "Print" })).toBeVisible();
  } else {
    await expect(dialog.getByRole("link", { name: "Print" })).toHaveAttribute("href", `/app/estimates/${estimate.id}/print`);
  }

  // The estimate PDF, from the preview's Download PDF link.
  const [estimateDownload] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(estimateDownload.suggestedFilename()).toBe(`${estimate.estimateNumber}.pdf`);
  expect(estimateDownload.suggestedFilename()).toMatch(/^EST-\d+\.pdf$/);
  const estimatePdf = await page.request.get(`/app/estimates/${estimate.id}/pdf`);
  expect(estimatePdf.status()).toBe(200);
  expect(estimatePdf.headers()["content-type"]).toBe("application/pdf");
  expect(estimatePdf.headers()["content-disposition"]).toBe(`attachment; filename="${estimate.estimateNumber}.pdf"`);
  expect((await estimatePdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Without JavaScript the preview's Print is the estimate's own print page.
  if (!javaScript) {
    await dialog.getByRole("link", { name: "Print" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/estimates/${estimate.id}/print$`));
    await expect(page.getByTestId("document")).toContainText(estimate.estimateNumber);
    await expect(page.getByText("Use your browser's Print command")).toBeVisible();
    await expect(page.locator("#navigation")).toHaveCount(0);
  }

  // Create Invoice on the approved estimate's page.
  await page.goto("/app/estimates");
  await (
    await openEstimate(page.getByRole("row").filter({ hasText: estimate.estimateNumber }))
  )
    .getByRole("button", { name: `Create Invoice · ${estimate.estimateNumber}` })
    .click();
  await expect(page).toHaveURL(/\/app\/invoices$/);
  await expect(toast(page)).toContainText("Invoice created from estimate");
  await expect(page.getByTestId("count-badge")).toHaveText("1");
  const row = invoiceRow(page, estimate.title);
  await expect(row).toContainText(customer.name);
  await expect(row.getByTestId("invoice-status")).toHaveText("Pending");
  await expect(row.getByTestId("invoice-total")).toHaveText(TOTAL);
  await expect(row).toContainText("3 items");
  await expect(row.getByTestId("invoice-created")).toHaveText(listDate(0));
  await expect(row.getByTestId("invoice-due")).toHaveText(listDate(30));
  await expect(await rowAction(row, "link", `Estimate ${estimate.estimateNumber}`)).toBeVisible();
  const invoiceNumber = (await row.getByTestId("invoice-number").textContent())!.trim();
  expect(invoiceNumber).toMatch(/^INV-\d+$/);
  await expect(page.getByRole("main").getByRole("link", { name: /create/i })).toHaveCount(0);

  // Asking again leads to the same invoice.
  const again = await page.request.post(`/api/invoices/from-estimate/${estimate.id}`);
  expect(again.status()).toBe(200);
  expect((await again.json()).invoiceNumber).toBe(invoiceNumber);

  // Print: a page of its own, in a new tab.
  const printLink = await rowAction(row, "link", new RegExp(`^Print ${invoiceNumber}`));
  await expect(printLink).toHaveAttribute("target", "_blank");
  const [printPage] = await Promise.all([page.waitForEvent("popup"), printLink.click()]);
  await expect(printPage).toHaveURL(/\/app\/invoices\/[^/]+\/print$/);
  const printed = printPage.getByTestId("document");
  await expect(printed).toContainText("Invoice");
  await expect(printed).toContainText(invoiceNumber);
  await expect(printed).toContainText(customer.name);
  await expect(printed.getByTestId("document-total")).toHaveText(TOTAL);
  await expect(printed).toContainText(`Payment is due within 30 days, by ${listDate(30)}.`);
  await expect(printed).toContainText("1.5% per month");
  if (javaScript) await expect(printPage.getByRole("button", { name: "Print" })).toBeVisible();
  else await expect(printPage.getByText("Use your browser's Print command")).toBeVisible();
  await printPage.close();

  // The invoice PDF.
  const [invoiceDownload] = await Promise.all([
    page.waitForEvent("download"),
    (await rowAction(row, "link", `Download PDF of ${invoiceNumber}`)).click(),
  ]);
  expect(invoiceDownload.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const href = await (await rowAction(row, "link", `Download PDF of ${invoiceNumber}`)).getAttribute("href");
  const invoicePdf = await page.request.get(href!);
  expect(invoicePdf.headers()["content-type"]).toBe("application/pdf");
  expect(invoicePdf.headers()["content-disposition"]).toBe(`attachment; filename="${invoiceNumber}.pdf"`);
  expect((await invoicePdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Mark as paid, with a confirm step that can be cancelled.
  await (await rowAction(row, "link", `Mark ${invoiceNumber} as paid`)).click();
  await expect(page).toHaveURL(/\/paid$/);
  await expect(page.getByRole("dialog")).toContainText(`Mark ${invoiceNumber} (${TOTAL}) from ${customer.name} as paid today?`);
  await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
  await expect(row.getByTestId("invoice-status")).toHaveText("Pending");
  await (await rowAction(row, "link", `Mark ${invoiceNumber} as paid`)).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark as paid" }).click();
  await expect(page).toHaveURL(/\/app\/invoices$/);
  await expect(toast(page)).toContainText("Invoice status updated");
  await expect(row.getByTestId("invoice-status")).toHaveText("Paid");
  await expect(row.getByTestId("invoice-paid")).toHaveText(listDate(0));
  await expect(await rowAction(row, "link", `Mark ${invoiceNumber} as paid`)).toHaveCount(0);

  // Filter by status and search by number.
  await filterByStatus(page, "Paid", javaScript);
  await expect(page).toHaveURL(/status=paid/);
  await expect(row).toBeVisible();
  await filterByStatus(page, "Overdue", javaScript);
  await expect(page).toHaveURL(/status=overdue/);
  await expect(page.getByTestId("empty-state")).toHaveText("No invoices found matching your search.");
  await filterByStatus(page, "All statuses", javaScript);
  const search = page.getByRole("searchbox", { name: "Search invoices" });
  await search.fill(invoiceNumber);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${invoiceNumber}`));
  await expect(row).toBeVisible();

  expect(errors).toEqual([]);
});

test("a pending estimate cannot be invoiced; an invoice can be deleted", async ({ page }) => {
  const { estimate } = await setUp(page, "pending");

  // The button is only offered for approved estimates; a forged request is refused.
  await page.goto(`/app/estimates/${estimate.id}/preview`);
  await expect(page.getByTestId("estimate-actions")).toBeVisible();
  await expect(page.getByRole("button", { name: `Create Invoice · ${estimate.estimateNumber}` })).toHaveCount(0);
  const refused = await page.request.post(`/app/estimates/${estimate.id}/invoice`, { form: {}, maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toBe("/app/estimates");
  await page.goto("/app/estimates");
  await expect(toast(page)).toContainText("Failed to create invoice from estimate.");
  await expect(toast(page)).toContainText("Only approved estimates can be invoiced.");
  const api = await page.request.post(`/api/invoices/from-estimate/${estimate.id}`);
  expect(api.status()).toBe(400);

  // Approve it, invoice it through the API, then delete the invoice with confirmation.
  const approved = await page.request.put(`/api/estimates/${estimate.id}`, {
    data: {
      customerId: (await (await page.request.get(`/api/estimates/${estimate.id}`)).json()).customerId,
      title: estimate.title,
      status: "approved",
      validUntil: null,
      items: LINES,
    },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const created = await page.request.post(`/api/invoices/from-estimate/${estimate.id}`);
  expect(created.status()).toBe(201);
  const { invoiceNumber } = (await created.json()) as { invoiceNumber: string };

  await page.goto("/app/invoices");
  const row = invoiceRow(page, invoiceNumber);
  await (await rowAction(row, "link", `Delete ${invoiceNumber}`)).click();
  await expect(page.getByRole("dialog")).toContainText(`Delete ${invoiceNumber} (${estimate.title})? This cannot be undone.`);
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Invoice deleted");
  await expect(page.getByTestId("empty-state")).toHaveText(
    "No invoices yet. Create your first invoice from an approved estimate.",
  );
});

test("another account's invoice and documents are 404", async ({ page, browser }, testInfo) => {
  const { estimate } = await setUp(page);
  const created = await page.request.post(`/api/invoices/from-estimate/${estimate.id}`);
  const invoice = (await created.json()) as { id: string };
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const otherPage = await other.newPage();
  await registerViaApi(otherPage.request);
  for (const path of [
    `/app/invoices/${invoice.id}/print`,
    `/app/invoices/${invoice.id}/pdf`,
    `/app/invoices/${invoice.id}/paid`,
    `/app/estimates/${estimate.id}/preview`,
    `/app/estimates/${estimate.id}/pdf`,
  ]) {
    const response = await otherPage.request.get(path);
    expect(response.status(), path).toBe(404);
  }
  await other.close();
});
