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

/** The approve form's box of one optional line: `choose-<line id>`, sent when ticked. */
export const chooseField = (lineId: string) => `choose-${lineId}`;

/** The ids of the optional lines ticked in an approve form (at most 200 are read: no estimate has more lines). */
export function chosenLines(formData: FormData): string[] {
  const ids: string[] = [];
  for (const key of formData.keys()) {
    const id = key.startsWith("choose-") ? key.slice("choose-".length) : "";
    if (/^[0-9a-f-]{1,64}$/i.test(id) && !ids.includes(id)) ids.push(id);
    if (ids.length >= 200) break;
  }
  return ids;
}
