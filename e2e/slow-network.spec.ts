import { expect, test } from "@playwright/test";
import { invoiceViaApi, toast } from "./utils";

// A phone on a slow network, with JavaScript on (the js project only: without it the
// browser itself navigates and shows its own progress): a form stays busy, and a bar says
// so, until the page its post leads to has loaded.

test("the Record payment button stays busy until the next page has loaded, so a second tap posts nothing", async ({ page }) => {
  const invoice = await invoiceViaApi(page);
  await page.goto(`/app/invoices/${invoice.id}/payments`);
  await page.getByLabel("Amount").fill("100");
  // A slow phone network: the list the payment leads back to takes seconds to load.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/app\/invoices\.data/, async (route) => {
    await held;
    await route.continue();
  });
  const button = page.getByRole("button", { name: /Record payment|Saving/ });
  await button.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(button).toBeDisabled();
  // The bar across the top says the tap was taken while the next page loads.
  await expect(page.getByRole("progressbar", { name: "Loading..." })).toBeVisible();
  await button.click({ force: true, timeout: 1_000 }).catch(() => undefined);
  release();
  await expect(toast(page)).toContainText("Payment recorded");
  await expect(page.getByRole("progressbar", { name: "Loading..." })).toHaveCount(0);
  const api = (await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as { amountPaid: string };
  expect(api.amountPaid).toBe("100.00");
});
