import { z } from "zod";

/** An optional text field: trimmed, at most `max` characters, stored as null when empty. */
export const optionalText = (max: number) =>
  z
    .string({ invalid_type_error: "validation.expectedText" })
    .trim()
    .max(max, "validation.tooLong")
    .nullish()
    .transform((value) => (value ? value : null));
