// A browser's first page carries the stylesheet inline, with a prefetch of the file; the pages
// after link the file (app/infrastructure/first-visit-stylesheet.server.ts). Every page is styled
// either way, and with JavaScript the inline rules survive hydration and client-side pages.
import { expect, test, type Page } from "@playwright/test";
import { registerViaUi } from "./utils";

/** What the document's head holds for styles, and whether the page is styled (the body's background is the app's, not the default). */
function stylesOf(page: Page) {
  return page.evaluate(() => ({
    inlineRules: [...document.head.querySelectorAll("style")].map((style) => style.textContent?.length ?? 0),
    links: [...document.head.querySelectorAll('link[href$=".css"]')].map((link) => link.getAttribute("rel")),
    styled: getComputedStyle(document.body).backgroundColor !== "rgba(0, 0, 0, 0)",
  }));
}

test("the first page carries the stylesheet, the later ones link it, and all are styled", async ({ page, javaScriptEnabled }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  await page.goto("/register");
  const first = await stylesOf(page);
  expect(first.inlineRules).toHaveLength(1);
  expect(first.inlineRules[0]).toBeGreaterThan(10_000);
  expect(first.links).toEqual(["prefetch"]);
  expect(first.styled).toBe(true);

  // With JavaScript the sign-in page is the same document (still inline); without, a new one (linked).
  // A tap before the page has hydrated is the browser's own navigation (a new document): wait
  // for hydration, which turns the zone list into a hidden field holding the browser's zone.
  if (javaScriptEnabled) await expect(page.locator('input[type="hidden"][name="timeZone"]')).toBeAttached();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  expect(await stylesOf(page)).toEqual(
    javaScriptEnabled
      ? { inlineRules: first.inlineRules, links: ["prefetch"], styled: true }
      : { inlineRules: [], links: ["stylesheet"], styled: true },
  );

  await registerViaUi(page);
  expect(await stylesOf(page)).toEqual({ inlineRules: [], links: ["stylesheet"], styled: true });
  await page.reload();
  expect(await stylesOf(page)).toEqual({ inlineRules: [], links: ["stylesheet"], styled: true });
  // Hydrating a head that differs from the browser's render raises an error: none here.
  expect(errors).toEqual([]);
});
