// What a payment's receipt shows (docs/product/customers.md, "The customer hub"): the payment,
// the invoice it paid, the customer, the company, and the invoice's balance once this payment
// was in. The customer's pages ask for it: the hub by its customer, the invoice's page by its
// invoice, so a payment id of another customer, another invoice or another account is
// undefined (a 404), exactly as an id nobody has. Every query names the account and the
// customer or invoice.
//
// The receipt number is the invoice's number and the payment's place among that invoice's
// payments, in the order the money was received (received_at, then created_at): INV-0007-2 is
// the second payment on INV-0007. The balance after it is the invoice's total less every
// payment received up to and including this one, in the same order, in integer cents; it may
// be below zero (more was received than the total).
import { and, asc, eq, type SQL } from "drizzle-orm";
import { customers, invoices, payments } from "#db/schema";
import { dayKey } from "~/lib/clock";
import { documentCompany, type DocumentCompany, type DocumentCustomer } from "~/lib/invoice-document";
import type { PaymentMethod } from "~/lib/payment-methods";
import { getDb } from "~/infrastructure/db.server";
import { getSettingsWithLogo } from "./settings.server";

/** Whose receipts may be read: the hub's customer's, or the shared invoice's. */
export type ReceiptScope = { customerId: string } | { invoiceId: string };

export interface ReceiptData {
  /** The invoice's number and the payment's place on it: `INV-0007-2`. */
  number: string;
  /** The payment's place among the invoice's payments, from 1. */
  sequence: number;
  payment: {
    id: string;
    /** Cents. */
    amount: number;
    method: PaymentMethod;
    /** A check number, a transfer's reference; null when there is none. */
    reference: string | null;
    receivedAt: Date;
    /** The day it was received in the account's time zone (`yyyy-MM-dd`). */
    receivedOn: string;
  };
  invoice: { id: string; number: string; title: string; total: number };
  /** Cents received on the invoice up to and including this payment. */
  paidToDate: number;
  /** The invoice's total less `paidToDate`, in cents: below zero when more was received than the total. */
  balanceAfter: number;
  customer: DocumentCustomer;
  company: DocumentCompany;
  currency: string;
}

// Payment ids are UUIDs; anything far from one is not looked up at all.
const ID_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The receipt of the account's payment `paymentId`, when it falls within `scope` (a payment on
 * one of the customer's invoices, or on the invoice); undefined otherwise. With the account's
 * settings (and the logo's bytes) the receipt is drawn with.
 */
export async function paymentReceipt(accountId: string, paymentId: string, scope: ReceiptScope) {
  if (!ID_SHAPE.test(paymentId)) return undefined;
  const db = await getDb();
  const within: SQL | undefined =
    "customerId" in scope ? eq(invoices.customerId, scope.customerId) : eq(invoices.id, scope.invoiceId);
  const found = await db
    .select({
      id: payments.id,
      amount: payments.amount,
      method: payments.method,
      reference: payments.reference,
      receivedAt: payments.receivedAt,
      invoice: { id: invoices.id, number: invoices.invoiceNumber, title: invoices.title, total: invoices.total },
      customer: {
        name: customers.name,
        address: customers.address,
        city: customers.city,
        state: customers.state,
        zipCode: customers.zipCode,
        phone: customers.phone,
        email: customers.email,
      },
    })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.accountId, accountId)))
    .innerJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.accountId, accountId)))
    .where(and(eq(payments.accountId, accountId), eq(payments.id, paymentId), within))
    .get();
  if (!found) return undefined;
  const [ledger, settings] = await Promise.all([
    db
      .select({ id: payments.id, amount: payments.amount })
      .from(payments)
      .where(and(eq(payments.accountId, accountId), eq(payments.invoiceId, found.invoice.id)))
      .orderBy(asc(payments.receivedAt), asc(payments.createdAt), asc(payments.id)),
    getSettingsWithLogo(accountId),
  ]);
  const place = ledger.findIndex((row) => row.id === found.id);
  // Deleted in between.
  if (place < 0) return undefined;
  const paidToDate = ledger.slice(0, place + 1).reduce((sum, row) => sum + row.amount, 0);
  const receipt: ReceiptData = {
    number: `${found.invoice.number}-${place + 1}`,
    sequence: place + 1,
    payment: {
      id: found.id,
      amount: found.amount,
      method: found.method,
      reference: found.reference?.trim() || null,
      receivedAt: found.receivedAt,
      receivedOn: dayKey(found.receivedAt, settings.timeZone),
    },
    invoice: found.invoice,
    paidToDate,
    balanceAfter: found.invoice.total - paidToDate,
    customer: found.customer,
    company: documentCompany(settings),
    currency: settings.currency,
  };
  return { receipt, settings };
}

export type LoadedReceipt = NonNullable<Awaited<ReturnType<typeof paymentReceipt>>>;
