import { expect, test } from "@playwright/test";
import { invoiceViaApi, toast } from "./utils";

// A phone on a slow network, with JavaScript on (the js project only: without it the
// browser itself navigates and shows its own progress): a form stays busy, and a bar says
// so, until the page its post leads to has loaded. And a slow phone's tap while the page's
// script is still starting up is taken without an error.

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

test("a tap at the moment the page starts hydrating is taken without a script error", async ({ page }) => {
  // React hydrates in a task of its own, queued when the page's script calls hydrateRoot. On a
  // slow phone a tap can land before that task runs; the tap makes React hydrate at once, and
  // such a render cannot wait for anything. Remix used to read the loaders' data only then
  // (and wait for it), so React threw error #345 ("Root did not complete") and the tap became a
  // full page load. Here the tap is made to land in that moment: right after React queues its
  // first task (the first message posted on a MessageChannel port, React's scheduler).
  await page.addInitScript(() => {
    const post = MessagePort.prototype.postMessage;
    let tapped = false;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort["postMessage"]>) {
      if (!tapped && location.pathname === "/register") {
        tapped = true;
        queueMicrotask(() => {
          (window as unknown as { __tapped: number }).__tapped = 1;
          document.querySelector<HTMLAnchorElement>('a[href="/login"]')!.click();
        });
      }
      return post.apply(this, args);
    } as MessagePort["postMessage"];
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  // React took the tap: the sign-in page came without a new document.
  expect(await page.evaluate(() => (window as unknown as { __tapped?: number }).__tapped)).toBe(1);
  expect(errors).toEqual([]);
});
