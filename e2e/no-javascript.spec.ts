import { expect, test } from "@playwright/test";
import { registerViaApi } from "./utils";

// What only a browser without JavaScript sees; the js project leaves this file out
// (playwright.config.ts). With JavaScript the message floats and closes itself.

test("without JavaScript a message never covers the Save button, and it closes", async ({ page }) => {
  await registerViaApi(page.request);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/app/settings");
  await page.getByRole("button", { name: "Save Settings" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toBeVisible();
  const save = page.getByRole("button", { name: "Save Settings" });
  const box = (await save.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest("button")?.textContent?.trim() ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe("Save Settings");
  await page.getByTestId("toast-close").click();
  await expect(toast).toBeHidden();
});
