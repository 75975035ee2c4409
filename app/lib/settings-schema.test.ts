import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { settingsSchema } from "./settings-schema";

/** A complete, valid form as the browser sends it (switches on send "on"). */
const valid: Record<string, string> = {
  appLanguage: "es",
  documentLanguage: "en",
  companyName: "  Peña Electric LLC  ",
  phone: "(512) 555-0100",
  address: "12 Oak St, Austin, TX 78704",
  email: "Office@PenaElectric.example",
  website: "penaelectric.example",
  defaultTaxRate: "8.25",
  currency: "USD",
  estimateValidDays: "30",
  estimateFollowUpDays: "3",
  remindersEnabled: "on",
  reminderSteps: "-3, 0, +7, +14",
  invoiceTerms: "Net 30.",
  estimateTerms: "Valid 30 days.",
  paymentInstructions: "Zelle: pay@penaelectric.example",
  notifications: "on",
  darkMode: "on",
  timeZone: "America/Chicago",
};

function form(fields: Record<string, string | undefined>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.set(key, value);
  return data;
}

function parse(changes: Record<string, string | undefined> = {}) {
  return parseWithZod(form({ ...valid, ...changes }), { schema: settingsSchema });
}

function errorsOf(changes: Record<string, string | undefined>) {
  const submission = parse(changes);
  expect(submission.status).toBe("error");
  return ((submission.status === "error" ? submission.error : null) ?? {}) as Record<string, string[] | null>;
}

describe("settingsSchema", () => {
  it("reads a whole form: trimmed text, the rate in ten-thousandths, days as a number, switches as booleans", () => {
    const submission = parse();
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      appLanguage: "es",
      documentLanguage: "en",
      companyName: "Peña Electric LLC",
      phone: "(512) 555-0100",
      address: "12 Oak St, Austin, TX 78704",
      email: "office@penaelectric.example",
      website: "penaelectric.example",
      defaultTaxRate: 825,
      currency: "USD",
      estimateValidDays: 30,
      estimateFollowUpDays: 3,
      remindersEnabled: true,
      reminderSteps: "-3,0,7,14",
      invoiceTerms: "Net 30.",
      estimateTerms: "Valid 30 days.",
      paymentInstructions: "Zelle: pay@penaelectric.example",
      notifications: true,
      autoBackup: false,
      darkMode: true,
      timeZone: "America/Chicago",
    });
  });

  it("stores empty optional fields as empty text", () => {
    const submission = parse({ phone: "", address: "  ", email: "", website: "", invoiceTerms: "", estimateTerms: "" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      phone: "",
      address: "",
      email: "",
      website: "",
      invoiceTerms: "",
      estimateTerms: "",
    });
  });

  it("accepts tax rates from 0 to 99.99 with up to two decimals", () => {
    for (const [input, rate] of [
      ["0", 0],
      ["7", 700],
      ["8.5", 850],
      ["8.25", 825],
      ["0.01", 1],
      ["99.99", 9999],
      [".5", 50],
    ] as const) {
      const submission = parse({ defaultTaxRate: input });
      expect(submission.status, input).toBe("success");
      if (submission.status === "success") expect(submission.value.defaultTaxRate, input).toBe(rate);
    }
  });

  it("explains a bad tax rate", () => {
    expect(errorsOf({ defaultTaxRate: "8.255" }).defaultTaxRate).toEqual(["settings.errors.taxRateDecimals"]);
    expect(errorsOf({ defaultTaxRate: "100" }).defaultTaxRate).toEqual(["settings.errors.taxRateRange"]);
    expect(errorsOf({ defaultTaxRate: "-1" }).defaultTaxRate).toEqual(["settings.errors.taxRateRange"]);
    expect(errorsOf({ defaultTaxRate: "8,25" }).defaultTaxRate).toEqual(["settings.errors.taxRateInvalid"]);
    expect(errorsOf({ defaultTaxRate: "abc" }).defaultTaxRate).toEqual(["settings.errors.taxRateInvalid"]);
    expect(errorsOf({ defaultTaxRate: "" }).defaultTaxRate).toEqual(["settings.errors.taxRateRequired"]);
  });

  it("wants a whole number of valid days from 1 to 365", () => {
    for (const days of ["1", "30", "365"]) expect(parse({ estimateValidDays: days }).status, days).toBe("success");
    expect(errorsOf({ estimateValidDays: "0" }).estimateValidDays).toEqual(["settings.errors.validDaysRange"]);
    expect(errorsOf({ estimateValidDays: "366" }).estimateValidDays).toEqual(["settings.errors.validDaysRange"]);
    expect(errorsOf({ estimateValidDays: "-5" }).estimateValidDays).toEqual(["settings.errors.validDaysRange"]);
    expect(errorsOf({ estimateValidDays: "7.5" }).estimateValidDays).toEqual(["settings.errors.validDaysWhole"]);
    expect(errorsOf({ estimateValidDays: "ten" }).estimateValidDays).toEqual(["settings.errors.validDaysWhole"]);
    expect(errorsOf({ estimateFollowUpDays: "61" }).estimateFollowUpDays).toEqual(["settings.errors.followUpDaysRange"]);
    expect(errorsOf({ estimateFollowUpDays: "-1" }).estimateFollowUpDays).toEqual(["settings.errors.followUpDaysRange"]);
    expect(errorsOf({ estimateFollowUpDays: "" }).estimateFollowUpDays).toEqual(["settings.errors.followUpDaysRequired"]);
    expect(parse({ estimateFollowUpDays: "0" }).status).toBe("success");
    expect(errorsOf({ reminderSteps: "soon" }).reminderSteps).toEqual(["settings.errors.reminderSteps_invalid"]);
    expect(errorsOf({ reminderSteps: "-40" }).reminderSteps).toEqual(["settings.errors.reminderSteps_range"]);
    expect(errorsOf({ estimateValidDays: undefined }).estimateValidDays).toEqual(["settings.errors.validDaysRequired"]);
  });

  it("needs a company name and a valid e-mail, and limits lengths", () => {
    expect(errorsOf({ companyName: "   " }).companyName).toEqual(["settings.errors.companyNameRequired"]);
    expect(errorsOf({ companyName: "x".repeat(121) }).companyName).toEqual(["validation.tooLong"]);
    expect(errorsOf({ email: "not-an-email" }).email).toEqual(["common.invalidEmail"]);
    expect(errorsOf({ phone: "5".repeat(41) }).phone).toEqual(["validation.tooLong"]);
    expect(errorsOf({ address: "a".repeat(301) }).address).toEqual(["validation.tooLong"]);
    expect(errorsOf({ website: "w".repeat(201) }).website).toEqual(["validation.tooLong"]);
    expect(errorsOf({ invoiceTerms: "t".repeat(4001) }).invoiceTerms).toEqual(["validation.tooLong"]);
  });

  it("accepts only the offered languages, currencies and real time zones", () => {
    expect(errorsOf({ appLanguage: "fr" }).appLanguage).toEqual(["settings.errors.languageInvalid"]);
    expect(errorsOf({ documentLanguage: "" }).documentLanguage).toEqual(["settings.errors.languageInvalid"]);
    expect(errorsOf({ currency: "JPY" }).currency).toEqual(["settings.errors.currencyInvalid"]);
    expect(errorsOf({ timeZone: "Mars/Olympus_Mons" }).timeZone).toEqual(["settings.errors.timeZoneInvalid"]);
    for (const currency of ["USD", "CAD", "MXN", "EUR", "GBP"]) expect(parse({ currency }).status, currency).toBe("success");
    expect(parse({ timeZone: "UTC" }).status).toBe("success");
  });

  it("checks the late-charge days against the reminder days, and explains either field's mistake on its own", () => {
    expect(parse({ reminderLateChargeSteps: "+7" }).status).toBe("success");
    expect(errorsOf({ reminderLateChargeSteps: "+8" }).reminderLateChargeSteps).toEqual([
      "settings.errors.lateChargeStepsNotReminder",
    ]);
    for (const bad of ["0", "abc", "-5", "1e20", "12.345", "x".repeat(10_000)]) {
      expect(errorsOf({ reminderLateChargeSteps: bad }).reminderLateChargeSteps).toEqual(["settings.errors.lateChargeSteps"]);
    }
    const both = errorsOf({ reminderSteps: "abc", reminderLateChargeSteps: "+7" });
    expect(both.reminderSteps?.[0]).toMatch(/^settings\.errors\.reminderSteps_/);
    expect(both.reminderLateChargeSteps).toBeUndefined();
  });

  it("reads unchecked switches as off", () => {
    const submission = parse({ notifications: undefined, autoBackup: undefined, darkMode: undefined });
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toMatchObject({ notifications: false, autoBackup: false, darkMode: false });
  });
});
