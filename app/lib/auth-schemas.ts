import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./validation";
import { isValidTimeZone } from "./clock";
import type { TextKey } from "~/locales/keys";

// Messages are dictionary keys (app/locales), translated where they are shown.
export const MIN_PASSWORD_LENGTH = 6;

const emailSchema = z.string().max(254, "common.invalidEmail").email("common.invalidEmail");

export const loginSchema = z.object({
  email: z.string({ required_error: "auth.emailRequired" }).trim().min(1, "auth.emailRequired").pipe(emailSchema),
  password: z.string({ required_error: "auth.passwordRequired" }).min(1, "auth.passwordRequired").max(1000),
  redirectTo: z.string().optional(),
});

type RegisterInput = { name?: string; email?: string; password?: string; confirmPassword?: string; timeZone?: string };

// Every check runs on every submit (an object refinement would be skipped when a field
// fails), passwords first: they match, then their length (docs/product/accounts-and-sign-in.md).
function checkRegistration(value: RegisterInput, ctx: z.RefinementCtx, withConfirmation: boolean) {
  if (!value.name?.trim()) ctx.addIssue({ code: "custom", path: ["name"], message: "auth.nameRequired" });
  else if (value.name.trim().length > 100) ctx.addIssue({ code: "custom", path: ["name"], message: "sales.tooLong" });
  else if (hasControlCharacters(value.name))
    ctx.addIssue({ code: "custom", path: ["name"], message: CONTROL_CHARACTERS_MESSAGE });
  const email = value.email?.trim() ?? "";
  if (!email) ctx.addIssue({ code: "custom", path: ["email"], message: "auth.emailRequired" });
  else if (!emailSchema.safeParse(email).success)
    ctx.addIssue({ code: "custom", path: ["email"], message: "common.invalidEmail" });
  const password = value.password ?? "";
  if (withConfirmation && password !== (value.confirmPassword ?? "")) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth.passwordMismatch" });
  }
  if (!password) ctx.addIssue({ code: "custom", path: ["password"], message: "auth.passwordRequired" });
  else if (password.length < MIN_PASSWORD_LENGTH)
    ctx.addIssue({ code: "custom", path: ["password"], message: "auth.passwordTooShort" });
  else if (password.length > 1000) ctx.addIssue({ code: "custom", path: ["password"], message: "sales.tooLong" });
  // The zone is optional (an account without one is in UTC), but one that is sent must exist.
  if (value.timeZone !== undefined && value.timeZone !== "" && !isValidTimeZone(value.timeZone)) {
    ctx.addIssue({ code: "custom", path: ["timeZone"], message: "settings.errors.timeZoneInvalid" });
  }
}

/** The zone sign-up sends, or null for none (UTC). */
const zoneOf = (value: RegisterInput) => (value.timeZone ? value.timeZone : null);

const optionalText = z.string().optional();

export const registerSchema = z
  // website: a field people never see (the honeypot); a bot that fills it is thanked and ignored.
  .object({
    name: optionalText,
    email: optionalText,
    password: optionalText,
    confirmPassword: optionalText,
    timeZone: optionalText,
    website: z.string().optional(),
  })
  .superRefine((value, ctx) => checkRegistration(value, ctx, true))
  .transform((value) => ({
    name: value.name!.trim(),
    email: value.email!.trim(),
    password: value.password!,
    timeZone: zoneOf(value),
    website: value.website?.trim() ?? "",
  }));

/** The API's register payload: no confirmation field (docs/product/api.md). */
export const apiRegisterSchema = z
  .object({
    name: z.string({ invalid_type_error: "auth.nameRequired" }).optional(),
    email: z.string({ invalid_type_error: "common.invalidEmail" }).optional(),
    password: z.string({ invalid_type_error: "auth.passwordRequired" }).optional(),
    timeZone: z
      .string({ invalid_type_error: "settings.errors.timeZoneInvalid" })
      .nullish()
      .transform((zone) => zone ?? undefined),
  })
  .superRefine((value, ctx) => checkRegistration(value, ctx, false))
  .transform((value) => ({
    name: value.name!.trim(),
    email: value.email!.trim(),
    password: value.password!,
    timeZone: zoneOf(value),
  }));

/** The toast title of a validation message, if it has one (the password checks show as toasts). */
export const toastTitleFor: Record<string, TextKey> = {
  "auth.passwordMismatch": "auth.passwordMismatchTitle",
  "auth.passwordTooShort": "auth.passwordTooShortTitle",
};
