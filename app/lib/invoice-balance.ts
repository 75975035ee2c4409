// What is still owed on an invoice, from its total and the payments recorded against it
// (integer cents). More received than the total is an overpayment: never dropped, shown.

export type PaymentState = "unpaid" | "partial" | "paid" | "overpaid";

/** The balance due: total minus what was paid (negative when overpaid). */
export function balanceDue(total: number, amountPaid: number): number {
  return total - amountPaid;
}

export function paymentState(total: number, amountPaid: number): PaymentState {
  if (amountPaid <= 0) return total <= 0 ? "paid" : "unpaid";
  if (amountPaid < total) return "partial";
  return amountPaid === total ? "paid" : "overpaid";
}
