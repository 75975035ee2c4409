import { z } from "zod";

/** An optional text field: trimmed, at most `max` characters, stored as null when empty. */
export const optionalText = (max: number) =>
  z
    .string({ invalid_type_error: "validation.expectedText" })
    .trim()
    .max(max, "validation.tooLong")
    .nullish()
    .transform((value) => (value ? value : null));

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
