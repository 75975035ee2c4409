// The deposit an estimate asks for, and where it stands: asked, received, still due, and the
// invoice that carries the deposits once the estimate is invoiced. The money received is in
// app/models/payment.server.ts (deposits are part of the payments ledger, docs/decisions/017).
import { and, eq } from "drizzle-orm";
import { estimates, invoices } from "#db/schema";
import { depositAsked, depositDue, depositOf, type DepositAsk } from "~/lib/deposit";
import { centsToString, formatDecimal } from "~/lib/money";
import { getDb } from "~/infrastructure/db.server";
import { listEstimateDeposits, toApiDeposit, type Deposit } from "./payment.server";

export interface DepositSummary {
  /** The estimate's total (cents). */
  total: number;
  ask: DepositAsk | null;
  /** Cents asked (0: none). */
  asked: number;
  received: number;
  due: number;
  deposits: Deposit[];
  invoice: { id: string; invoiceNumber: string } | null;
}

/** Where the deposit of the account's estimate stands; undefined when the account has no such estimate. */
export async function depositSummary(accountId: string, estimateId: string): Promise<DepositSummary | undefined> {
  const db = await getDb();
  const [estimate, invoice, deposits] = await Promise.all([
    db
      .select({ total: estimates.total, depositType: estimates.depositType, depositValue: estimates.depositValue })
      .from(estimates)
      .where(and(eq(estimates.accountId, accountId), eq(estimates.id, estimateId)))
      .get(),
    db
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), eq(invoices.estimateId, estimateId)))
      .get(),
    listEstimateDeposits(accountId, estimateId),
  ]);
  if (!estimate) return undefined;
  const ask = depositOf(estimate);
  const asked = depositAsked(estimate.total, ask);
  const received = deposits.reduce((sum, deposit) => sum + deposit.amount, 0);
  return { total: estimate.total, ask, asked, received, due: depositDue(asked, received), deposits, invoice: invoice ?? null };
}

/** Sets (or with null, clears) the deposit the account's estimate asks; false when there is no such estimate. */
export async function setDepositAsk(accountId: string, estimateId: string, ask: DepositAsk | null): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(estimates)
    .set({ depositType: ask?.type ?? null, depositValue: ask?.value ?? null })
    .where(and(eq(estimates.accountId, accountId), eq(estimates.id, estimateId)))
    .returning({ id: estimates.id });
  return rows.length > 0;
}

/** The summary as the API shows it: money and percents as decimal strings. */
export function toApiDepositSummary(summary: DepositSummary, zone: string | null) {
  return {
    depositType: summary.ask?.type ?? "none",
    depositValue: summary.ask ? formatDecimal(summary.ask.value, 2) : null,
    asked: centsToString(summary.asked),
    received: centsToString(summary.received),
    due: centsToString(summary.due),
    invoiceId: summary.invoice?.id ?? null,
    deposits: summary.deposits.map((deposit) => toApiDeposit(deposit, zone)),
  };
}
