// A dialog and the browser's Back button (JavaScript only: without it a dialog is a page of
// its own, and its close link a plain link). Closing a dialog, or saving it, leaves no entry
// that Back would open again.
import { expect, test } from "@playwright/test";
import { registerViaUi, toast } from "./utils";

test("Back after closing or saving a dialog does not open it again", async ({ page }) => {
  await registerViaUi(page);
  await page.goto("/app/customers");
  const dialog = page.getByRole("dialog");
  const open = async () => {
    await page.getByRole("link", { name: "+ Add Customer" }).click();
    await expect(dialog.getByRole("heading", { name: "Add Customer" })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/customers\/new$/);
  };

  // Closed with its close link, with Escape, and with the form's Cancel: back on the list each time.
  for (const close of [
    () => dialog.getByRole("link", { name: "Close" }).click(),
    () => page.keyboard.press("Escape"),
    () => dialog.getByRole("link", { name: "Cancel" }).click(),
  ]) {
    await open();
    await close();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/customers$/);
  }
  // Back leaves the list for the dashboard: no dialog on the way.
  await page.goBack();
  await expect(page).toHaveURL(/\/app$/);
  await expect(dialog).toHaveCount(0);

  // Saved: the list with its toast; Back shows the list (as it was before), not the form.
  await page.goto("/app/customers");
  await open();
  await dialog.getByLabel("Name").fill("Ana Ruiz");
  await dialog.getByRole("button", { name: "Add Customer" }).click();
  await expect(toast(page)).toContainText("Customer");
  await expect(page).toHaveURL(/\/app\/customers$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/customers$/);
  await expect(dialog).toHaveCount(0);

  // Opened by its address, closed: the list takes its place.
  await page.goto("/app/customers/new");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/app\/customers$/);
  await page.goBack();
  await expect(dialog).toHaveCount(0);
});
