// The payments ledger: money received against an invoice (deposits, partial payments, card
// payments). Recording a payment, adding it to the invoice's amount paid, marking the invoice
// paid when nothing is left to pay and telling the contractor happen in one batch
// (docs/decisions/004), so a payment is never half recorded. A payment reported from outside
// (a Stripe Checkout Session) carries its id as externalId, unique in the database: the same
// payment reported twice, by a retried webhook or to two servers, is recorded once.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { estimateDeposits, estimates, invoices, notifications, payments, type PAYMENT_METHODS } from "#db/schema";
import { now as clockNow, startOfDay, today } from "~/lib/clock";
import type { PaymentValues } from "~/lib/payment-schema";
import { balanceDue } from "~/lib/invoice-balance";
import { centsToString, formatMoney } from "~/lib/money";
import { getDb } from "~/infrastructure/db.server";
import { translate } from "~/infrastructure/i18n.server";
import { getAccountTimeZone, getSettings } from "./settings.server";

export type Payment = typeof payments.$inferSelect;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentInput {
  /** Cents, more than zero. */
  amount: number;
  method: PaymentMethod;
  receivedAt?: Date;
  /** A check number, a transfer's reference. */
  reference?: string | null;
  note?: string | null;
  /** The payment's id where it came from (a Stripe Checkout Session id). */
  externalId?: string | null;
}

export type RecordPaymentResult =
  | { status: "recorded"; payment: Payment; amountPaid: number; balance: number }
  | { status: "duplicate" }
  | { status: "above-balance"; balance: number }
  | { status: "not-found" };

export interface RecordOptions {
  /** Refuse an amount above the balance (a payment entered by hand); money reported by Stripe is always recorded. */
  refuseAboveBalance?: boolean;
  /** Tell the contractor with a payment_received notification (default: yes). */
  notify?: boolean;
}

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
export async function recordPayment(
  userId: string,
  invoiceId: string,
  input: PaymentInput,
  options: RecordOptions = {},
): Promise<RecordPaymentResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError("A payment is a positive number of cents.");
  const db = await getDb();
  const invoice = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId)))
    .get();
  if (!invoice) return { status: "not-found" };
  const balanceBefore = balanceDue(invoice.total, invoice.amountPaid);
  if (options.refuseAboveBalance && input.amount > balanceBefore) return { status: "above-balance", balance: balanceBefore };
  const notify = options.notify ?? true;

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
  const notice = (text: { title: string; message: string }, condition: ReturnType<typeof sql>) =>
    db.run(sql`insert into ${notifications} (id, user_id, type, title, message, read, created_at)
      select ${crypto.randomUUID()}, ${userId}, 'payment_received', ${text.title}, ${text.message}, 0, ${clockNow().getTime()}
      where ${inserted} and ${condition}`);

  // A payment entered by hand goes in only while the balance still covers it, read inside
  // the batch: two at once cannot both take the same balance.
  const guard = options.refuseAboveBalance
    ? sql`(select ${invoices.total} - ${invoices.amountPaid} from ${invoices} where ${invoices.id} = ${invoiceId}) >= ${input.amount}`
    : sql`1`;
  await db.batch([
    db.run(sql`insert into ${payments} (id, user_id, invoice_id, amount, method, received_at, reference, note, external_id, created_at)
      select ${paymentId}, ${userId}, ${invoiceId}, ${input.amount}, ${input.method}, ${receivedAt.getTime()},
        ${input.reference ?? null}, ${input.note ?? null}, ${input.externalId ?? null}, ${clockNow().getTime()}
      where ${guard}
      on conflict (external_id) do nothing`),
    db
      .update(invoices)
      .set({
        amountPaid: sumPaid,
        paidDate: sql`case when ${invoices.status} in ('pending', 'overdue') and ${sumPaid} >= ${invoices.total} then ${receivedAt.getTime()} else ${invoices.paidDate} end`,
        status: sql`case when ${invoices.status} in ('pending', 'overdue') and ${sumPaid} >= ${invoices.total} then 'paid' else ${invoices.status} end`,
      })
      .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId))),
    notice(recordedNotice, notify ? sql`1` : sql`0`),
    notice(overpaidNotice, sql`${sumPaid} > ${invoice.total}`),
  ]);
  const payment = await getPayment(userId, paymentId);
  if (!payment) {
    if (input.externalId) return { status: "duplicate" };
    const now = await db
      .select({ total: invoices.total, amountPaid: invoices.amountPaid })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .get();
    return { status: "above-balance", balance: now ? balanceDue(now.total, now.amountPaid) : 0 };
  }
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

/**
 * Deletes one of the account's payments (entered by mistake): the invoice's amount paid
 * follows, and a paid invoice whose balance is open again goes back to pending (overdue,
 * shown from its due date, where that has passed). Null when the account has no such payment.
 */
export async function deletePayment(userId: string, paymentId: string): Promise<Payment | null> {
  const db = await getDb();
  const payment = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.id, paymentId)))
    .get();
  if (!payment) return null;
  const sumPaid = sql`(select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.invoiceId} = ${payment.invoiceId})`;
  const lastReceived = sql`(select max(${payments.receivedAt}) from ${payments} where ${payments.invoiceId} = ${payment.invoiceId})`;
  const [deleted] = await db.batch([
    db
      .delete(payments)
      .where(and(eq(payments.userId, userId), eq(payments.id, paymentId)))
      .returning(),
    // A deposit carried onto the invoice goes with its payment: kept, it would come back on the
    // next conversion (docs/decisions/017).
    db.delete(estimateDeposits).where(and(eq(estimateDeposits.userId, userId), eq(estimateDeposits.id, payment.depositId ?? ""))),
    db
      .update(invoices)
      .set({
        amountPaid: sumPaid,
        status: sql`case when ${invoices.status} = 'paid' and ${sumPaid} < ${invoices.total} then 'pending' else ${invoices.status} end`,
        paidDate: sql`case when ${invoices.status} = 'paid' and ${sumPaid} < ${invoices.total} then null when ${invoices.status} = 'paid' then ${lastReceived} else ${invoices.paidDate} end`,
      })
      .where(and(eq(invoices.userId, userId), eq(invoices.id, payment.invoiceId))),
  ]);
  return deleted[0] ?? null;
}

/** The account's payment by id, or undefined. */
export async function getPayment(userId: string, paymentId: string): Promise<Payment | undefined> {
  const db = await getDb();
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.id, paymentId)))
    .get();
}

/** A payment as the API shows it: money as a decimal string, the day it was received in the account's zone. */
export function toApiPayment(payment: Payment, zone: string | null) {
  return {
    id: payment.id,
    invoiceId: payment.invoiceId,
    amount: centsToString(payment.amount),
    date: today(zone, payment.receivedAt),
    method: payment.method,
    reference: payment.reference,
    note: payment.note,
    createdAt: payment.createdAt.toISOString(),
  };
}

/**
 * A payment the contractor enters by hand (the form and the API): received on the given day
 * of the account's calendar (now, when that day is today), refused above the balance due,
 * and no notification (the contractor knows).
 */
export async function recordManualPayment(
  userId: string,
  invoiceId: string,
  values: PaymentValues,
): Promise<RecordPaymentResult> {
  const zone = await getAccountTimeZone(userId);
  const receivedAt = values.date === today(zone) ? clockNow() : startOfDay(values.date, zone);
  return recordPayment(
    userId,
    invoiceId,
    { amount: values.amount, method: values.method, receivedAt, reference: values.reference, note: values.note },
    { refuseAboveBalance: true, notify: false },
  );
}

// ---------------------------------------------------------------------------------------------
// Deposits (docs/decisions/017). A deposit is received against an estimate and kept with it
// (estimate_deposits). The estimate's invoice, whenever it exists, carries each deposit as one
// payment whose deposit_id is unique: the batch that records a deposit also writes it onto the
// invoice when there is one, and the batch that creates the invoice writes every deposit onto
// it. Whichever batch runs second sees the other's rows, so a deposit is never lost between
// them, and the unique deposit_id means it is never counted twice.

export type Deposit = typeof estimateDeposits.$inferSelect;

/** The account's deposits on one estimate, oldest first. */
export async function listEstimateDeposits(userId: string, estimateId: string): Promise<Deposit[]> {
  const db = await getDb();
  return db
    .select()
    .from(estimateDeposits)
    .where(and(eq(estimateDeposits.userId, userId), eq(estimateDeposits.estimateId, estimateId)))
    .orderBy(asc(estimateDeposits.receivedAt), asc(estimateDeposits.createdAt));
}

/** Deposits received on some of the account's estimates (one query), in cents by estimate id. */
export async function depositsReceived(userId: string, estimateIds: string[]): Promise<Map<string, number>> {
  const received = new Map<string, number>();
  if (estimateIds.length === 0) return received;
  const db = await getDb();
  const rows = await db
    .select({ estimateId: estimateDeposits.estimateId, amount: sql<number>`sum(${estimateDeposits.amount})` })
    .from(estimateDeposits)
    .where(and(eq(estimateDeposits.userId, userId), inArray(estimateDeposits.estimateId, estimateIds)))
    .groupBy(estimateDeposits.estimateId);
  for (const row of rows) received.set(row.estimateId, Number(row.amount));
  return received;
}

type Db = Awaited<ReturnType<typeof getDb>>;

/**
 * The statements that carry the estimate's deposits onto its invoice (when it has one) and
 * bring the invoice's amount paid, status and paid date in line: part of the batch that
 * records a deposit or creates the invoice. A deposit already carried is skipped.
 */
export function carryDepositsStatements(db: Db, userId: string, estimateId: string) {
  const sumPaid = sql`(select coalesce(sum(p.amount), 0) from ${payments} p where p.invoice_id = ${invoices.id})`;
  const lastReceived = sql`(select max(p.received_at) from ${payments} p where p.invoice_id = ${invoices.id})`;
  return [
    db.run(sql`insert into ${payments} (id, user_id, invoice_id, amount, method, received_at, reference, note, deposit_id, created_at)
      select d.id, d.user_id, i.id, d.amount, d.method, d.received_at, d.reference, d.note, d.id, ${clockNow().getTime()}
      from ${estimateDeposits} d join ${invoices} i on i.estimate_id = d.estimate_id and i.user_id = d.user_id
      where d.estimate_id = ${estimateId} and d.user_id = ${userId}
      on conflict do nothing`),
    db
      .update(invoices)
      .set({
        amountPaid: sumPaid,
        paidDate: sql`case when ${invoices.status} in ('pending', 'overdue') and ${sumPaid} >= ${invoices.total} then ${lastReceived} else ${invoices.paidDate} end`,
        status: sql`case when ${invoices.status} in ('pending', 'overdue') and ${sumPaid} >= ${invoices.total} then 'paid' else ${invoices.status} end`,
      })
      .where(and(eq(invoices.userId, userId), eq(invoices.estimateId, estimateId))),
  ] as const;
}

export type RecordDepositResult =
  | { status: "recorded"; deposit: Deposit; received: number }
  | { status: "duplicate" }
  | { status: "not-found" }
  /** By hand: a declined estimate takes no deposit. */
  | { status: "declined" }
  /** By hand: the estimate has its invoice, where payments are recorded. */
  | { status: "invoiced"; invoiceNumber: string }
  /** By hand: more than what is left of the estimate's total. */
  | { status: "above-total"; remaining: number };

/**
 * Records a deposit against the account's estimate. By hand (`manual`) it is refused on a
 * declined or invoiced estimate and above what is left of the estimate's total; a card
 * deposit (externalId: the Checkout Session) is always recorded, once per session, carried
 * onto the invoice if there is one already, and the contractor is told.
 */
export async function recordDeposit(
  userId: string,
  estimateId: string,
  input: PaymentInput,
  { manual = false }: { manual?: boolean } = {},
): Promise<RecordDepositResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError("A deposit is a positive number of cents.");
  const db = await getDb();
  const estimate = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.userId, userId), eq(estimates.id, estimateId)))
    .get();
  if (!estimate) return { status: "not-found" };
  const received = async () => (await depositsReceived(userId, [estimateId])).get(estimateId) ?? 0;
  if (manual) {
    if (estimate.status === "rejected") return { status: "declined" };
    const invoice = await db
      .select({ invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.estimateId, estimateId)))
      .get();
    if (invoice) return { status: "invoiced", invoiceNumber: invoice.invoiceNumber };
    const remaining = estimate.total - (await received());
    if (input.amount > remaining) return { status: "above-total", remaining: Math.max(0, remaining) };
  }

  const depositId = crypto.randomUUID();
  const receivedAt = input.receivedAt ?? clockNow();
  const sumDeposits = sql`(select coalesce(sum(${estimateDeposits.amount}), 0) from ${estimateDeposits} where ${estimateDeposits.estimateId} = ${estimateId})`;
  // By hand, read inside the batch: two clerks recording at once cannot pass the estimate's total,
  // and an invoice created in between takes the payment instead.
  const guard = manual
    ? sql`${sumDeposits} + ${input.amount} <= ${estimate.total} and not exists (select 1 from ${invoices} where ${invoices.estimateId} = ${estimateId})`
    : sql`1`;
  const settings = await getSettings(userId);
  const lang = settings.appLanguage;
  const notice = {
    title: translate(lang, "notifications.events.depositReceivedTitle"),
    message: translate(lang, "notifications.events.depositReceived", {
      number: estimate.estimateNumber,
      title: estimate.title,
      amount: formatMoney(input.amount, lang, settings.currency),
    }),
  };
  await db.batch([
    db.run(sql`insert into ${estimateDeposits} (id, user_id, estimate_id, amount, method, received_at, reference, note, external_id, created_at)
      select ${depositId}, ${userId}, ${estimateId}, ${input.amount}, ${input.method}, ${receivedAt.getTime()},
        ${input.reference ?? null}, ${input.note ?? null}, ${input.externalId ?? null}, ${clockNow().getTime()}
      where ${guard}
      on conflict (external_id) do nothing`),
    ...carryDepositsStatements(db, userId, estimateId),
    db.run(sql`insert into ${notifications} (id, user_id, type, title, message, read, estimate_id, created_at)
      select ${crypto.randomUUID()}, ${userId}, 'payment_received', ${notice.title}, ${notice.message}, 0, ${estimateId}, ${clockNow().getTime()}
      where ${manual ? sql`0` : sql`1`} and exists (select 1 from ${estimateDeposits} where ${estimateDeposits.id} = ${depositId})`),
  ]);
  const deposit = await db.select().from(estimateDeposits).where(eq(estimateDeposits.id, depositId)).get();
  if (!deposit) {
    if (input.externalId) return { status: "duplicate" };
    const invoice = await db
      .select({ invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.estimateId, estimateId)))
      .get();
    if (invoice) return { status: "invoiced", invoiceNumber: invoice.invoiceNumber };
    return { status: "above-total", remaining: Math.max(0, estimate.total - (await received())) };
  }
  return { status: "recorded", deposit, received: await received() };
}

/** A card deposit reported by Stripe for an estimate known only by its id: recorded once per session. */
export async function recordCardDeposit(
  estimateId: string,
  input: { amount: number; externalId: string; receivedAt?: Date },
): Promise<RecordDepositResult> {
  const db = await getDb();
  const owner = await db.select({ userId: estimates.userId }).from(estimates).where(eq(estimates.id, estimateId)).get();
  if (!owner) return { status: "not-found" };
  return recordDeposit(owner.userId, estimateId, { ...input, method: "card" });
}

/** A deposit the contractor enters by hand (the deposit dialog and the API), on a day of the account's calendar. */
export async function recordManualDeposit(userId: string, estimateId: string, values: PaymentValues) {
  const zone = await getAccountTimeZone(userId);
  const receivedAt = values.date === today(zone) ? clockNow() : startOfDay(values.date, zone);
  return recordDeposit(
    userId,
    estimateId,
    { amount: values.amount, method: values.method, receivedAt, reference: values.reference, note: values.note },
    { manual: true },
  );
}

/**
 * Deletes one of the account's deposits (entered by mistake). Carried onto an invoice, its
 * payment goes too and the invoice's balance follows. Null when the account has no such deposit.
 */
export async function deleteDeposit(userId: string, depositId: string): Promise<Deposit | null> {
  const db = await getDb();
  const deposit = await db
    .select()
    .from(estimateDeposits)
    .where(and(eq(estimateDeposits.userId, userId), eq(estimateDeposits.id, depositId)))
    .get();
  if (!deposit) return null;
  const carried = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.depositId, depositId)))
    .get();
  if (carried) await deletePayment(userId, carried.id);
  await db.delete(estimateDeposits).where(and(eq(estimateDeposits.userId, userId), eq(estimateDeposits.id, depositId)));
  return deposit;
}

/** The account's deposit by id, or undefined. */
export async function getDeposit(userId: string, depositId: string): Promise<Deposit | undefined> {
  const db = await getDb();
  return db
    .select()
    .from(estimateDeposits)
    .where(and(eq(estimateDeposits.userId, userId), eq(estimateDeposits.id, depositId)))
    .get();
}

/** A deposit as the API shows it: money as a decimal string, the day it was received in the account's zone. */
export function toApiDeposit(deposit: Deposit, zone: string | null) {
  return {
    id: deposit.id,
    estimateId: deposit.estimateId,
    amount: centsToString(deposit.amount),
    date: today(zone, deposit.receivedAt),
    method: deposit.method,
    reference: deposit.reference,
    note: deposit.note,
    createdAt: deposit.createdAt.toISOString(),
  };
}
