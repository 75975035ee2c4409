// What inviting, changing a role and joining must contain (docs/product/accounts-and-sign-in.md,
// "The team"). Messages are dictionary keys (app/locales), translated where they are shown.
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./auth-schemas";
import { ROLES } from "./permissions";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./validation";

const email = z
  .string({ required_error: "team.errors.emailRequired", invalid_type_error: "team.errors.emailRequired" })
  .trim()
  .min(1, "team.errors.emailRequired")
  .max(254, "team.errors.emailInvalid")
  .email("team.errors.emailInvalid");

/** An invitation: an e-mail address and the role it joins as (an owner is made by changing a role). */
export const inviteSchema = z
  .object({
    email,
    role: z.enum(["office", "technician"], { errorMap: () => ({ message: "team.errors.roleInvalid" }) }),
  })
  .strict();

/** A member's new role. */
export const roleSchema = z
  .object({ role: z.enum(ROLES, { errorMap: () => ({ message: "team.errors.roleInvalid" }) }) })
  .strict();

const name = z
  .string({ required_error: "team.join.nameRequired", invalid_type_error: "team.join.nameRequired" })
  .trim()
  .min(1, "team.join.nameRequired")
  .max(100, "sales.tooLong")
  .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE);

const newPassword = z
  .string({ required_error: "team.join.passwordShort", invalid_type_error: "team.join.passwordShort" })
  .min(MIN_PASSWORD_LENGTH, "team.join.passwordShort")
  .max(1000, "sales.tooLong");

/** Joining with a new login (the page also asks for the password twice). */
export const joinSchema = z
  .object({ name, password: newPassword, confirmPassword: z.string().optional() })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.password)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "team.join.passwordsDiffer" });
  });

/** The API's join body: a name and password for a new login, or only the password of the address's existing login. */
export const apiJoinSchema = z
  .object({
    name: z.string().optional(),
    password: z.string({ invalid_type_error: "team.join.passwordShort" }).max(1000, "sales.tooLong"),
  })
  .strict();

/** Joining by signing in with the address's existing login. */
export const joinWithLoginSchema = z.object({
  password: z.string({ required_error: "auth.passwordRequired" }).min(1, "auth.passwordRequired").max(1000, "sales.tooLong"),
});
