import { z } from "zod";
import { parsePercentRate } from "./money";
import { parseReminderSteps } from "./reminders";
import { parseLateChargeRate } from "./late-charge";
import { MAX_DEPOSIT_PERCENT } from "./deposit";
import { isValidTimeZone } from "./clock";
import { plainText, type TextLines } from "./validation";
import { isDocumentPrefix, MAX_NEXT_NUMBER, type DocumentKind } from "./document-number";

// The settings form (docs/product/settings.md: its fields and their defaults).
// Messages are dictionary keys. Values arrive as form strings; an unchecked switch
// sends nothing.

export const CURRENCIES = ["USD", "CAD", "MXN", "EUR", "GBP"] as const;

export const SETTINGS_LANGUAGES = ["en", "es"] as const;

/** The highest default tax rate the form accepts: 99.99% (9999 ten-thousandths). */
export const MAX_DEFAULT_TAX_RATE = 9999;
export const MIN_VALID_DAYS = 1;
export const MAX_VALID_DAYS = 365;

export const SETTINGS_LIMITS = {
  companyName: 120,
  phone: 40,
  address: 300,
  email: 254,
  website: 200,
  terms: 4000,
} as const;

const text = (max: number, lines: TextLines = "single") =>
  plainText(
    z
      .string({ invalid_type_error: "validation.expectedText" })
      .trim()
      .max(max, "validation.tooLong")
      .nullish()
      .transform((value) => value ?? ""),
    lines,
  );

const language = z.enum(SETTINGS_LANGUAGES, { errorMap: () => ({ message: "settings.errors.languageInvalid" }) });

/** "8.25" (percent, step 0.01) into ten-thousandths of a fraction, 825. */
const taxRate = z
  .string({ required_error: "settings.errors.taxRateRequired", invalid_type_error: "settings.errors.taxRateInvalid" })
  .trim()
  .min(1, "settings.errors.taxRateRequired")
  .transform((value, ctx) => {
    if (!/^\d*\.?\d*$/.test(value) || value === ".") {
      ctx.addIssue({
        code: "custom",
        message: value.startsWith("-") ? "settings.errors.taxRateRange" : "settings.errors.taxRateInvalid",
      });
      return z.NEVER;
    }
    const rate = parsePercentRate(value);
    if (rate === null) {
      ctx.addIssue({ code: "custom", message: "settings.errors.taxRateDecimals" });
      return z.NEVER;
    }
    if (rate > MAX_DEFAULT_TAX_RATE) {
      ctx.addIssue({ code: "custom", message: "settings.errors.taxRateRange" });
      return z.NEVER;
    }
    return rate;
  });

/** A whole number of days between min and max; the messages name the field. */
const dayCount = (min: number, max: number, messages: { required: string; range: string }) =>
  z
    .string({ required_error: messages.required, invalid_type_error: "settings.errors.validDaysWhole" })
    .trim()
    .min(1, messages.required)
    .transform((value, ctx) => {
      if (!/^[+-]?\d+$/.test(value)) {
        ctx.addIssue({ code: "custom", message: "settings.errors.validDaysWhole" });
        return z.NEVER;
      }
      const days = Number(value);
      if (days < min || days > max) {
        ctx.addIssue({ code: "custom", message: messages.range });
        return z.NEVER;
      }
      return days;
    });

const validDays = dayCount(MIN_VALID_DAYS, MAX_VALID_DAYS, {
  required: "settings.errors.validDaysRequired",
  range: "settings.errors.validDaysRange",
});
/** Days after sending before the one follow-up of an unanswered estimate; 0 sends none. */
export const MAX_FOLLOW_UP_DAYS = 60;
const followUpDays = dayCount(0, MAX_FOLLOW_UP_DAYS, {
  required: "settings.errors.followUpDaysRequired",
  range: "settings.errors.followUpDaysRange",
});

/** A switch (a checkbox): checked sends "on", unchecked sends nothing. */
const toggle = z.unknown().transform((value) => value === true || value === "on" || value === "true");

/**
 * A percent field added after the first settings (deposit, late charge): left out, it keeps
 * what is stored (undefined); sent, it must parse.
 */
const optionalPercent = (parse: (text: string) => number | null, message: string) =>
  z
    .string({ invalid_type_error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parsed = parse(value);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    });

const depositPercent = (text: string) => {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d*\.?\d{0,2}$/.test(trimmed) || trimmed === ".") return null;
  const value = parsePercentRate(trimmed);
  return value !== null && value <= MAX_DEPOSIT_PERCENT ? value : null;
};

/** The reminder days that also add the late charge: days after the due date, "7, 14"; "" for none. */
const lateChargeSteps = z
  .string({ invalid_type_error: "settings.errors.lateChargeSteps" })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value.trim() === "") return "";
    const parsed = parseReminderSteps(value);
    if (!parsed.ok || parsed.steps.some((step) => step < 1)) {
      ctx.addIssue({ code: "custom", message: "settings.errors.lateChargeSteps" });
      return z.NEVER;
    }
    return parsed.steps.join(",");
  });

/**
 * Document numbers (docs/decisions/031), a group added after the first settings: left out,
 * the stored prefixes and next numbers stay. A prefix is sent as typed (no trimming: a space
 * at either end is refused, not dropped); an empty field arrives as nothing.
 */
const documentPrefix = z
  .string({ invalid_type_error: "settings.errors.prefixInvalid" })
  .optional()
  .refine((value) => value === undefined || isDocumentPrefix(value), "settings.errors.prefixInvalid");

/** A whole number from 1 to 99,999,999; left out, nothing (see `numberRules`). */
const nextNumber = z
  .string({ invalid_type_error: "settings.errors.nextNumberWhole" })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const text = value.trim();
    if (!/^[+-]?\d+$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "settings.errors.nextNumberWhole" });
      return z.NEVER;
    }
    const number = Number(text);
    if (number < 1 || number > MAX_NEXT_NUMBER) {
      ctx.addIssue({ code: "custom", message: "settings.errors.nextNumberRange" });
      return z.NEVER;
    }
    return number;
  });

/**
 * The next number the form showed (a hidden field). Its presence says the form had the
 * document numbers group; a next number sent as it was shown is left as stored, so saving
 * other settings never fails because documents were numbered meanwhile. Never an error.
 */
const shownNumber = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined));

const settingsFields = z.object({
  appLanguage: language,
  documentLanguage: language,
  companyName: plainText(
    z
      .string({ required_error: "settings.errors.companyNameRequired", invalid_type_error: "validation.expectedText" })
      .trim()
      .min(1, "settings.errors.companyNameRequired")
      .max(SETTINGS_LIMITS.companyName, "validation.tooLong"),
  ),
  phone: text(SETTINGS_LIMITS.phone),
  address: text(SETTINGS_LIMITS.address),
  email: z
    .string({ invalid_type_error: "validation.expectedText" })
    .trim()
    .max(SETTINGS_LIMITS.email, "common.invalidEmail")
    .email("common.invalidEmail")
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((value) => (value ? value.toLowerCase() : "")),
  website: text(SETTINGS_LIMITS.website),
  defaultTaxRate: taxRate,
  currency: z.enum(CURRENCIES, { errorMap: () => ({ message: "settings.errors.currencyInvalid" }) }),
  estimateValidDays: validDays,
  estimateFollowUpDays: followUpDays,
  remindersEnabled: toggle,
  reminderSteps: z
    .string({ invalid_type_error: "settings.errors.reminderStepsInvalid" })
    .optional()
    .transform((value, ctx) => {
      const parsed = parseReminderSteps(value ?? "");
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: `settings.errors.reminderSteps_${parsed.error}` });
        return z.NEVER;
      }
      return parsed.steps.join(",");
    }),
  invoiceTerms: text(SETTINGS_LIMITS.terms, "multi"),
  estimateTerms: text(SETTINGS_LIMITS.terms, "multi"),
  paymentInstructions: text(SETTINGS_LIMITS.terms, "multi"),
  defaultDepositPercent: optionalPercent(depositPercent, "settings.errors.depositPercent"),
  lateChargeRate: optionalPercent(parseLateChargeRate, "settings.errors.lateChargeRate"),
  reminderLateChargeSteps: lateChargeSteps,
  notifications: toggle,
  autoBackup: toggle,
  darkMode: toggle,
  timeZone: z
    .string({ required_error: "settings.errors.timeZoneInvalid", invalid_type_error: "settings.errors.timeZoneInvalid" })
    .trim()
    .refine(isValidTimeZone, "settings.errors.timeZoneInvalid"),
  estimatePrefix: documentPrefix,
  estimateNextNumber: nextNumber,
  estimateNextNumberShown: shownNumber,
  invoicePrefix: documentPrefix,
  invoiceNextNumber: nextNumber,
  invoiceNextNumberShown: shownNumber,
});

/** What the form changes of the document numbers: only what it sets (decision 031). */
export type DocumentNumbersInput = {
  estimatePrefix?: string;
  estimateNextNumber?: number;
  invoicePrefix?: string;
  invoiceNextNumber?: number;
};

/** The account's next numbers now: a next number sent below them is refused (they only go up). */
export type CurrentNumbers = { estimateNextNumber: number; invoiceNextNumber: number };

const KINDS: DocumentKind[] = ["estimate", "invoice"];

/**
 * The settings form's schema. With `current` (the account's next numbers, read by the server,
 * or as the page showed them in the browser), a next number below the current one is refused;
 * the model checks it again as it saves (updateSettings), against the number as it is then.
 */
export function settingsSchemaFor(current?: CurrentNumbers) {
  return (
    settingsFields
      // A late-charge day must be one of the reminder days: the charge goes with that reminder.
      // Zod still runs this when a field above failed (its value is then not a string): that
      // field's own message is the answer, and there is nothing to compare.
      .superRefine((value, ctx) => {
        if (typeof value.reminderLateChargeSteps !== "string" || typeof value.reminderSteps !== "string") return;
        if (!value.reminderLateChargeSteps) return;
        const steps = new Set(value.reminderSteps.split(","));
        if (value.reminderLateChargeSteps.split(",").some((step) => !steps.has(step))) {
          ctx.addIssue({
            code: "custom",
            path: ["reminderLateChargeSteps"],
            message: "settings.errors.lateChargeStepsNotReminder",
          });
        }
      })
      // A form with the document numbers group must send both next numbers; one that changed
      // a next number may not lower it.
      .superRefine((value, ctx) => {
        for (const kind of KINDS) {
          const next: unknown = value[`${kind}NextNumber`];
          const shown = value[`${kind}NextNumberShown`];
          const path = [`${kind}NextNumber`];
          if (next === undefined && shown !== undefined) {
            ctx.addIssue({ code: "custom", path, message: "settings.errors.nextNumberRequired" });
          } else if (typeof next === "number" && current && next !== shown && next < current[`${kind}NextNumber`]) {
            ctx.addIssue({ code: "custom", path, message: "settings.errors.nextNumberBelow" });
          }
        }
      })
      .transform((value) => {
        const {
          estimatePrefix,
          estimateNextNumber,
          estimateNextNumberShown,
          invoicePrefix,
          invoiceNextNumber,
          invoiceNextNumberShown,
          ...rest
        } = value;
        const numbers: DocumentNumbersInput = {};
        // Emptied in a form that has the group: no prefix.
        const estimate = estimatePrefix ?? (estimateNextNumberShown !== undefined ? "" : undefined);
        const invoice = invoicePrefix ?? (invoiceNextNumberShown !== undefined ? "" : undefined);
        if (estimate !== undefined) numbers.estimatePrefix = estimate;
        if (invoice !== undefined) numbers.invoicePrefix = invoice;
        // Sent as shown: left as it is now.
        if (estimateNextNumber !== undefined && estimateNextNumber !== estimateNextNumberShown)
          numbers.estimateNextNumber = estimateNextNumber;
        if (invoiceNextNumber !== undefined && invoiceNextNumber !== invoiceNextNumberShown)
          numbers.invoiceNextNumber = invoiceNextNumber;
        return { ...rest, ...numbers };
      })
  );
}

/** The form's rules without the account's current numbers (a next number is then only checked for its form). */
export const settingsSchema = settingsSchemaFor();

export type SettingsInput = z.infer<typeof settingsSchema>;
