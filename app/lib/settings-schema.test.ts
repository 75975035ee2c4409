import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { settingsSchema, settingsSchemaFor, type CurrentNumbers } from "./settings-schema";

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

describe("settingsSchema: document numbers", () => {
  /** The group as the Settings page sends it: prefixes, next numbers and the numbers it showed. */
  const group = {
    estimatePrefix: "EST-",
    estimateNextNumber: "42",
    estimateNextNumberShown: "42",
    invoicePrefix: "INV-",
    invoiceNextNumber: "7",
    invoiceNextNumberShown: "7",
  };
  const current: CurrentNumbers = { estimateNextNumber: 42, invoiceNextNumber: 7 };

  function numbers(changes: Record<string, string | undefined>, now: CurrentNumbers | null = current) {
    return parseWithZod(form({ ...valid, ...group, ...changes }), { schema: settingsSchemaFor(now ?? undefined) });
  }
  function numberErrors(changes: Record<string, string | undefined>, now: CurrentNumbers | null = current) {
    const submission = numbers(changes, now);
    expect(submission.status).toBe("error");
    return ((submission.status === "error" ? submission.error : null) ?? {}) as Record<string, string[] | null>;
  }
  function valueOf(changes: Record<string, string | undefined>, now: CurrentNumbers | null = current) {
    const submission = numbers(changes, now);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") throw new Error("refused");
    return submission.value;
  }

  it("keeps what is stored when the form has no document numbers group (an older page)", () => {
    const submission = parse();
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    for (const key of ["estimatePrefix", "estimateNextNumber", "invoicePrefix", "invoiceNextNumber"]) {
      expect(submission.value, key).not.toHaveProperty(key);
    }
  });

  it("saves the prefixes, and a next number only when it was changed", () => {
    expect(valueOf({})).toMatchObject({ estimatePrefix: "EST-", invoicePrefix: "INV-" });
    expect(valueOf({})).not.toHaveProperty("estimateNextNumber");
    expect(valueOf({ estimatePrefix: "Q-2026/", estimateNextNumber: "100", invoiceNextNumber: " 8 " })).toMatchObject({
      estimatePrefix: "Q-2026/",
      estimateNextNumber: 100,
      invoiceNextNumber: 8,
    });
    // An emptied prefix is no prefix.
    expect(valueOf({ estimatePrefix: "" })).toMatchObject({ estimatePrefix: "" });
    expect(valueOf({ estimateNextNumber: "99999999" })).toMatchObject({ estimateNextNumber: 99_999_999 });
  });

  it("lets a next number go up or stay, never down", () => {
    expect(valueOf({ estimateNextNumber: "43" })).toMatchObject({ estimateNextNumber: 43 });
    expect(numberErrors({ estimateNextNumber: "41" }).estimateNextNumber).toEqual(["settings.errors.nextNumberBelow"]);
    expect(numberErrors({ invoiceNextNumber: "1" }).invoiceNextNumber).toEqual(["settings.errors.nextNumberBelow"]);
    // The account's number went up since the page was shown: the number sent as shown is left alone, not refused…
    const later = { estimateNextNumber: 45, invoiceNextNumber: 7 };
    expect(valueOf({}, later)).not.toHaveProperty("estimateNextNumber");
    // …but a number typed below the account's is refused.
    expect(numberErrors({ estimateNextNumber: "44" }, later).estimateNextNumber).toEqual(["settings.errors.nextNumberBelow"]);
    // Without the account's numbers (no current), only the form of the number is checked.
    expect(numbers({ estimateNextNumber: "2" }, null).status).toBe("success");
  });

  it("explains a next number that is not a whole number from 1 to 99,999,999, or is missing", () => {
    for (const [input, message] of [
      ["0", "settings.errors.nextNumberRange"],
      ["100000000", "settings.errors.nextNumberRange"],
      ["-3", "settings.errors.nextNumberRange"],
      ["4.5", "settings.errors.nextNumberWhole"],
      ["1e3", "settings.errors.nextNumberWhole"],
      ["forty", "settings.errors.nextNumberWhole"],
      ["", "settings.errors.nextNumberRequired"],
    ] as const) {
      expect(numberErrors({ estimateNextNumber: input }, null).estimateNextNumber, input).toEqual([message]);
    }
  });

  it("explains a prefix that is too long, has other characters or a space at an end", () => {
    for (const prefix of ["ABCDEFGHIJKLM", " EST-", "EST ", "EST#", "Nº-", "<b>"]) {
      expect(numberErrors({ estimatePrefix: prefix }).estimatePrefix, prefix).toEqual(["settings.errors.prefixInvalid"]);
    }
    for (const prefix of ["ABCDEFGHIJKL", "F.", "2026/", "Job No."]) {
      expect(valueOf({ invoicePrefix: prefix }), prefix).toMatchObject({ invoicePrefix: prefix });
    }
  });
});
