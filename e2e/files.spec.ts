import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import en from "../app/locales/en";
import es from "../app/locales/es";
import { pdfText } from "../test/pdf-text";
import { registerViaApi } from "./utils";

// Photos from the field, on a 360 px phone, JavaScript on (in English) and off (in Spanish):
// two photos added to a job from the file picker, one captioned and marked for the customer,
// that one added to the job's estimate, and the customer seeing it on their page and in the
// PDF, the other photo nowhere. Every label comes from the app's dictionaries.

const PHONE = { width: 360, height: 740 };
type Dictionary = typeof en;

function say(dictionary: Dictionary, key: string, values: Record<string, string> = {}): string {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);
  if (typeof text !== "string") throw new Error(`No text at ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** A phone photo: a JPEG with EXIF (camera and GPS), 1600×1200, in one colour. */
async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withExifMerge({ IFD0: { Make: "SecretPhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 26/1 4624/100" } })
    .toBuffer();
}

/** True once every photo on the page has loaded and has pixels. */
async function imagesLoaded(page: Page, selector: string) {
  await expect
    .poll(() =>
      page.$$eval(selector, (images) =>
        images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
}

test("photos from a job: two added from the phone, one shown to the customer on the estimate, its page and its PDF", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const words = javaScript ? en : (es as unknown as Dictionary);
  const t = (key: string, values?: Record<string, string>) => say(words, key, values);
  await page.setViewportSize(PHONE);
  await registerViaApi(page.request);
  if (!javaScript) {
    const switched = await page.request.post("/resources/preferences", { form: { language: "es", redirectTo: "/app" } });
    expect(switched.ok()).toBe(true);
  }
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await (await page.request.post("/api/customers", { data: { name: `Ana ${tag} Ruiz` } })).json();
  const job = await (
    await page.request.post("/api/jobs", { data: { customerId: customer.id, title: `Panel upgrade ${tag}` } })
  ).json();
  const estimateResponse = await page.request.post("/api/estimates", {
    data: {
      customerId: customer.id,
      jobId: job.id,
      title: `Panel estimate ${tag}`,
      status: "pending",
      items: [{ description: "200A panel", quantity: "1", unitPrice: "1850.00" }],
    },
  });
  expect(estimateResponse.status(), await estimateResponse.text()).toBe(201);
  const estimate = await estimateResponse.json();

  // The job's dialog, and its Photos & files.
  await page.goto(`/app/jobs/${job.id}`);
  await page.getByRole("link", { name: t("files.action"), exact: true }).click();
  await expect(page.getByRole("heading", { name: t("files.title", { label: job.title }) })).toBeVisible();
  await expect(page.getByText(t("files.empty"))).toBeVisible();

  // Two photos from the file picker.
  await page.getByLabel(t("files.add")).setInputFiles([
    { name: "before.jpg", mimeType: "image/jpeg", buffer: await photo("#8a4b2a") },
    { name: "after.jpg", mimeType: "image/jpeg", buffer: await photo("#2a6b8a") },
  ]);
  await page.getByRole("button", { name: t("files.upload"), exact: true }).click();
  await expect(page.getByTestId("file-item")).toHaveCount(2);
  await imagesLoaded(page, '[data-testid="file-item"] img');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The second photo first (Up), then captioned and shown to the customer.
  await page.getByRole("button", { name: t("files.moveUpLabel", { name: "after.jpg" }) }).click();
  await expect(
    page
      .getByTestId("file-item")
      .first()
      .getByRole("link", { name: t("files.open", { name: "after.jpg" }) }),
  ).toBeVisible();
  const after = page.getByTestId("file-item").first();
  await after.getByLabel(t("files.caption"), { exact: true }).fill("New 200A panel, labelled");
  await after.getByLabel(t("files.showToCustomer")).check();
  await after.getByRole("button", { name: t("files.save") }).click();
  await expect(page.getByTestId("file-item").first().getByText(t("files.shown"))).toBeVisible();
  await expect(page.getByTestId("file-item").nth(1).getByText(t("files.shown"))).toHaveCount(0);

  // Deleting asks first; cancelling keeps it.
  await page.getByRole("link", { name: t("files.deleteLabel", { name: "before.jpg" }) }).click();
  await expect(page.getByText(t("files.deleteConfirm", { name: "before.jpg" }))).toBeVisible();
  await page.getByRole("link", { name: t("list.cancel") }).click();
  await expect(page.getByTestId("file-item")).toHaveCount(2);

  // The estimate's Photos & files: the job's photos to add.
  await page.goto(`/app/estimates/${estimate.id}/files`);
  await expect(page.getByText(t("files.empty"))).toBeVisible();
  await page
    .getByRole("button", { name: `${t("files.addToEstimate")}: ${t("files.addToLabel", { name: "New 200A panel, labelled" })}` })
    .click();
  await expect(page.getByTestId("file-item")).toHaveCount(1);
  await expect(page.getByTestId("file-item").getByText(t("files.shown"))).toBeVisible();

  // The customer's page, in a browser of their own.
  const share = await page.request.post(`/api/estimates/${estimate.id}/share`);
  const link = ((await share.json()) as { shareableLink: string }).shareableLink;
  const customerContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: PHONE,
    javaScriptEnabled: javaScript,
  });
  const customerPage = await customerContext.newPage();
  await customerPage.goto(new URL(link).pathname);
  const photos = customerPage.getByTestId("document-photos");
  await expect(photos.getByRole("heading", { name: say(en, "invoices.document.photos") })).toBeVisible();
  await expect(photos.getByRole("img")).toHaveCount(1);
  await expect(photos.getByText("New 200A panel, labelled")).toBeVisible();
  await imagesLoaded(customerPage, '[data-testid="document-photos"] img');
  // Its copy carries no EXIF: not the camera, not the GPS position.
  const src = await photos.getByRole("img").getAttribute("src");
  const copy = await customerPage.request.get(src!);
  expect(copy.headers()["content-type"]).toBe("image/jpeg");
  expect(copy.headers()["cache-control"]).toContain("private");
  const bytes = await copy.body();
  expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  expect(bytes.includes(Buffer.from("SecretPhoneMaker"))).toBe(false);
  // The member's address of the same file is not the customer's to open.
  const fileId = src!.split("/files/")[1].split("/")[0];
  expect((await customerPage.request.get(`/files/${fileId}/display`)).status()).toBe(404);

  // The PDF the customer downloads has the photo and its caption.
  const pdf = await customerPage.request.get(`${new URL(link).pathname}/pdf`);
  expect(pdf.status()).toBe(200);
  const pdfBytes = await pdf.body();
  expect(await pdfText(pdfBytes)).toContain("New 200A panel, labelled");
  expect(pdfBytes.toString("latin1").match(/\/Subtype\s*\/Image/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
  await customerContext.close();
});
