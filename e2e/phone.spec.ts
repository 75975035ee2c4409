import { expect, test, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";
import { registerViaApi, toast } from "./utils";

// The phone is the contractor's main screen, and the customer's too: on a 360×740 screen, with
// JavaScript on and off (the two projects), in English and Spanish. The estimate editor labels
// every field of a line and keeps Save in reach; the customer's estimate and invoice pages never
// scroll sideways, each line reading "2.5 × $125.50 = $313.75" over the totals
// (docs/product/estimates.md, docs/product/invoices-and-payments.md).

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const LINES = [
  { description: "Dedicated 20 A circuit", quantity: "2.5", unitPrice: "125.50" },
  { description: "GFCI outlet", quantity: "12", unitPrice: "19.99", discountPercent: "10", taxable: false },
  { description: "Main panel", quantity: "1", unitPrice: "1850.00" },
  { description: "Permit-and-inspection-fee-for-the-city-of-San-Antonio", quantity: "1", unitPrice: "150.00" },
  { description: "Labor (hours)", quantity: "6", unitPrice: "95.00" },
];
/** What each line reads on a phone, after its description. */
const LINE_MATH = [
  "2.5 × $125.50 = $313.75",
  "12 × $19.99 −10% = $215.89",
  "1 × $1,850.00 = $1,850.00",
  "1 × $150.00 = $150.00",
  "6 × $95.00 = $570.00",
];

async function account(page: Page) {
  await registerViaApi(page.request);
  const post = async <T>(path: string, data?: Record<string, unknown>) => {
    const response = await page.request.post(path, data ? { data } : undefined);
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const customer = await post<{ id: string }>("/api/customers", {
    name: "Rosa Díaz-Villanueva Hernández",
    email: "rosa.diaz.villanueva.hernandez@example.com",
  });
  const estimate = await post<{ id: string; total: string }>("/api/estimates", {
    customerId: customer.id,
    title: "Panel upgrade with permits",
    status: "pending",
    validUntil: null,
    items: LINES,
  });
  return { post, customer, estimate };
}

/** "$2,558.15" for "2558.15". */
const dollars = (amount: string) => `$${Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/**
 * What scrolls sideways: the page, or any box in `within` (text fields aside, whose text scrolls
 * by design, and text cut short with an ellipsis on purpose).
 */
function sideways(page: Page, within = "body"): Promise<string[]> {
  return page.evaluate((within) => {
    const wide: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) wide.push(`the page: ${root.scrollWidth} px in ${window.innerWidth}`);
    for (const element of document.querySelectorAll<HTMLElement>(`${within} *`)) {
      if (element.matches("input, textarea, select, .sr-only") || element.clientWidth <= 1) continue;
      const style = getComputedStyle(element);
      if (style.overflowX === "visible" || style.textOverflow === "ellipsis") continue;
      if (element.scrollWidth > element.clientWidth + 1)
        wide.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} px in ${element.clientWidth}`);
    }
    return wide;
  }, within);
}

/** At least 44×44 px: a fingertip's target. */
async function expectTouchTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, `${locator} is on screen`).not.toBeNull();
  expect(Math.round(box!.height), `${locator}'s height`).toBeGreaterThanOrEqual(44);
  expect(Math.round(box!.width), `${locator}'s width`).toBeGreaterThanOrEqual(44);
}

/** A browser of the customer's own: a phone, no session, the project's JavaScript setting. */
async function customerPhone(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    viewport: PHONE,
  });
  return { context, page: await context.newPage() };
}

/** The document's lines and totals as a phone shows them, at 360 and 320 px. */
async function expectDocumentFits(page: Page, total: string) {
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: PHONE.height });
    expect(await sideways(page), `nothing scrolls sideways at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(PHONE);
  const lines = page.getByTestId("document-line");
  await expect(lines).toHaveCount(LINES.length);
  for (const [index, math] of LINE_MATH.entries()) {
    const line = lines.nth(index);
    await expect(line).toContainText(LINES[index].description);
    await expect(line).toContainText(math);
  }
  // "2.5 × $125.50 = $313.75" is one line, under the description.
  const first = lines.first();
  const quantity = (await first.getByTestId("line-quantity").boundingBox())!;
  const amount = (await first.getByRole("cell").last().boundingBox())!;
  expect(Math.abs(quantity.y - amount.y)).toBeLessThan(4);
  expect(amount.x + amount.width).toBeLessThanOrEqual(PHONE.width);
  // The columns' names are there for screen readers, not on the screen.
  await expect(page.getByTestId("document-items").getByRole("columnheader")).toHaveCount(4);
  const totals = page.getByTestId("document-totals");
  await totals.scrollIntoViewIfNeeded();
  await expect(page.getByTestId("document-total")).toHaveText(total);
  await expect(page.getByTestId("document-total")).toBeInViewport({ ratio: 1 });
}

test("on a phone the estimate editor names every field of a line and keeps Save in reach", async ({ page }) => {
  const { estimate } = await account(page);
  await page.goto(`/app/estimates/${estimate.id}/edit`);
  const dialog = page.getByRole("dialog");
  const save = dialog.getByRole("button", { name: "Save", exact: true });

  // Each line's fields have their own visible labels; each field's spoken name holds its label.
  const third = dialog.getByTestId("line-item").nth(2);
  await third.scrollIntoViewIfNeeded();
  const labels = {
    Description: "Line 3 description",
    Qty: "Line 3 quantity",
    "Unit price": "Line 3 unit price",
    "Discount %": "Line 3 discount (%)",
  };
  for (const [label, field] of Object.entries(labels)) {
    await expect(third.getByText(label, { exact: true })).toBeVisible();
    await expect(third.getByLabel(field)).toHaveAccessibleName(new RegExp(label.replace(/[%()]/g, "\\$&"), "i"));
  }
  await expect(third.getByText("Total", { exact: true })).toBeVisible();
  await expect(third.getByTestId("line-total")).toHaveText("$1,850.00");
  for (const target of [
    third.getByRole("button", { name: "Remove line 3" }),
    third.locator("label").filter({ hasText: "Taxable" }),
    third.locator("label").filter({ hasText: "Optional" }),
    third.getByRole("button", { name: "Add to price book, line 3" }),
    third.getByLabel("Line 3 quantity"),
  ])
    await expectTouchTarget(target);
  expect(await sideways(page, '[role="dialog"]')).toEqual([]);

  // Save stays on screen, bottom of the dialog, as the lines scroll by; a field taking the
  // focus is not hidden under it.
  await expect(save).toBeInViewport({ ratio: 1 });
  await expectTouchTarget(save);
  await expectTouchTarget(dialog.getByRole("link", { name: "Cancel" }));
  const fifth = dialog.getByLabel("Line 5 quantity");
  await fifth.focus();
  await expect(fifth).toBeInViewport({ ratio: 1 });
  const [field, bar] = [(await fifth.boundingBox())!, (await dialog.getByTestId("form-actions").boundingBox())!];
  expect(field.y + field.height).toBeLessThanOrEqual(bar.y);
  await fifth.fill("8");
  await save.click();
  await expect(toast(page)).toContainText("Estimate updated");

  // In Spanish.
  await page.request.post("/resources/preferences", { form: { language: "es", redirectTo: "/app" } });
  await page.goto(`/app/estimates/${estimate.id}/edit`);
  const line = page.getByRole("dialog").getByTestId("line-item").first();
  for (const label of ["Descripción", "Cantidad", "Precio unitario", "Descuento %", "Total"])
    await expect(line.getByText(label, { exact: true })).toBeVisible();
  await expect(line.getByLabel("Cantidad de la línea 1")).toHaveValue("2.50");
  await expect(line.getByLabel("Descuento % de la línea 1")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Guardar", exact: true })).toBeInViewport({ ratio: 1 });
});

test("the customer's estimate and invoice pages fit a phone: lines as quantity × price = total, the totals in view", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const { post, customer: client, estimate } = await account(page);
  const shared = await post<{ shareableLink: string }>(`/api/estimates/${estimate.id}/share`);
  const approved = await post<{ id: string }>("/api/estimates", {
    customerId: client.id,
    title: "Approved panel upgrade",
    status: "approved",
    validUntil: null,
    items: LINES,
  });
  const invoice = await post<{ id: string; total: string }>(`/api/invoices/from-estimate/${approved.id}`);
  await post(`/api/invoices/${invoice.id}/payments`, { amount: "500.00", method: "check" });
  const invoiceShared = await post<{ shareableLink: string }>(`/api/invoices/${invoice.id}/share`);
  const estimatePage = new URL(shared.shareableLink).pathname;
  const invoicePage = new URL(invoiceShared.shareableLink).pathname;

  const customer = await customerPhone(browser, testInfo);
  const phone = customer.page;
  await phone.goto(estimatePage);
  await expect(phone.getByTestId("share-total")).toHaveText(dollars(estimate.total));
  await expectDocumentFits(phone, dollars(estimate.total));
  await expectTouchTarget(phone.getByRole("link", { name: "Download PDF" }));
  await expectTouchTarget(phone.getByRole("button", { name: "Approve estimate" }));

  await phone.goto(invoicePage);
  await expect(phone.getByTestId("share-paid")).toHaveText("$500.00");
  await expectDocumentFits(phone, dollars(invoice.total));
  await expect(phone.getByTestId("document-balance")).toBeInViewport({ ratio: 1 });

  // In Spanish (the account's document language): the same lines, the same fit.
  await page.goto("/app/settings");
  await page.getByLabel("Document Language").selectOption("es");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toContainText("Settings saved");
  await phone.goto(estimatePage);
  await expect(phone.getByRole("button", { name: "Aprobar presupuesto" })).toBeVisible();
  await expect(phone.getByTestId("document-line").nth(1)).toContainText("Descuento del 10%");
  await expectDocumentFits(phone, dollars(estimate.total));
  await phone.goto(invoicePage);
  await expect(phone.getByTestId("share-state")).toHaveText("Pendiente de pago");
  await expectDocumentFits(phone, dollars(invoice.total));
  await customer.context.close();
});
