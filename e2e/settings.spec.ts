import { readFile } from "node:fs/promises";
import { deflateSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { registerViaApi, sidebar, toast } from "./utils";

// The settings screen with JavaScript on and off: one Save for the whole form, the
// logo's own upload form (checked by content, not by name), and the data export.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real PNG: a size x size square of one RGB colour. */
function pngBytes(size = 16, rgb: [number, number, number] = [37, 99, 235]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3])]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function openSettings(page: Page) {
  await registerViaApi(page.request);
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("shows every section with the defaults and the application information", async ({ page }) => {
  await openSettings(page);
  await expect(page.getByLabel("Application Language")).toHaveValue("en");
  await expect(page.getByLabel("Document Language")).toHaveValue("en");
  await expect(page.getByLabel("Company Name")).toHaveValue("Your Trade Company");
  await expect(page.getByLabel("Phone Number")).toHaveValue("(555) 123-4567");
  await expect(page.getByLabel("Business Address")).toHaveValue("123 Main Street, Springfield, ST 12345");
  await expect(page.getByLabel("Email Address")).toHaveValue("office@yourtradecompany.com");
  await expect(page.getByLabel("Website")).toHaveValue("www.yourtradecompany.com");
  await expect(page.getByLabel("Default Tax Rate (%)")).toHaveValue("8.25");
  await expect(page.getByLabel("Default Tax Rate (%)")).toHaveAttribute("step", "0.01");
  await expect(page.getByLabel("Currency")).toHaveValue("USD");
  await expect(page.getByLabel("Estimate Valid Days")).toHaveValue("30");
  await expect(page.getByLabel("Invoice Terms")).toHaveValue(/Payment is due within 30 days/);
  await expect(page.getByLabel("Estimate Terms")).toHaveValue(/valid for 30 days/);
  await expect(page.getByRole("switch", { name: "Email Notifications" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Auto Backup" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Dark Mode" })).not.toBeChecked();
  await expect(page.getByText("PNG, JPG or WebP, max 5MB")).toBeVisible();
  const info = page.getByTestId("app-info");
  await expect(info).toContainText("1.0.0");
  await expect(info).toContainText("Production");
  const now = new Date();
  const today = new Date(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()).toLocaleDateString("en-US", {
    month: "short",
    day: "2-digit",
    year: "numeric",
  });
  await expect(info).toContainText(today);
  await expect(page.getByRole("button", { name: "Save Settings" })).toHaveCount(1);
});

test("switching the application language to Spanish turns the interface Spanish after Save", async ({ page }) => {
  await openSettings(page);
  await page.getByLabel("Application Language").selectOption("es");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toContainText("Configuración guardada");
  await expect(toast(page)).toContainText("Su configuración se actualizó correctamente.");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Configuración" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Clientes", exact: true })).toBeVisible();
  await expect(page.getByLabel("Idioma de la aplicación")).toHaveValue("es");
  // The first paint of the next page is Spanish too (the account decides, not a script).
  const response = await page.goto("/app/reports");
  expect(await response!.text()).toMatch(/<html lang="es"/);
  await expect(page.getByRole("heading", { level: 1, name: "Informes del negocio" })).toBeVisible();
});

test("the company details, defaults and preferences are saved and read back after a reload", async ({ page }) => {
  await openSettings(page);
  const name = `Volt Bros ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel("Company Name").fill(name);
  await page.getByLabel("Phone Number").fill("(512) 555-0142");
  await page.getByLabel("Default Tax Rate (%)").fill("7.5");
  await page.getByLabel("Currency").selectOption("CAD");
  await page.getByLabel("Estimate Valid Days").fill("14");
  await page.getByLabel("Invoice Terms").fill("Net 15. Thank you!");
  await page.getByRole("switch", { name: "Auto Backup" }).uncheck();
  await page.getByRole("switch", { name: "Dark Mode" }).check();
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toContainText("Settings saved");
  await expect(toast(page)).toContainText("Your settings have been successfully updated.");
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);

  await page.reload();
  await expect(page.getByLabel("Company Name")).toHaveValue(name);
  await expect(page.getByLabel("Phone Number")).toHaveValue("(512) 555-0142");
  await expect(page.getByLabel("Default Tax Rate (%)")).toHaveValue("7.50");
  await expect(page.getByLabel("Currency")).toHaveValue("CAD");
  await expect(page.getByLabel("Estimate Valid Days")).toHaveValue("14");
  await expect(page.getByLabel("Invoice Terms")).toHaveValue("Net 15. Thank you!");
  await expect(page.getByRole("switch", { name: "Auto Backup" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Email Notifications" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Dark Mode" })).toBeChecked();
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
});

test("explains bad values and saves nothing", async ({ page }, testInfo) => {
  await openSettings(page);
  if (testInfo.project.name === "nojs") {
    // Without JavaScript the browser's own checks (min, max, step, type=email) would stop
    // these values first; switch them off to see the server's answer to the same values.
    await page
      .locator("form", { has: page.getByRole("button", { name: "Save Settings" }) })
      .evaluate((form) => form.setAttribute("novalidate", ""));
  }
  await page.getByLabel("Company Name").fill("");
  await page.getByLabel("Default Tax Rate (%)").fill("8.255");
  await page.getByLabel("Estimate Valid Days").fill("400");
  await page.getByLabel("Email Address").fill("not-an-email");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Company name is required")).toBeVisible();
  await expect(page.getByText("Use at most 2 decimals for the tax rate")).toBeVisible();
  await expect(page.getByText("Estimate valid days must be between 1 and 365")).toBeVisible();
  await expect(page.getByText("Invalid email")).toBeVisible();
  // A fresh GET (a reload after a refused POST would post the form again).
  await page.goto("/app/settings");
  await expect(page.getByLabel("Company Name")).toHaveValue("Your Trade Company");
});

test.describe("time zone", () => {
  test.use({ timezoneId: "America/Chicago" });

  test("offers the browser's zone with JavaScript, UTC (an account without a zone is in UTC) without, and saves the choice", async ({
    page,
  }, testInfo) => {
    await openSettings(page);
    const zone = page.getByLabel("Time Zone");
    await expect(zone).toHaveValue(testInfo.project.name === "js" ? "America/Chicago" : "UTC");
    await zone.selectOption("America/Denver");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page)).toContainText("Settings saved");
    await page.reload();
    await expect(page.getByLabel("Time Zone")).toHaveValue("America/Denver");
  });
});

test("uploads a PNG logo shown in the sidebar, refuses a renamed text file, and removes it", async ({ page }) => {
  await openSettings(page);
  const logo = page.getByLabel("Company Logo");
  await expect(sidebar(page).getByRole("img", { name: "Company logo" })).toHaveCount(0);

  await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: pngBytes() });
  await page.getByRole("button", { name: "Upload Logo" }).click();
  await expect(toast(page)).toContainText("Logo uploaded");
  const image = sidebar(page).getByRole("img", { name: "Company logo" });
  await expect(image).toBeVisible();
  const src = await image.getAttribute("src");
  expect(src).toMatch(/^\/app\/logo\?v=\d+$/);
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(Buffer.compare(await served.body(), pngBytes())).toBe(0);
  await expect(page.getByTestId("logo-preview")).toBeVisible();

  // A text file named .png and sent as image/png is still a text file.
  await page.getByLabel("Company Logo").setInputFiles({
    name: "sneaky.png",
    mimeType: "image/png",
    buffer: Buffer.from("these are not the pixels you are looking for\n"),
  });
  await page.getByRole("button", { name: "Change Logo" }).click();
  await expect(toast(page)).toContainText("Invalid file type");
  await expect(toast(page)).toContainText("Please select a valid image file");
  await expect(toast(page)).toHaveAttribute("data-type", "error");
  // The logo that was there is kept.
  await expect(sidebar(page).getByRole("img", { name: "Company logo" })).toHaveAttribute("src", src!);

  await page.getByRole("button", { name: "Remove Logo" }).click();
  await expect(toast(page)).toContainText("Logo removed");
  await expect(sidebar(page).getByRole("img", { name: "Company logo" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove Logo" })).toHaveCount(0);
  expect((await page.request.get("/app/logo")).status()).toBe(404);
});

test("refuses an image over 5 MB", async ({ page }) => {
  await openSettings(page);
  const big = Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)]);
  await page.getByLabel("Company Logo").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
  await page.getByRole("button", { name: "Upload Logo" }).click();
  await expect(toast(page)).toContainText("File too large");
  await expect(toast(page)).toContainText("Please select an image smaller than 5MB");
  await expect(sidebar(page).getByRole("img", { name: "Company logo" })).toHaveCount(0);
});

test("downloads the account's data as JSON", async ({ page }) => {
  await openSettings(page);
  const customer = await page.request.post("/api/customers", { data: { name: "Ana Export", email: "ana@example.com" } });
  expect(customer.status()).toBe(201);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tradedesk-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.format).toBe("tradedesk-account-export");
  expect(data.settings.companyName).toBe("Your Trade Company");
  expect(data.settings).not.toHaveProperty("logoBytes");
  expect(data.customers.map((c: { name: string }) => c.name)).toEqual(["Ana Export"]);
  for (const section of ["jobs", "estimates", "invoices", "appointments", "notifications"])
    expect(Array.isArray(data[section]), section).toBe(true);
});
