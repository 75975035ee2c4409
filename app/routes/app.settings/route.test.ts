// The /app/settings and /app/reports loaders and actions (settings form, logo upload,
// data export, report exports), called the way Remix calls them.
import { describe, expect, it } from "vitest";
import { createCustomer, createInvoice } from "#db/factories";
import { createEstimate } from "~/models/estimate.server";
import { getLogo, getSettingsWithoutLogo } from "~/models/settings.server";
import { getRequestPage, saveRequestPage } from "~/models/work-request.server";
import { slugify } from "~/lib/work-request-schema";
import { translate } from "~/infrastructure/i18n.server";
import { loader as logoLoader } from "~/routes/app.logo/route";
import { loader as reportCsvLoader } from "~/routes/app.reports.export[.csv]/route";
import { loader as reportJsonLoader } from "~/routes/app.reports.export[.json]/route";
import { loader as reportsLoader } from "~/routes/app.reports/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/app.settings/route";
import { loader as dataExportLoader } from "~/routes/app.settings.export[.json]/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { changedTables, tableChecksums } from "../../../test/db-checksum";
import { formRequest } from "../../../test/requests";
import { runRoute, toastOf } from "../../../test/route";

const ORIGIN = "http://localhost";
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWJSTX79HwAAAP//U/RKqgAAAAZJREFUAwAEoQJ18+MsXwAAAABJRU5ErkJggg==",
  "base64",
);

const form = {
  appLanguage: "es",
  documentLanguage: "en",
  companyName: "Volt Bros",
  phone: "555-0100",
  address: "1 Main St",
  email: "office@voltbros.example",
  website: "voltbros.example",
  defaultTaxRate: "7.5",
  currency: "CAD",
  estimateValidDays: "14",
  estimateFollowUpDays: "4",
  reminderSteps: "-3, 0, 7, 14",
  invoiceTerms: "Net 15",
  estimateTerms: "Valid 14 days",
  paymentInstructions: "",
  darkMode: "on",
  timeZone: "America/Denver",
  intent: "save",
};

function upload(cookie: string, file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string } | null, intent = "upload") {
  const body = new FormData();
  body.set("intent", intent);
  if (file) body.set("logo", new File([file.bytes], file.name, { type: file.type }));
  return new Request(`${ORIGIN}/app/settings`, { method: "POST", body, headers: { Cookie: cookie } });
}

describe("/app/settings", () => {
  it("shows the defaults, the zone the server offers and the application information", async () => {
    const { cookie } = await signedInAccount();
    const { data: body } = await runRoute(settingsLoader, "/app/settings", { cookie });
    const page = body as Awaited<ReturnType<typeof settingsLoader>>;
    expect(page.defaults).toMatchObject({
      companyName: "Your Trade Company",
      defaultTaxRate: "8.25",
      estimateValidDays: "30",
      currency: "USD",
      autoBackup: true,
      darkMode: false,
    });
    expect(page.zoneChosen).toBe(false);
    expect(page.timeZones).toContain(page.defaults.timeZone);
    expect(page.app).toMatchObject({ version: "1.0.0", build: "development" });
    expect(page.app.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page.logoUrl).toBeNull();
  });

  it("saves the whole form, sets the language and theme cookies and says Settings saved", async () => {
    const { user, cookie } = await signedInAccount();
    const result = await runRoute(settingsAction, formRequest(`${ORIGIN}/app/settings`, form, { Cookie: cookie }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app/settings");
    const cookies = result.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/td_lang=[^;]+/);
    expect(cookies).toMatch(/td_theme=[^;]+/);
    expect(await toastOf(result.headers)).toMatchObject({
      type: "success",
      title: "settings.saved",
      description: "settings.savedBody",
    });
    expect(await getSettingsWithoutLogo(user.id)).toMatchObject({
      appLanguage: "es",
      companyName: "Volt Bros",
      defaultTaxRate: 750,
      currency: "CAD",
      estimateValidDays: 14,
      notifications: false,
      autoBackup: false,
      darkMode: true,
      timeZone: "America/Denver",
    });
  });

  it("answers 400 with the field errors and saves nothing", async () => {
    const { user, cookie } = await signedInAccount();
    const result = await runRoute(
      settingsAction,
      formRequest(
        `${ORIGIN}/app/settings`,
        { ...form, defaultTaxRate: "100", estimateValidDays: "0", email: "nope" },
        { Cookie: cookie },
      ),
    );
    expect(result.status).toBe(400);
    const errors = (result.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors).toMatchObject({
      defaultTaxRate: ["settings.errors.taxRateRange"],
      estimateValidDays: ["settings.errors.validDaysRange"],
      email: ["common.invalidEmail"],
    });
    expect((await getSettingsWithoutLogo(user.id)).companyName).toBe("Your Trade Company");
  });
});

describe("/app/settings: the request page", () => {
  const company = () => `Volt Bros ${crypto.randomUUID().slice(0, 8)}`;

  it("opening Settings writes nothing, not even the request page", async () => {
    const { user, cookie } = await signedInAccount();
    const before = await tableChecksums();
    expect((await runRoute(settingsLoader, "/app/settings", { cookie })).status).toBe(200);
    expect(changedTables(before, await tableChecksums())).toEqual([]);
    expect(await getRequestPage(user.id)).toBeUndefined();
  });

  it("saving Settings makes the account's request page from the company name, unique across accounts", async () => {
    const name = company();
    const a = await signedInAccount();
    const b = await signedInAccount();
    const save = (cookie: string, companyName: string) =>
      runRoute(settingsAction, formRequest(`${ORIGIN}/app/settings`, { ...form, companyName }, { Cookie: cookie }));
    expect((await save(a.cookie, name)).status).toBe(302);
    expect(await getRequestPage(a.user.id)).toMatchObject({ slug: slugify(name), enabled: true });
    expect((await save(b.cookie, name)).status).toBe(302);
    expect(await getRequestPage(b.user.id)).toMatchObject({ slug: `${slugify(name)}-2`, enabled: true });
    // A later save under another name keeps the address people already link to.
    expect((await save(a.cookie, company())).status).toBe(302);
    expect((await getRequestPage(a.user.id))?.slug).toBe(slugify(name));
  });

  it("keeps a page already saved, its address and whether it is on", async () => {
    const { user, cookie } = await signedInAccount();
    const slug = `own-${crypto.randomUUID().slice(0, 8)}`;
    await saveRequestPage(user.id, { slug, enabled: false });
    expect((await runRoute(settingsAction, formRequest(`${ORIGIN}/app/settings`, form, { Cookie: cookie }))).status).toBe(302);
    expect(await getRequestPage(user.id)).toMatchObject({ slug, enabled: false });
  });

  it("makes no page when the form is refused", async () => {
    const { user, cookie } = await signedInAccount();
    const refused = await runRoute(
      settingsAction,
      formRequest(`${ORIGIN}/app/settings`, { ...form, email: "nope" }, { Cookie: cookie }),
    );
    expect(refused.status).toBe(400);
    expect(await getRequestPage(user.id)).toBeUndefined();
  });
});

describe("/app/settings: document numbers", () => {
  /** The form as the page sends it, with its document numbers group (as the page showed them: `shown`). */
  const numbersForm = (changes: Record<string, string>, shown = { estimate: "1", invoice: "1" }) => ({
    ...form,
    estimatePrefix: "EST-",
    estimateNextNumber: shown.estimate,
    estimateNextNumberShown: shown.estimate,
    invoicePrefix: "INV-",
    invoiceNextNumber: shown.invoice,
    invoiceNextNumberShown: shown.invoice,
    ...changes,
  });
  const post = (cookie: string, body: Record<string, string>) =>
    runRoute(settingsAction, formRequest(`${ORIGIN}/app/settings`, body, { Cookie: cookie }));
  const estimateFor = async (accountId: string) => {
    const customer = await createCustomer(await getDb(), accountId);
    return createEstimate(accountId, {
      customerId: customer.id,
      jobId: null,
      title: "Panel upgrade",
      description: null,
      status: "pending",
      taxRate: 825,
      validUntil: null,
      notes: null,
      items: [{ description: "Labor", quantity: 100, unitPrice: 10_000, taxable: true, discountPercent: 0, optional: false }],
    });
  };

  it("shows each kind's prefix and next number", async () => {
    const { cookie } = await signedInAccount();
    const page = (await runRoute(settingsLoader, "/app/settings", { cookie })).data as Awaited<ReturnType<typeof settingsLoader>>;
    expect(page.defaults).toMatchObject({
      estimatePrefix: "EST-",
      estimateNextNumber: "1",
      invoicePrefix: "INV-",
      invoiceNextNumber: "1",
    });
  });

  it("saves a new prefix and next number, which the next estimate then takes", async () => {
    const { user, cookie } = await signedInAccount();
    const result = await post(cookie, numbersForm({ estimatePrefix: "Q-2026/", estimateNextNumber: "40", invoicePrefix: "" }));
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toMatchObject({ type: "success", title: "settings.saved" });
    expect(await getSettingsWithoutLogo(user.id)).toMatchObject({
      companyName: "Volt Bros",
      estimatePrefix: "Q-2026/",
      estimateNextNumber: 40,
      invoicePrefix: "",
      invoiceNextNumber: 1,
    });
    expect((await estimateFor(user.id)).estimateNumber).toBe("Q-2026/0040");
    const page = (await runRoute(settingsLoader, "/app/settings", { cookie })).data as Awaited<ReturnType<typeof settingsLoader>>;
    expect(page.defaults).toMatchObject({ estimatePrefix: "Q-2026/", estimateNextNumber: "41", invoicePrefix: "" });
  });

  it("refuses a next number below the current one with its message, and saves nothing of the form", async () => {
    const { user, cookie } = await signedInAccount();
    expect((await post(cookie, numbersForm({ estimateNextNumber: "10" }))).status).toBe(302);
    const before = await tableChecksums();
    const result = await post(
      cookie,
      numbersForm(
        { companyName: "Renamed Co", estimatePrefix: "NEW-", estimateNextNumber: "9" },
        { estimate: "10", invoice: "1" },
      ),
    );
    expect(result.status).toBe(400);
    const errors = (result.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors).toEqual({ estimateNextNumber: ["settings.errors.nextNumberBelow"] });
    expect(changedTables(before, await tableChecksums())).toEqual([]);
    expect(await getSettingsWithoutLogo(user.id)).toMatchObject({
      companyName: "Volt Bros",
      estimatePrefix: "EST-",
      estimateNextNumber: 10,
    });
    // The message the field shows, in both languages.
    expect(translate("en", "settings.errors.nextNumberBelow")).toMatch(/can only go up/);
    expect(translate("es", "settings.errors.nextNumberBelow")).toMatch(/solo puede aumentar/);
  });

  it("refuses a next number below one given out since the page was shown, but keeps one sent as it was shown", async () => {
    const { user, cookie } = await signedInAccount();
    // The page showed 1; an estimate took EST-0001 meanwhile.
    expect((await estimateFor(user.id)).estimateNumber).toBe("EST-0001");
    const unchanged = await post(cookie, numbersForm({ companyName: "Saved Anyway" }));
    expect(unchanged.status).toBe(302);
    expect(await getSettingsWithoutLogo(user.id)).toMatchObject({ companyName: "Saved Anyway", estimateNextNumber: 2 });
    // Typed below the account's number (not as shown): refused.
    const lowered = await post(cookie, numbersForm({ estimateNextNumber: "1" }, { estimate: "5", invoice: "1" }));
    expect(lowered.status).toBe(400);
    expect((lowered.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      estimateNextNumber: ["settings.errors.nextNumberBelow"],
    });
  });

  it("explains a bad prefix or next number in the form's answer", async () => {
    const { cookie } = await signedInAccount();
    const result = await post(cookie, numbersForm({ estimatePrefix: "EST ", invoiceNextNumber: "0" }));
    expect(result.status).toBe(400);
    expect((result.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      estimatePrefix: ["settings.errors.prefixInvalid"],
      invoiceNextNumber: ["settings.errors.nextNumberRange"],
    });
  });

  it("puts the prefixes and next numbers in the data export", async () => {
    const { cookie } = await signedInAccount();
    await post(cookie, numbersForm({ invoicePrefix: "F-", invoiceNextNumber: "300" }));
    const data = await (await runRoute(dataExportLoader, "/app/settings/export.json", { cookie })).json();
    expect(data.settings).toMatchObject({
      estimatePrefix: "EST-",
      estimateNextNumber: 1,
      invoicePrefix: "F-",
      invoiceNextNumber: 300,
    });
  });
});

describe("the logo form", () => {
  it("uploads a real PNG, serves it as image/png, and removes it", async () => {
    const { user, cookie } = await signedInAccount();
    const result = await runRoute(settingsAction, upload(cookie, { bytes: PNG_1X1, name: "logo.png", type: "image/png" }));
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toMatchObject({ type: "success", title: "settings.logo.uploaded" });
    expect((await getLogo(user.id))?.mimeType).toBe("image/png");

    const served = await runRoute(logoLoader, "/app/logo", { cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), PNG_1X1)).toBe(0);
    const page = (await runRoute(settingsLoader, "/app/settings", { cookie })).data as Awaited<ReturnType<typeof settingsLoader>>;
    expect(page.logoUrl).toMatch(/^\/app\/logo\?v=\d+$/);

    const removed = await runRoute(settingsAction, upload(cookie, null, "remove"));
    expect(await toastOf(removed.headers)).toMatchObject({ type: "success", title: "settings.logo.removed" });
    expect((await runRoute(logoLoader, "/app/logo", { cookie })).status).toBe(404);
  });

  it("stores the type the bytes say, not the one the browser claims", async () => {
    const { user, cookie } = await signedInAccount();
    await runRoute(settingsAction, upload(cookie, { bytes: PNG_1X1, name: "logo.jpg", type: "image/jpeg" }));
    expect((await getLogo(user.id))?.mimeType).toBe("image/png");
  });

  it("refuses a text file named .png, an SVG and a GIF as Invalid file type", async () => {
    const { user, cookie } = await signedInAccount();
    for (const file of [
      { bytes: Buffer.from("just some notes\n"), name: "logo.png", type: "image/png" },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: "logo.svg", type: "image/svg+xml" },
      {
        bytes: Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64"),
        name: "logo.gif",
        type: "image/gif",
      },
    ]) {
      const result = await runRoute(settingsAction, upload(cookie, file));
      expect(await toastOf(result.headers), file.name).toMatchObject({
        type: "error",
        title: "settings.logo.invalidType",
        description: "settings.logo.invalidTypeBody",
      });
    }
    expect((await getLogo(user.id))?.logo).toBeNull();
  });

  it("refuses an image over 5 MB as File too large", async () => {
    const { user, cookie } = await signedInAccount();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_1X1);
    const result = await runRoute(settingsAction, upload(cookie, { bytes: big, name: "big.png", type: "image/png" }));
    expect(await toastOf(result.headers)).toMatchObject({
      type: "error",
      title: "settings.logo.tooLarge",
      description: "settings.logo.tooLargeBody",
    });
    const huge = new Uint8Array(8 * 1024 * 1024);
    huge.set(PNG_1X1);
    const refused = await runRoute(settingsAction, upload(cookie, { bytes: huge, name: "huge.png", type: "image/png" }));
    expect(await toastOf(refused.headers)).toMatchObject({ title: "settings.logo.tooLarge" });
    // A body announced as far larger is refused before it is read.
    const announced = upload(cookie, { bytes: PNG_1X1, name: "logo.png", type: "image/png" });
    const headers = new Headers(announced.headers);
    headers.set("Content-Length", String(50 * 1024 * 1024));
    const early = await runRoute(settingsAction, new Request(announced, { headers }));
    expect(await toastOf(early.headers)).toMatchObject({ title: "settings.logo.tooLarge" });
    expect((await getLogo(user.id))?.logo).toBeNull();
  });

  it("asks for a file when none was chosen", async () => {
    const { cookie } = await signedInAccount();
    const result = await runRoute(settingsAction, upload(cookie, null));
    expect(await toastOf(result.headers)).toMatchObject({ type: "error", title: "settings.logo.missing" });
  });
});

describe("/app/settings/export.json", () => {
  it("downloads the account's data as a JSON attachment", async () => {
    const { user, cookie } = await signedInAccount();
    await createCustomer(await getDb(), user.id, { name: "Ana Ruiz" });
    const response = await runRoute(dataExportLoader, "/app/settings/export.json", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="tradedesk-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = await response.json();
    expect(data.account.id).toBe(user.id);
    expect(data.customers.map((c: { name: string }) => c.name)).toEqual(["Ana Ruiz"]);
  });

  it("needs a session", async () => {
    const response = await runRoute(dataExportLoader, new Request(`${ORIGIN}/app/settings/export.json`));
    expect(response.status).toBe(302);
  });
});

describe("/app/reports", () => {
  it("reads the range from the URL and defaults to 30 days", async () => {
    const { cookie } = await signedInAccount();
    const page = (await runRoute(reportsLoader, "/app/reports?range=90", { cookie })).data as Awaited<
      ReturnType<typeof reportsLoader>
    >;
    expect(page.range).toBe(90);
    expect(((await runRoute(reportsLoader, "/app/reports?range=12", { cookie })).data as { range: number }).range).toBe(30);
  });

  it("exports the report as business-report-{date}.json and as CSV", async () => {
    const { user, cookie } = await signedInAccount();
    const db = await getDb();
    await createInvoice(db, user.id, {
      status: "paid",
      taxRate: 0,
      items: [{ description: "Work", quantity: 100, unitPrice: 12_345 }],
    });
    const json = await runRoute(reportJsonLoader, "/app/reports/export.json?range=7", { cookie });
    expect(json.headers.get("Content-Disposition")).toMatch(/^attachment; filename="business-report-\d{4}-\d{2}-\d{2}\.json"$/);
    const report = await json.json();
    // collected and aging came with the payments ledger (docs/decisions/020).
    expect(Object.keys(report)).toEqual(["generatedAt", "range", "summary", "counts", "collected", "aging"]);
    expect(report.range.days).toBe(7);
    expect(report.summary).toMatchObject({ totalRevenue: "123.45", totalInvoices: 1, totalCustomers: 1 });
    expect(report.counts).toEqual({ customers: 1, jobs: 0, estimates: 0, invoices: 1 });

    const csv = await runRoute(reportCsvLoader, "/app/reports/export.csv?range=7", { cookie });
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.headers.get("Content-Disposition")).toMatch(/business-report-\d{4}-\d{2}-\d{2}\.csv/);
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe("metric,value");
    expect(text).toContain("summary.totalRevenue,123.45\r\n");
    expect(text).toContain("counts.invoices,1\r\n");
  });
});
