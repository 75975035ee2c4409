import { z } from "zod";
import { plainText, type TextLines } from "./validation";

const optionalText = (max: number, lines: TextLines = "single") =>
  plainText(z.string().trim().max(max, "sales.tooLong").optional(), lines);

export const salesRequestSchema = z.object({
  name: plainText(
    z.string({ required_error: "sales.nameRequired" }).trim().min(1, "sales.nameRequired").max(100, "sales.tooLong"),
  ),
  email: z
    .string({ required_error: "auth.emailRequired" })
    .trim()
    .min(1, "auth.emailRequired")
    .max(254, "common.invalidEmail")
    .email("common.invalidEmail"),
  phone: optionalText(40),
  company: optionalText(120),
  trade: optionalText(80),
  message: optionalText(2000, "multi"),
  // A field people never see; bots fill it in.
  website: z.string().optional(),
});
