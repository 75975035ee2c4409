import { expect, test } from "@playwright/test";
import { fillRegisterForm, newUser } from "./utils";

// A new account starts in its owner's zone (docs/decisions/012-one-clock.md): with
// JavaScript the browser's own zone goes in a hidden field; without it the form offers
// the zone list, preselected from the region of the browser's language.

test.describe("sign-up takes the zone", () => {
  test.use({ timezoneId: "Pacific/Kiritimati", locale: "en-MX" });

  test("from the browser with JavaScript, from the list without, and Settings shows it", async ({ page }, testInfo) => {
    await page.goto("/register");
    const zoneList = page.getByLabel("Time zone");
    if (testInfo.project.name === "js") {
      await expect(page.getByText("Time zone: Pacific/Kiritimati.")).toBeVisible();
      await expect(zoneList).toHaveCount(0);
    } else {
      await expect(zoneList).toHaveValue("America/Mexico_City");
      await zoneList.selectOption("Pacific/Pago_Pago");
    }
    await fillRegisterForm(page, newUser("zone"));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/app$/);
    await page.goto("/app/settings");
    await expect(page.getByLabel("Time Zone")).toHaveValue(
      testInfo.project.name === "js" ? "Pacific/Kiritimati" : "Pacific/Pago_Pago",
    );
  });
});
