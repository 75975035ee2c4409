// The payments ledger: money received against an invoice (deposits, partial payments, card
// payments). Recording a payment, adding it to the invoice's amount paid, marking the invoice
// paid when nothing is left to pay and telling the contractor happen in one batch
// (docs/decisions/004), so a payment is never half recorded. A payment reported from outside
// (a Stripe Checkout Session) carries its id as externalId, unique in the database: the same
// payment reported twice, by a retried webhook or to two servers, is recorded once.
import { and, asc, eq, sql } from "drizzle-orm";
import { invoices, notifications, payments, PAYMENT_METHODS } from "#db/schema";
import { now as clockNow } from "~/lib/clock";
import { balanceDue } from "~/lib/invoice-balance";
import { formatMoney } from "~/lib/money";
import { getDb } from "~/services/db.server";
import { translate } from "~/services/i18n.server";
import { getSettings } from "./settings.server";

export type Payment = typeof payments.$inferSelect;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentInput {
  /** Cents, more than zero. */
  amount: number;
  method: PaymentMethod;
  receivedAt?: Date;
  note?: string | null;
  /** The payment's id where it came from (a Stripe Checkout Session id). */
  externalId?: string | null;
}

export type RecordPaymentResult =
  | { status: "recorded"; payment: Payment; amountPaid: number; balance: number }
  | { status: "duplicate" }
  | { status: "not-found" };

/** The account's payments on one invoice, oldest first. */
export async function listInvoicePayments(userId: string, invoiceId: string): Promise<Payment[]> {
  const db = await getDb();
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.invoiceId, invoiceId)))
    .orderBy(asc(payments.receivedAt), asc(payments.createdAt));
}

/**
 * Records a payment against the account's invoice. Money received is never refused: an
 * amount above the balance is recorded and the contractor is told the invoice is overpaid.
 * A pending or overdue invoice whose balance reaches zero becomes paid.
 */
export async function recordPayment(userId: string, invoiceId: string, input: PaymentInput): Promise<RecordPaymentResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError("A payment is a positive number of cents.");
  const db = await getDb();
  const invoice = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId)))
    .get();
  if (!invoice) return { status: "not-found" };

  const paymentId = crypto.randomUUID();
  const receivedAt = input.receivedAt ?? clockNow();
  const settings = await getSettings(userId);
  const lang = settings.appLanguage;
  const money = (cents: number) => formatMoney(cents, lang, settings.currency);
  // The figures as they will be once this payment is in (another payment recorded at the
  // same moment only changes the wording; the conditions below read the stored rows).
  const paidAfter = invoice.amountPaid + input.amount;
  const names = { number: invoice.invoiceNumber, title: invoice.title };
  const recordedNotice = {
    title: translate(lang, "notifications.events.paymentRecordedTitle"),
    message: translate(lang, "notifications.events.paymentRecorded", {
      ...names,
      amount: money(input.amount),
      method: translate(lang, `invoices.paymentMethod.${input.method}`),
      balance: money(Math.max(0, balanceDue(invoice.total, paidAfter))),
    }),
  };
  const overpaidNotice = {
    title: translate(lang, "notifications.events.overpaidTitle"),
    message: translate(lang, "notifications.events.overpaid", { ...names, over: money(paidAfter - invoice.total) }),
  };

  const sumPaid = sql`(select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.invoiceId} = ${invoiceId})`;
  const inserted = sql`exists (select 1 from ${payments} where ${payments.id} = ${paymentId})`;
  const notify = (notice: { title: string; message: string }, condition: ReturnType<typeof sql>) =>
    db.run(sql`insert into ${notifications} (id, user_id, type, title, message, read, created_at)
      select ${crypto.randomUUID()}, ${userId}, 'payment_received', ${notice.title}, ${notice.message}, 0, ${receivedAt.getTime()}
      where ${inserted} and ${condition}`);

  const [insertedRows] = await db.batch([
    db
      .insert(payments)
      .values({
        id: paymentId,
        userId,
        invoiceId,
        amount: input.amount,
        method: input.method,
        receivedAt,
        note: input.note ?? null,
        externalId: input.externalId ?? null,
      })
      .onConflictDoNothing({ target: payments.externalId })
      .returning(),
    db
      .update(invoices)
      .set({
        amountPaid: sumPaid,
        paidDate: sql`case when ${invoices.status} in ('pending', 'overdue') and ${sumPaid} >= ${invoices.total} then ${receivedAt.getTime()} else ${invoices.paidDate} end`,
        status: sql`case when ${invoices.status} in ('pending', 'overdue') and ${sumPaid} >= ${invoices.total} then 'paid' else ${invoices.status} end`,
      })
      .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId))),
    notify(recordedNotice, sql`1`),
    notify(overpaidNotice, sql`${sumPaid} > ${invoice.total}`),
  ]);
  const payment = insertedRows[0];
  if (!payment) return { status: "duplicate" };
  const after = await db
    .select({ amountPaid: invoices.amountPaid, total: invoices.total })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .get();
  const amountPaid = after?.amountPaid ?? paidAfter;
  return { status: "recorded", payment, amountPaid, balance: balanceDue(after?.total ?? invoice.total, amountPaid) };
}

/**
 * A card payment reported by Stripe for an invoice known only by its id (the webhook has no
 * signed-in account): recorded against the invoice's own account, once per session.
 */
export async function recordCardPayment(
  invoiceId: string,
  input: { amount: number; externalId: string; receivedAt?: Date },
): Promise<RecordPaymentResult> {
  const db = await getDb();
  const owner = await db.select({ userId: invoices.userId }).from(invoices).where(eq(invoices.id, invoiceId)).get();
  if (!owner) return { status: "not-found" };
  return recordPayment(owner.userId, invoiceId, { ...input, method: "card" });
}
