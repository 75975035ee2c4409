import { z } from "zod";
import { optionalText, plainText } from "./validation";

// Work requests (docs/product/requests.md): the public form of /request/{slug}, the request
// page's settings, and the API's status change and conversion. Messages are dictionary keys.

export const WORK_REQUEST_STATUSES = ["new", "converted", "archived"] as const;
export type WorkRequestStatus = (typeof WORK_REQUEST_STATUSES)[number];
export const CONVERT_TARGETS = ["customer", "estimate", "job", "appointment"] as const;
export type ConvertTarget = (typeof CONVERT_TARGETS)[number];

export const isWorkRequestStatus = (value: unknown): value is WorkRequestStatus =>
  typeof value === "string" && (WORK_REQUEST_STATUSES as readonly string[]).includes(value);

/** ?status= of the list: a known status, else every one. */
export const readWorkRequestFilter = (value: string | null): WorkRequestStatus | "all" =>
  isWorkRequestStatus(value) ? value : "all";

const email = z
  .string({ invalid_type_error: "validation.expectedText" })
  .trim()
  .max(254, "common.invalidEmail")
  .email("common.invalidEmail")
  .nullish()
  .or(z.literal("").transform(() => null))
  .transform((value) => (value ? value.toLowerCase() : null));

/** The visitor's form: a name, and a phone or an e-mail to reach them by. */
export const workRequestSchema = z
  .object({
    name: plainText(
      z
        .string({ required_error: "requests.form.nameRequired", invalid_type_error: "validation.expectedText" })
        .trim()
        .min(1, "requests.form.nameRequired")
        .max(200, "validation.tooLong"),
    ),
    phone: optionalText(40),
    email,
    address: optionalText(300),
    description: optionalText(4000, "multi"),
    preferredTimes: optionalText(500, "multi"),
    // A field people never see; bots fill it in.
    website: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.phone && !value.email) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "requests.form.contactRequired" });
      ctx.addIssue({ code: "custom", path: ["email"], message: "requests.form.contactRequired" });
    }
  });

export type WorkRequestInput = Omit<z.output<typeof workRequestSchema>, "website">;

/** A slug as it is typed: lowercase letters, digits and single dashes, 3 to 60 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug made from a company name: "Ana's Plumbing & Heat" → "anas-plumbing-heat". */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  return slug.length >= 3 ? slug : `company${slug ? `-${slug}` : ""}`;
}

/** The request page's settings: its address and whether it is on. */
export const requestPageSchema = z.object({
  slug: z
    .string({ required_error: "requests.settings.slugRequired", invalid_type_error: "requests.settings.slugRequired" })
    .trim()
    .toLowerCase()
    .min(1, "requests.settings.slugRequired")
    .min(3, "requests.settings.slugInvalid")
    .max(60, "requests.settings.slugInvalid")
    .regex(SLUG_PATTERN, "requests.settings.slugInvalid"),
  enabled: z
    .enum(["on", "true"])
    .optional()
    .transform((value) => value !== undefined),
});

/** PUT /api/requests/{id}. */
export const requestStatusApiSchema = z
  .object({
    status: z.enum(WORK_REQUEST_STATUSES, {
      errorMap: () => ({ message: "requests.api.statusInvalid" }),
    }),
  })
  .strict("validation.unknownField");

/** POST /api/requests/{id}/convert: what to make; a visit needs its date and time. */
export const convertApiSchema = z
  .object({
    to: z.enum(CONVERT_TARGETS, { errorMap: () => ({ message: "requests.api.targetInvalid" }) }),
    customerId: z.string().trim().min(1).max(100).optional(),
    scheduledDate: z.string().max(40).optional(),
  })
  .strict("validation.unknownField");
