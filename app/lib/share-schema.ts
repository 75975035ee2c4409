import { z } from "zod";

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "share.page.tooLong")
    .optional()
    .transform((value) => (value ? value : null));

/** The customer approves: the full name typed as a signature is required, a message is not. */
export const approveSchema = z.object({
  intent: z.literal("approve"),
  signature: z
    .string({ required_error: "share.page.signatureRequired" })
    .trim()
    .min(2, "share.page.signatureRequired")
    .max(120, "share.page.tooLong"),
  message: optional(2000),
  // A field people never see; bots fill it in.
  website: z.string().optional(),
});

/** The customer declines: a name and a reason are both optional. */
export const declineSchema = z.object({
  intent: z.literal("decline"),
  name: optional(120),
  reason: optional(2000),
  website: z.string().optional(),
});
