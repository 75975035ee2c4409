import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./utils";

const forms = [
  {
    path: "/demo",
    heading: "Schedule a demo",
    submit: "Request demo",
    thanks: "We received your demo request and will contact you within one business day to set up a time.",
  },
  {
    path: "/contact-sales",
    heading: "Contact sales",
    submit: "Send message",
    thanks: "Thanks for reaching out. Our sales team will contact you within one business day.",
  },
];

for (const form of forms) {
  test.describe(form.path, () => {
    test.beforeEach(async ({ page }) => {
      const response = await page.goto(form.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(form.heading);
    });

    test("submitting without a name asks for it", async ({ page }) => {
      await expect(page.getByLabel("Your name")).toHaveAttribute("required", "");
      await page.getByLabel("Email").fill(uniqueEmail("lead"));
      await page.getByRole("button", { name: form.submit }).click();
      await expect(page.getByText("Please enter your name")).toBeVisible();
      await expect(page.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Thank you!")).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${form.path}$`));
    });

    test("a name of only spaces is not a name", async ({ page }) => {
      await page.getByLabel("Your name").fill("   ");
      await page.getByLabel("Email").fill(uniqueEmail("lead"));
      await page.getByRole("button", { name: form.submit }).click();
      await expect(page.getByText("Please enter your name")).toBeVisible();
      await expect(page.getByText("Thank you!")).toHaveCount(0);
    });

    test("a valid request shows the thank-you", async ({ page }) => {
      await page.getByLabel("Your name").fill("Pat Plumber");
      await page.getByLabel("Email").fill(uniqueEmail("lead"));
      await page.getByLabel("Phone (optional)").fill("555-0100");
      await page.getByLabel("Company (optional)").fill("Pat's Pipes");
      await page.getByLabel("Trade (optional)").fill("Plumbing");
      await page.getByRole("button", { name: form.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${form.path}\\?sent=1$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you!");
      await expect(page.getByRole("status")).toHaveText(form.thanks);
      await page.getByRole("link", { name: "Back to home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}
