import { z } from "zod";
import { plainText, type TextLines } from "./validation";

const optional = (max: number, lines: TextLines = "single") =>
  plainText(
    z
      .string()
      .trim()
      .max(max, "share.page.tooLong")
      .optional()
      .transform((value) => (value ? value : null)),
    lines,
  );

/** The customer approves: the full name typed as a signature is required, a message is not. */
export const approveSchema = z.object({
  intent: z.literal("approve"),
  signature: plainText(
    z
      .string({ required_error: "share.page.signatureRequired" })
      .trim()
      .min(2, "share.page.signatureRequired")
      .max(120, "share.page.tooLong"),
  ),
  message: optional(2000, "multi"),
  // A field people never see; bots fill it in.
  website: z.string().optional(),
});

/** The customer declines: a name and a reason are both optional. */
export const declineSchema = z.object({
  intent: z.literal("decline"),
  name: optional(120),
  reason: optional(2000, "multi"),
  website: z.string().optional(),
});
