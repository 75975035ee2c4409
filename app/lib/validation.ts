import { z } from "zod";

/**
 * Text fields hold what a person types: control characters (NUL, escape, backspace, DEL,
 * C1 controls...) are never part of it and are refused in every text field. A one-line
 * field refuses tabs and line breaks too; a multi-line one (notes, descriptions, messages,
 * terms) keeps tab, line feed and carriage return.
 */
export type TextLines = "single" | "multi";
export const CONTROL_CHARACTERS_MESSAGE = "validation.controlCharacters";
// eslint-disable-next-line no-control-regex -- control characters are what these find
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- control characters are what these find
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasControlCharacters(text: string, lines: TextLines = "single"): boolean {
  return (lines === "multi" ? CONTROL_BUT_LINE_BREAKS : ANY_CONTROL).test(text);
}

/** The schema, refusing text with control characters (validation.controlCharacters). */
export function plainText<T extends z.ZodTypeAny>(
  schema: T,
  lines: TextLines = "single",
): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return schema.superRefine((value: unknown, ctx) => {
    if (typeof value === "string" && hasControlCharacters(value, lines))
      ctx.addIssue({ code: "custom", message: CONTROL_CHARACTERS_MESSAGE });
  });
}

/** An optional text field: trimmed, at most `max` characters, stored as null when empty, no control characters. */
export const optionalText = (max: number, lines: TextLines = "single") =>
  plainText(
    z
      .string({ invalid_type_error: "validation.expectedText" })
      .trim()
      .max(max, "validation.tooLong")
      .nullish()
      .transform((value) => (value ? value : null)),
    lines,
  );

/** Checks that an id names a record of the signed-in account (server only). */
export type OwnershipCheck = (id: string) => Promise<boolean>;

/** The value of a customer <select>'s "no customer chosen" option (never an empty string). */
export const NO_CUSTOMER = "none";

const chosenCustomerId = (raw: string) => {
  const id = raw.trim();
  return id && id !== NO_CUSTOMER && id.length <= 100 ? id : null;
};

/**
 * A chosen customer id; with `isOwnCustomer` (on the server) it must also be the
 * account's. Another account's customer reads exactly like no customer: no existence leak.
 */
export function customerIdField(message: string, isOwnCustomer?: OwnershipCheck) {
  const text = z.string({ required_error: message, invalid_type_error: message });
  if (!isOwnCustomer) {
    return text.transform((raw, ctx) => {
      const id = chosenCustomerId(raw);
      if (!id) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return id;
    });
  }
  return text.transform(async (raw, ctx) => {
    const id = chosenCustomerId(raw);
    if (!id || !(await isOwnCustomer(id))) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}

/** The value of an assignee <select>'s "nobody" option. */
export const NOBODY = "none";

/**
 * Who a job or visit is assigned to: a member id, or nobody (blank, "none" or null). With
 * `isMember` (on the server) the id must be a member of the account; anything else is refused.
 */
export function assigneeIdField(isMember?: OwnershipCheck) {
  const message = "team.assigneeInvalid";
  const read = (raw: unknown): string | null | false => {
    if (raw === undefined || raw === null) return null;
    if (typeof raw !== "string") return false;
    const id = raw.trim();
    if (!id || id === NOBODY) return null;
    return id.length <= 100 ? id : false;
  };
  if (!isMember) {
    return z.unknown().transform((raw, ctx): string | null => {
      const id = read(raw);
      if (id === false) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return id;
    });
  }
  return z.unknown().transform(async (raw, ctx): Promise<string | null> => {
    const id = read(raw);
    if (id === false || (id !== null && !(await isMember(id)))) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}
