// The deposit an estimate asks for (docs/decisions/017): a percent of its total or an amount, and what
// is still due of it once deposits were received. Integer cents; percents in hundredths
// (2500 is 25%). Pure, unit-tested; the deposits themselves are in app/models/payment.server.ts.
import { z } from "zod";
import { centsToString, formatDecimal, parseCents, parseDecimal, shareOf, withinMoneyLimit } from "./money";

export const DEPOSIT_TYPES = ["none", "percent", "amount"] as const;
export type DepositKind = "percent" | "amount";
export interface DepositAsk {
  type: DepositKind;
  /** Hundredths of a percent for "percent", cents for "amount". */
  value: number;
}

/** 100% in hundredths of a percent. */
export const MAX_DEPOSIT_PERCENT = 10_000;

/** The deposit asked in cents: a percent of the total (half up), or the amount, never above the total. */
export function depositAsked(total: number, ask: DepositAsk | null): number {
  if (!ask || total <= 0 || ask.value <= 0) return 0;
  const cents = ask.type === "percent" ? shareOf(total, ask.value) : ask.value;
  return Math.min(cents, total);
}

/** What is left to pay of the deposit, never below zero. */
export const depositDue = (asked: number, received: number) => Math.max(0, asked - received);

/** The estimate's stored pair as an ask, or null when it asks none. */
export function depositOf(estimate: { depositType: DepositKind | null; depositValue: number | null }): DepositAsk | null {
  return estimate.depositType && estimate.depositValue ? { type: estimate.depositType, value: estimate.depositValue } : null;
}

/** "25" or "25.5" for a percent in hundredths (2500, 2550). */
export const percentText = (hundredths: number) => formatDecimal(hundredths, 2).replace(/\.?0+$/, "");

/** The form's values for an ask (type and value as typed). */
export function depositFormValue(ask: DepositAsk | null): { depositType: string; depositValue: string } {
  if (!ask) return { depositType: "none", depositValue: "" };
  return { depositType: ask.type, depositValue: ask.type === "percent" ? percentText(ask.value) : centsToString(ask.value) };
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * The deposit an estimate asks (the deposit dialog and PUT /api/estimates/{id}/deposit):
 * `{ depositType: "none" | "percent" | "amount", depositValue }`, a percent from above 0 to
 * 100 with at most two decimals, or an amount above zero with at most two decimals and not
 * above the estimate's total. Messages are dictionary keys (app/locales/estimates.*.ts).
 */
export function depositAskSchema(total: number) {
  return z
    .object({
      depositType: z.enum(DEPOSIT_TYPES, { errorMap: () => ({ message: "estimates.deposit.typeInvalid" }) }),
      depositValue: z.unknown().optional(),
    })
    .transform((input, ctx): DepositAsk | null => {
      if (input.depositType === "none") return null;
      const fail = (message: string) => {
        ctx.addIssue({ code: "custom", path: ["depositValue"], message: `estimates.deposit.${message}` });
        return z.NEVER;
      };
      const raw = input.depositValue;
      if (isBlank(raw)) return fail("valueRequired");
      if (typeof raw !== "string" && typeof raw !== "number") return fail("valueInvalid");
      const text = String(raw).trim();
      const parsed = input.depositType === "percent" ? parseDecimal(text, 2) : parseCents(text);
      if (parsed === null) return fail(/^[+-]?\d*\.\d{3,}$/.test(text) ? "valueDecimals" : "valueInvalid");
      if (parsed <= 0) return fail("valuePositive");
      if (input.depositType === "percent") {
        if (parsed > MAX_DEPOSIT_PERCENT) return fail("percentTooLarge");
      } else if (!withinMoneyLimit(parsed) || parsed > total) return fail("amountAboveTotal");
      return { type: input.depositType, value: parsed };
    });
}
