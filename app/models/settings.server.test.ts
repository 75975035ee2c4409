import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountSettings, accounts, users } from "#db/schema";
import type { SettingsInput } from "~/lib/settings-schema";
import { getDb, onQuery } from "~/infrastructure/db.server";
import { inRequestScope } from "~/infrastructure/request-memo.server";
import { signedInAccount } from "../../test/accounts";
import {
  autoBackupAccounts,
  getLogo,
  getAccountTimeZone,
  getSettings,
  getSettingsWithLogo,
  getSettingsWithoutLogo,
  getShellSettings,
  NextNumberBelowCurrent,
  removeLogo,
  setLogo,
  updatePreferences,
  updateSettings,
} from "./settings.server";

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWJSTX79HwAAAP//U/RKqgAAAAZJREFUAwAEoQJ18+MsXwAAAABJRU5ErkJggg==",
  "base64",
);

const input: SettingsInput = {
  appLanguage: "es",
  documentLanguage: "es",
  companyName: "Peña Electric LLC",
  phone: "(512) 555-0100",
  address: "12 Oak St, Austin, TX 78704",
  email: "office@penaelectric.example",
  website: "penaelectric.example",
  defaultTaxRate: 625,
  currency: "MXN",
  estimateValidDays: 45,
  estimateFollowUpDays: 5,
  remindersEnabled: false,
  reminderSteps: "0,10",
  invoiceTerms: "Net 15.",
  estimateTerms: "Valid 45 days.",
  paymentInstructions: "Checks payable to Peña Electric LLC",
  notifications: false,
  autoBackup: false,
  darkMode: true,
  timeZone: "America/Chicago",
};

/** An account without a settings row (as an account made before settings existed would be). */
async function bareAccount() {
  const db = await getDb();
  // An account and its login without a settings row.
  const [user] = await db
    .insert(users)
    .values({ name: "Bare", email: `${crypto.randomUUID()}@example.com`, passwordHash: "x" })
    .returning();
  await db.insert(accounts).values({ id: user.id });
  return user;
}

describe("settings defaults (docs/product/settings.md)", () => {
  it("a new account starts from the defaults", async () => {
    const { user } = await signedInAccount();
    const settings = await getSettings(user.id);
    expect(settings).toMatchObject({
      appLanguage: "en",
      documentLanguage: "en",
      companyName: "Your Trade Company",
      address: "123 Main Street, Springfield, ST 12345",
      phone: "(555) 123-4567",
      email: "office@yourtradecompany.com",
      website: "www.yourtradecompany.com",
      notifications: true,
      autoBackup: true,
      darkMode: false,
      defaultTaxRate: 825,
      currency: "USD",
      estimateValidDays: 30,
      logoMimeType: null,
      logoUpdatedAt: null,
      timeZone: null,
    });
    // The logo's bytes are read only for documents.
    expect(settings).not.toHaveProperty("logo");
    expect(await getSettingsWithLogo(user.id)).toMatchObject({
      logo: null,
      logoMimeType: null,
      companyName: "Your Trade Company",
    });
    expect(settings.invoiceTerms).toMatch(/30 days.*1\.5% per month/);
    expect(settings.estimateTerms).toMatch(/valid for 30 days.*Prices may change/);
  });

  it("creates the missing row with the defaults on first read", async () => {
    const user = await bareAccount();
    const settings = await getSettingsWithoutLogo(user.id);
    expect(settings).toMatchObject({ accountId: user.id, companyName: "Your Trade Company", defaultTaxRate: 825 });
    expect("logo" in settings).toBe(false);
  });
});

describe("saving settings", () => {
  it("saves the whole form and reads it back", async () => {
    const { user } = await signedInAccount();
    const saved = await updateSettings(user.id, input);
    expect(saved).toMatchObject(input);
    expect(await getSettingsWithoutLogo(user.id)).toMatchObject(input);
    expect(await getShellSettings(user.id)).toMatchObject({
      appLanguage: "es",
      darkMode: true,
      companyName: "Peña Electric LLC",
    });
  });

  it("keeps the logo when the form is saved, and the preferences switcher still works", async () => {
    const { user } = await signedInAccount();
    await setLogo(user.id, PNG_1X1, "image/png");
    await updateSettings(user.id, input);
    expect((await getLogo(user.id))?.mimeType).toBe("image/png");
    await updatePreferences(user.id, { appLanguage: "en", darkMode: false });
    expect(await getSettingsWithoutLogo(user.id)).toMatchObject({ ...input, appLanguage: "en", darkMode: false });
  });

  it("changes only the account's own settings", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    await updateSettings(a.user.id, input);
    await setLogo(a.user.id, PNG_1X1, "image/png");
    expect((await getSettings(b.user.id)).companyName).toBe("Your Trade Company");
    expect(await getLogo(b.user.id)).toMatchObject({ logo: null, mimeType: null });
    await removeLogo(b.user.id);
    expect((await getLogo(a.user.id))?.mimeType).toBe("image/png");
  });
});

describe("saving the document numbers (docs/decisions/031)", () => {
  it("sets the prefixes and raises a next number; leaves out what the form did not change", async () => {
    const { user } = await signedInAccount();
    await updateSettings(user.id, { ...input, estimatePrefix: "Q-", estimateNextNumber: 50, invoicePrefix: "" });
    expect(await getSettingsWithoutLogo(user.id)).toMatchObject({
      estimatePrefix: "Q-",
      estimateNextNumber: 50,
      invoicePrefix: "",
      invoiceNextNumber: 1,
    });
    await updateSettings(user.id, { ...input, companyName: "Only the name" });
    expect(await getSettingsWithoutLogo(user.id)).toMatchObject({
      companyName: "Only the name",
      estimatePrefix: "Q-",
      estimateNextNumber: 50,
    });
    // The same number again is no change, and allowed.
    await updateSettings(user.id, { ...input, estimateNextNumber: 50 });
  });

  it("never lowers a next number, even one raised after the form was checked: nothing at all is saved", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    // A document took numbers up to 7 after the route checked the form against 1.
    await db.update(accountSettings).set({ invoiceNextNumber: 8 }).where(eq(accountSettings.accountId, user.id));
    const refused = await updateSettings(user.id, { ...input, estimateNextNumber: 3, invoiceNextNumber: 5 }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(NextNumberBelowCurrent);
    expect((refused as NextNumberBelowCurrent).field).toBe("invoiceNextNumber");
    expect(await getSettingsWithoutLogo(user.id)).toMatchObject({
      companyName: "Your Trade Company",
      estimateNextNumber: 1,
      invoiceNextNumber: 8,
    });
  });
});

describe("the logo", () => {
  it("is stored with its type and date, and removed", async () => {
    const { user } = await signedInAccount();
    const at = new Date("2025-06-01T12:00:00Z");
    await setLogo(user.id, new Uint8Array(PNG_1X1), "image/png", at);
    const logo = await getLogo(user.id);
    expect(Buffer.compare(Buffer.from(logo!.logo!), PNG_1X1)).toBe(0);
    expect(logo).toMatchObject({ mimeType: "image/png", updatedAt: at });
    expect((await getShellSettings(user.id)).logoUpdatedAt).toEqual(at);

    await removeLogo(user.id);
    expect(await getLogo(user.id)).toEqual({ logo: null, mimeType: null, updatedAt: null });
    expect((await getShellSettings(user.id)).logoUpdatedAt).toBeNull();
  });

  it("is stored exactly, even from a view into a larger buffer", async () => {
    const { user } = await signedInAccount();
    const big = new Uint8Array(PNG_1X1.length + 10);
    big.set(PNG_1X1, 5);
    await setLogo(user.id, big.subarray(5, 5 + PNG_1X1.length), "image/png");
    expect(Buffer.compare(Buffer.from((await getLogo(user.id))!.logo!), PNG_1X1)).toBe(0);
  });
});

describe("autoBackupAccounts", () => {
  it("lists accounts with auto backup on, including those still on the defaults", async () => {
    const on = await signedInAccount();
    const off = await signedInAccount();
    const bare = await bareAccount();
    await updateSettings(off.user.id, { ...input, autoBackup: false });
    await updateSettings(on.user.id, { ...input, autoBackup: true });
    const ids = (await autoBackupAccounts()).map((account) => account.accountId);
    expect(ids).toContain(on.user.id);
    expect(ids).toContain(bare.id);
    expect(ids).not.toContain(off.user.id);
    expect((await autoBackupAccounts()).find((account) => account.accountId === on.user.id)?.timeZone).toBe("America/Chicago");
    const db = await getDb();
    expect(await db.select().from(accountSettings).where(eq(accountSettings.accountId, bare.id))).toHaveLength(0);
  });
});

describe("getShellSettings within a request", () => {
  it("reads the shell's settings once per GET request, and a change shows on the next request", async () => {
    const { user } = await signedInAccount("Shell Co");
    let reads = 0;
    const stop = onQuery(({ sql }) => {
      if (/from "account_settings"/i.test(sql)) reads++;
    });
    try {
      const [root, layout, zone, settings] = await inRequestScope(() =>
        Promise.all([getShellSettings(user.id), getShellSettings(user.id), getAccountTimeZone(user.id), getSettings(user.id)]),
      );
      expect(layout).toEqual(root);
      expect(root.companyName).toBe(settings.companyName);
      expect(zone).toBe("UTC");
      // The root, the layout, the page's time zone and its settings: one read of the row.
      expect(reads).toBe(1);
    } finally {
      stop();
    }
    await updatePreferences(user.id, { darkMode: true });
    expect((await inRequestScope(() => getShellSettings(user.id))).darkMode).toBe(true);
  });
});
