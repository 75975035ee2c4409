// A payment entered by hand (the invoice's "Record payment" form and POST
// /api/invoices/{id}/payments). Messages are dictionary keys (app/locales/invoices.*.ts).
import { z } from "zod";
import { isDayKey } from "./clock";
import { parseCents, withinMoneyLimit } from "./money";
import { optionalText } from "./validation";
import { PAYMENT_METHOD_VALUES } from "./payment-methods";

export { PAYMENT_METHOD_VALUES, type PaymentMethod } from "./payment-methods";

const amount = z.unknown().transform((value, ctx): number => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message: `invoices.payments.${message}` });
    return z.NEVER;
  };
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return fail("amountRequired");
  if (typeof value !== "string" && typeof value !== "number") return fail("amountInvalid");
  const text = String(value).trim();
  const cents = parseCents(text);
  if (cents === null) return fail(/^[+-]?\d*\.\d{3,}$/.test(text) ? "amountDecimals" : "amountInvalid");
  if (cents <= 0) return fail("amountPositive");
  if (!withinMoneyLimit(cents)) return fail("amountTooLarge");
  return cents;
});

/**
 * The fields of a payment received on or before `today` (the account's calendar day). The
 * API refuses unknown fields (`.strict()`); the form carries its intent besides.
 */
export function paymentSchema(today: string) {
  return z.object({
    amount,
    date: z
      .string({ invalid_type_error: "invoices.payments.dateInvalid" })
      .trim()
      .optional()
      .transform((value) => (value ? value : today))
      .refine(isDayKey, "invoices.payments.dateInvalid")
      .refine((day) => day >= "2000-01-01", "invoices.payments.dateInvalid")
      .refine((day) => day <= today, "invoices.payments.dateFuture"),
    method: z.enum(PAYMENT_METHOD_VALUES, {
      errorMap: () => ({ message: "invoices.payments.methodInvalid" }),
    }),
    reference: optionalText(100),
    note: optionalText(500, "multi"),
  });
}

export type PaymentValues = z.output<ReturnType<typeof paymentSchema>>;
