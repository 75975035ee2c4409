// How a payment was made: the list alone, without the form schema (and zod), so the
// dashboard and reports ship no validation code to the browser.

/** How a payment was made (stored as db/schema's PAYMENT_METHODS, the same list). */
export const PAYMENT_METHOD_VALUES = ["card", "cash", "check", "bank_transfer", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_VALUES)[number];
