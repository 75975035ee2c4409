// The payments ledger: money received, against an invoice (a payment: partial payments, card
// payments, Mark paid; docs/decisions/013) or against an estimate (a deposit, kept with the
// estimate and carried onto its invoice; docs/decisions/017). One path records, lists and
// deletes both: `ledger` below, given what differs between the two as data (INVOICE_PAYMENTS,
// ESTIMATE_DEPOSITS): the table, what the money is against, when money entered by hand is
// refused, what follows in the same batch and what the contractor is told.
//
// Recording money, bringing the invoice's amount paid, status and paid date in line and telling
// the contractor happen in one batch (docs/decisions/004), so money is never half recorded.
// Money reported from outside (a Stripe Checkout Session) carries its id as externalId, unique
// in the database: the same payment reported twice, by a retried webhook or to two servers, is
// recorded once.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { estimateDeposits, estimates, invoices, notifications, payments } from "#db/schema";
import { now as clockNow, startOfDay, today } from "~/lib/clock";
import type { PaymentMethod } from "~/lib/payment-methods";
import type { PaymentValues } from "~/lib/payment-schema";
import { balanceDue } from "~/lib/invoice-balance";
import { INVOICE_STATUS_VALUES, statusAfterPayments } from "~/lib/invoice-status";
import { centsToString, formatMoney } from "~/lib/money";
import { getDb } from "~/infrastructure/db.server";
import { translate } from "~/infrastructure/i18n.server";
import { getAccountTimeZone, getSettings } from "./settings.server";

export type Payment = typeof payments.$inferSelect;
export type Deposit = typeof estimateDeposits.$inferSelect;

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
  /** The login that entered it by hand; none for card money and what came before. */
  recordedBy?: string | null;
}

export interface RecordOptions {
  /**
   * Entered by hand (the forms, the API, Mark paid): refused where the money is not due,
   * checked again inside the insert. Money reported by Stripe is never refused.
   */
  manual?: boolean;
  /** Tell the contractor with a payment_received notification (default: unless entered by hand). */
  notify?: boolean;
}

export type RecordPaymentResult =
  | { status: "recorded"; payment: Payment; amountPaid: number; balance: number }
  | { status: "duplicate" }
  /** By hand: more than the balance due. */
  | { status: "above-balance"; balance: number }
  | { status: "not-found" };

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

type Db = Awaited<ReturnType<typeof getDb>>;
type Statement = BatchItem<"sqlite">;
type Outcome<Result> = Result | { status: "duplicate" } | { status: "not-found" };
/** Card money whose report names an account that does not own what it is against. */
type CardOutcome<Result> = Outcome<Result> | { status: "other-account" };

/** A notification to insert with the money, when `when` holds (and the money's row is in). */
interface Notice {
  title: string;
  message: string;
  estimateId: string | null;
  when: SQL;
}

/** What differs between money received against an invoice and against an estimate. */
interface Ledger<Row extends Payment | Deposit, Against, Result> {
  /** The word of the RangeError for an amount that is not a positive number of cents. */
  noun: "payment" | "deposit";
  table: typeof payments | typeof estimateDeposits;
  /** The ledger's column naming what the money is against. */
  against: typeof payments.invoiceId | typeof estimateDeposits.estimateId;
  /** What the money is against, as the rules below read it; undefined when the account has no such thing. */
  read(db: Db, accountId: string, againstId: string): Promise<Against | undefined>;
  /** The account that owns it (a card payment's webhook has no signed-in account). */
  owner(db: Db, againstId: string): Promise<string | undefined>;
  /** By hand: why nothing can be received at all (null: it can). */
  closed(against: Against): Result | null;
  /** By hand: the most that can be received (cents). */
  due(against: Against): number;
  /** By hand: the answer to an amount above `due`. */
  aboveDue(against: Against): Result;
  /** By hand, inside the insert: the amount is still due (two clerks at once cannot both take it). */
  stillDue(againstId: string, against: Against, amount: number): SQL;
  /** What follows the new row in the same batch. */
  follow(db: Db, accountId: string, againstId: string, receivedAt: Date): Statement[];
  /** What the contractor may be told, in the account's language; `rowId` is the new row's id. */
  notices(against: Against, againstId: string, input: PaymentInput, words: Words, notify: boolean, rowId: string): Notice[];
  /** The answer once the row is in. */
  recorded(db: Db, row: Row, against: Against): Promise<Result>;
  /** Deleting a row deletes its twin in the other ledger first (a payment's deposit, a deposit's payment). */
  deleteTwin(db: Db, accountId: string, row: Row): Statement;
  /** The invoices whose figures follow once the row is gone. */
  invoicesOf(accountId: string, row: Row): SQL | undefined;
}

interface Words {
  t: (key: Parameters<typeof translate>[1], values?: Record<string, string>) => string;
  money: (cents: number) => string;
}

/**
 * The statement that rewrites invoices' amount paid from their payments, their status as the
 * ledger leaves it (statusAfterPayments: a payable invoice paid in full becomes paid, a paid one
 * whose balance opens again goes back to pending) and their paid date. `paidOn`: money was
 * received, and an invoice it pays in full is paid on that day (a paid invoice keeps its day);
 * null: money was removed, and a paid invoice is paid on its latest payment's day.
 */
function settleInvoices(db: Db, where: SQL | undefined, paidOn: SQL | null) {
  const sumPaid = sql`(select coalesce(sum(p.amount), 0) from ${payments} p where p.invoice_id = ${invoices.id})`;
  const lastReceived = sql`(select max(p.received_at) from ${payments} p where p.invoice_id = ${invoices.id})`;
  const status = statusAfterPaymentsSql(sumPaid);
  return db
    .update(invoices)
    .set({
      amountPaid: sumPaid,
      status,
      paidDate: sql`case
        when ${status} = 'paid' and ${invoices.status} = 'paid' then ${paidOn ? invoices.paidDate : lastReceived}
        when ${status} = 'paid' then ${paidOn ?? lastReceived}
        when ${invoices.status} = 'paid' then null
        else ${invoices.paidDate} end`,
    })
    .where(where);
}

/**
 * statusAfterPayments (app/lib/invoice-status.ts) in SQL, built from the function itself: for
 * each stored status, what it leaves when the sum paid is below the total, equal to it and above
 * it (the only way the rule reads the amounts). A status the rule never changes is kept as is.
 */
function statusAfterPaymentsSql(sumPaid: SQL): SQL {
  const changing = INVOICE_STATUS_VALUES.flatMap((status) => {
    const [below, equal, above] = [0, 1, 2].map((paid) => statusAfterPayments(status, 1, paid));
    if (below === status && equal === status && above === status) return [];
    return [
      sql`when ${status} then case when ${sumPaid} < ${invoices.total} then ${below} when ${sumPaid} = ${invoices.total} then ${equal} else ${above} end`,
    ];
  });
  return sql`case ${invoices.status} ${sql.join(changing, sql` `)} else ${invoices.status} end`;
}

/** When money received on `day` of the account's calendar is stamped: now when that day is today, else the day's start. */
async function receivedOn(accountId: string, day: string): Promise<Date> {
  const zone = await getAccountTimeZone(accountId);
  return day === today(zone) ? clockNow() : startOfDay(day, zone);
}

/** Recording, listing and deleting money received, one way for both ledgers. */
function ledger<Row extends Payment | Deposit, Against, Result>(spec: Ledger<Row, Against, Result>) {
  const { table } = spec;
  const mine = (accountId: string, id: string) => and(eq(table.accountId, accountId), eq(table.id, id));

  /** The account's row by id, or undefined. */
  async function get(accountId: string, id: string): Promise<Row | undefined> {
    const db = await getDb();
    return (await db.select().from(table).where(mine(accountId, id)).get()) as Row | undefined;
  }

  /** The account's money received against one invoice or estimate, oldest first. */
  async function list(accountId: string, againstId: string): Promise<Row[]> {
    const db = await getDb();
    return (await db
      .select()
      .from(table)
      .where(and(eq(table.accountId, accountId), eq(spec.against, againstId)))
      .orderBy(asc(table.receivedAt), asc(table.createdAt))) as Row[];
  }

  /** Records money received against the account's invoice or estimate (see RecordOptions). */
  async function record(
    accountId: string,
    againstId: string,
    input: PaymentInput,
    { manual = false, notify = !manual }: RecordOptions = {},
  ): Promise<Outcome<Result>> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new RangeError(`A ${spec.noun} is a positive number of cents.`);
    }
    const db = await getDb();
    const against = await spec.read(db, accountId, againstId);
    if (!against) return { status: "not-found" };
    if (manual) {
      const refused = spec.closed(against) ?? (input.amount > spec.due(against) ? spec.aboveDue(against) : null);
      if (refused) return refused;
    }

    const id = crypto.randomUUID();
    const receivedAt = input.receivedAt ?? clockNow();
    const settings = await getSettings(accountId);
    const lang = settings.appLanguage;
    const words: Words = {
      t: (key, values) => translate(lang, key, values),
      money: (cents) => formatMoney(cents, lang, settings.currency),
    };
    const inserted = sql`exists (select 1 from ${table} where ${table.id} = ${id})`;
    const notices = spec.notices(against, againstId, input, words, notify, id).map((notice) =>
      db.run(sql`insert into ${notifications} (id, account_id, type, title, message, read, estimate_id, created_at)
        select ${crypto.randomUUID()}, ${accountId}, 'payment_received', ${notice.title}, ${notice.message}, 0,
          ${notice.estimateId}, ${clockNow().getTime()}
        where ${inserted} and ${notice.when}`),
    );
    await db.batch([
      db.run(sql`insert into ${table} (id, account_id, ${sql.identifier(spec.against.name)}, amount, method, received_at, reference, note, external_id, recorded_by, created_at)
        select ${id}, ${accountId}, ${againstId}, ${input.amount}, ${input.method}, ${receivedAt.getTime()},
          ${input.reference ?? null}, ${input.note ?? null}, ${input.externalId ?? null}, ${input.recordedBy ?? null}, ${clockNow().getTime()}
        where ${manual ? spec.stillDue(againstId, against, input.amount) : sql`1`}
        on conflict (external_id) do nothing`),
      ...spec.follow(db, accountId, againstId, receivedAt),
      ...notices,
    ]);
    const row = await get(accountId, id);
    if (row) return spec.recorded(db, row, against);
    if (input.externalId) return { status: "duplicate" };
    // Refused inside the insert: something was received meanwhile (or the invoice made).
    const now = (await spec.read(db, accountId, againstId)) ?? against;
    return spec.closed(now) ?? spec.aboveDue(now);
  }

  /**
   * Card money reported by Stripe, known only by what it is against: recorded for its account,
   * once per session. `accountId`, when the report names one, must be that account: otherwise
   * nothing is recorded (`other-account`).
   */
  async function recordCard(
    againstId: string,
    { accountId, ...input }: { amount: number; externalId: string; receivedAt?: Date; accountId?: string | null },
  ): Promise<CardOutcome<Result>> {
    const owner = await spec.owner(await getDb(), againstId);
    if (!owner) return { status: "not-found" };
    if (accountId && accountId !== owner) return { status: "other-account" };
    return record(owner, againstId, { ...input, method: "card" });
  }

  /**
   * Money a member enters by hand (a form, the API): received on a day of the account's
   * calendar, no notification; `by` is the member's login.
   */
  async function recordManual(
    accountId: string,
    againstId: string,
    values: PaymentValues,
    by: string | null = null,
  ): Promise<Outcome<Result>> {
    const receivedAt = await receivedOn(accountId, values.date);
    const { amount, method, reference, note } = values;
    return record(accountId, againstId, { amount, method, receivedAt, reference, note, recordedBy: by }, { manual: true });
  }

  /** Deletes one of the account's rows (entered by mistake) with what goes with it; null when there is no such row. */
  async function remove(accountId: string, id: string): Promise<Row | null> {
    const row = await get(accountId, id);
    if (!row) return null;
    const db = await getDb();
    const [, deleted] = await db.batch([
      spec.deleteTwin(db, accountId, row),
      db.delete(table).where(mine(accountId, id)).returning(),
      settleInvoices(db, spec.invoicesOf(accountId, row), null),
    ]);
    return (deleted[0] as Row | undefined) ?? null;
  }

  return { get, list, record, recordCard, recordManual, remove };
}

// ---------------------------------------------------------------------------------------------
// Payments on an invoice (docs/decisions/013). Money received is never refused unless entered by
// hand: an amount above the balance is recorded and the contractor is told the invoice is
// overpaid. A pending or overdue invoice whose balance reaches zero becomes paid; deleting a
// payment that opens a paid invoice's balance again puts it back to pending (overdue is read
// from its due date).

type InvoiceRow = typeof invoices.$inferSelect;

const invoiceOf = (accountId: string, invoiceId: string) => and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId));

const INVOICE_PAYMENTS: Ledger<Payment, InvoiceRow, RecordPaymentResult> = {
  noun: "payment",
  table: payments,
  against: payments.invoiceId,
  read: (db, accountId, invoiceId) => db.select().from(invoices).where(invoiceOf(accountId, invoiceId)).get(),
  owner: async (db, invoiceId) =>
    (await db.select({ accountId: invoices.accountId }).from(invoices).where(eq(invoices.id, invoiceId)).get())?.accountId,
  closed: () => null,
  due: (invoice) => balanceDue(invoice.total, invoice.amountPaid),
  aboveDue: (invoice) => ({ status: "above-balance", balance: balanceDue(invoice.total, invoice.amountPaid) }),
  stillDue: (invoiceId, _invoice, amount) =>
    sql`(select ${invoices.total} - ${invoices.amountPaid} from ${invoices} where ${invoices.id} = ${invoiceId}) >= ${amount}`,
  follow: (db, accountId, invoiceId, receivedAt) => [
    settleInvoices(db, invoiceOf(accountId, invoiceId), sql`${receivedAt.getTime()}`),
  ],
  notices(invoice, invoiceId, input, { t, money }, notify) {
    // The figures as they will be once this payment is in (another payment recorded at the
    // same moment only changes the wording; the conditions read the stored rows).
    const paidAfter = invoice.amountPaid + input.amount;
    const names = { number: invoice.invoiceNumber, title: invoice.title };
    const sumPaid = sql`(select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.invoiceId} = ${invoiceId})`;
    return [
      {
        title: t("notifications.events.paymentRecordedTitle"),
        message: t("notifications.events.paymentRecorded", {
          ...names,
          amount: money(input.amount),
          method: t(`invoices.paymentMethod.${input.method}`),
          balance: money(Math.max(0, balanceDue(invoice.total, paidAfter))),
        }),
        estimateId: null,
        when: notify ? sql`1` : sql`0`,
      },
      {
        title: t("notifications.events.overpaidTitle"),
        message: t("notifications.events.overpaid", { ...names, over: money(paidAfter - invoice.total) }),
        estimateId: null,
        when: sql`${sumPaid} > ${invoice.total}`,
      },
    ];
  },
  async recorded(db, payment, invoice) {
    const after = await db
      .select({ amountPaid: invoices.amountPaid, total: invoices.total })
      .from(invoices)
      .where(eq(invoices.id, payment.invoiceId))
      .get();
    const amountPaid = after?.amountPaid ?? invoice.amountPaid + payment.amount;
    return { status: "recorded", payment, amountPaid, balance: balanceDue(after?.total ?? invoice.total, amountPaid) };
  },
  // A deposit carried onto the invoice goes with its payment: kept, it would come back on the
  // next conversion (docs/decisions/017).
  deleteTwin: (db, accountId, payment) =>
    db
      .delete(estimateDeposits)
      .where(and(eq(estimateDeposits.accountId, accountId), eq(estimateDeposits.id, payment.depositId ?? ""))),
  invoicesOf: (accountId, payment) => invoiceOf(accountId, payment.invoiceId),
};

const invoicePayments = ledger(INVOICE_PAYMENTS);

/** The account's payments on one invoice, oldest first. */
export const listInvoicePayments = invoicePayments.list;
/** The account's payment by id, or undefined. */
export const getPayment = invoicePayments.get;
/** Records a payment against the account's invoice (by hand: refused above the balance due). */
export const recordPayment = invoicePayments.record;
/** A card payment reported by Stripe for an invoice known only by its id, once per session. */
export const recordCardPayment = invoicePayments.recordCard;
/** A payment entered by hand (the payments dialog, the API): refused above the balance due. */
export const recordManualPayment = invoicePayments.recordManual;
/** Deletes one of the account's payments; the invoice's amount paid and status follow. */
export const deletePayment = invoicePayments.remove;

// ---------------------------------------------------------------------------------------------
// Deposits (docs/decisions/017). A deposit is received against an estimate and kept with it
// (estimate_deposits). The estimate's invoice, whenever it exists, carries each deposit as one
// payment whose deposit_id is unique: the batch that records a deposit also writes it onto the
// invoice when there is one, and the batch that creates the invoice writes every deposit onto
// it. Whichever batch runs second sees the other's rows, so a deposit is never lost between
// them, and the unique deposit_id means it is never counted twice. By hand a deposit is refused
// on a declined or invoiced estimate and above what is left of the estimate's total.

/** Deposits received on some of the account's estimates (one query), in cents by estimate id. */
export async function depositsReceived(accountId: string, estimateIds: string[]): Promise<Map<string, number>> {
  const received = new Map<string, number>();
  if (estimateIds.length === 0) return received;
  const db = await getDb();
  const rows = await db
    .select({ estimateId: estimateDeposits.estimateId, amount: sql<number>`sum(${estimateDeposits.amount})` })
    .from(estimateDeposits)
    .where(and(eq(estimateDeposits.accountId, accountId), inArray(estimateDeposits.estimateId, estimateIds)))
    .groupBy(estimateDeposits.estimateId);
  for (const row of rows) received.set(row.estimateId, Number(row.amount));
  return received;
}

const receivedOnEstimate = async (accountId: string, estimateId: string) =>
  (await depositsReceived(accountId, [estimateId])).get(estimateId) ?? 0;

/**
 * The statements that carry the estimate's deposits onto its invoice (when it has one) and
 * bring the invoice's amount paid, status and paid date in line: part of the batch that
 * records a deposit or creates the invoice. A deposit already carried is skipped.
 */
export function carryDepositsStatements(db: Db, accountId: string, estimateId: string) {
  const lastReceived = sql`(select max(p.received_at) from ${payments} p where p.invoice_id = ${invoices.id})`;
  return [
    db.run(sql`insert into ${payments} (id, account_id, invoice_id, amount, method, received_at, reference, note, deposit_id, recorded_by, created_at)
      select d.id, d.account_id, i.id, d.amount, d.method, d.received_at, d.reference, d.note, d.id, d.recorded_by, ${clockNow().getTime()}
      from ${estimateDeposits} d join ${invoices} i on i.estimate_id = d.estimate_id and i.account_id = d.account_id
      where d.estimate_id = ${estimateId} and d.account_id = ${accountId}
      on conflict do nothing`),
    settleInvoices(db, and(eq(invoices.accountId, accountId), eq(invoices.estimateId, estimateId)), lastReceived),
  ] as const;
}

interface EstimateAgainst {
  estimate: typeof estimates.$inferSelect;
  invoice: Pick<InvoiceRow, "invoiceNumber" | "title" | "total" | "amountPaid"> | undefined;
  received: number;
}

const ESTIMATE_DEPOSITS: Ledger<Deposit, EstimateAgainst, RecordDepositResult> = {
  noun: "deposit",
  table: estimateDeposits,
  against: estimateDeposits.estimateId,
  async read(db, accountId, estimateId) {
    const [estimate, invoice, received] = await Promise.all([
      db
        .select()
        .from(estimates)
        .where(and(eq(estimates.accountId, accountId), eq(estimates.id, estimateId)))
        .get(),
      db
        .select({
          invoiceNumber: invoices.invoiceNumber,
          title: invoices.title,
          total: invoices.total,
          amountPaid: invoices.amountPaid,
        })
        .from(invoices)
        .where(and(eq(invoices.accountId, accountId), eq(invoices.estimateId, estimateId)))
        .get(),
      receivedOnEstimate(accountId, estimateId),
    ]);
    return estimate && { estimate, invoice, received };
  },
  owner: async (db, estimateId) =>
    (await db.select({ accountId: estimates.accountId }).from(estimates).where(eq(estimates.id, estimateId)).get())?.accountId,
  closed: ({ estimate, invoice }) =>
    estimate.status === "rejected"
      ? { status: "declined" }
      : invoice
        ? { status: "invoiced", invoiceNumber: invoice.invoiceNumber }
        : null,
  due: ({ estimate, received }) => estimate.total - received,
  aboveDue: ({ estimate, received }) => ({ status: "above-total", remaining: Math.max(0, estimate.total - received) }),
  // An invoice created in between takes the payment instead.
  stillDue: (estimateId, { estimate }, amount) =>
    sql`(select coalesce(sum(${estimateDeposits.amount}), 0) from ${estimateDeposits} where ${estimateDeposits.estimateId} = ${estimateId}) + ${amount} <= ${estimate.total}
      and not exists (select 1 from ${invoices} where ${invoices.estimateId} = ${estimateId})`,
  follow: (db, accountId, estimateId) => [...carryDepositsStatements(db, accountId, estimateId)],
  notices({ estimate, invoice, received }, estimateId, input, { t, money }, notify, depositId) {
    const names = { number: estimate.estimateNumber, title: estimate.title };
    const sumReceived = sql`(select coalesce(sum(${estimateDeposits.amount}), 0) from ${estimateDeposits} where ${estimateDeposits.estimateId} = ${estimateId})`;
    // Carried onto the estimate's invoice (follow), the deposit is a payment there: one that
    // takes the invoice's payments above its total tells the contractor as a payment would
    // (INVOICE_PAYMENTS). The condition reads the rows the batch left: this deposit's payment,
    // and its invoice's sum against its total; the figures of the message are the ones read.
    const paymentOverpays = sql`exists (select 1 from ${payments} p join ${invoices} i on i.id = p.invoice_id
      where p.deposit_id = ${depositId}
        and (select coalesce(sum(q.amount), 0) from ${payments} q where q.invoice_id = i.id) > i.total)`;
    return [
      {
        title: t("notifications.events.depositReceivedTitle"),
        message: t("notifications.events.depositReceived", { ...names, amount: money(input.amount) }),
        estimateId,
        when: notify ? sql`1` : sql`0`,
      },
      // Card money above the estimate's total is recorded (never refused), and the contractor
      // told, as for an invoice; by hand it was refused inside the insert.
      {
        title: t("notifications.events.depositOverpaidTitle"),
        message: t("notifications.events.depositOverpaid", { ...names, over: money(received + input.amount - estimate.total) }),
        estimateId,
        when: sql`${sumReceived} > ${estimate.total}`,
      },
      ...(invoice
        ? [
            {
              title: t("notifications.events.overpaidTitle"),
              message: t("notifications.events.overpaid", {
                number: invoice.invoiceNumber,
                title: invoice.title,
                over: money(invoice.amountPaid + input.amount - invoice.total),
              }),
              estimateId: null,
              when: paymentOverpays,
            },
          ]
        : []),
    ];
  },
  recorded: async (_db, deposit) => ({
    status: "recorded",
    deposit,
    received: await receivedOnEstimate(deposit.accountId, deposit.estimateId),
  }),
  // Carried onto an invoice, its payment goes too (before the deposit: its deposit_id would be
  // set null) and the invoice's balance follows.
  deleteTwin: (db, accountId, deposit) =>
    db.delete(payments).where(and(eq(payments.accountId, accountId), eq(payments.depositId, deposit.id))),
  invoicesOf: (accountId, deposit) => and(eq(invoices.accountId, accountId), eq(invoices.estimateId, deposit.estimateId)),
};

const estimateDepositLedger = ledger(ESTIMATE_DEPOSITS);

/** The account's deposits on one estimate, oldest first. */
export const listEstimateDeposits = estimateDepositLedger.list;
/** The account's deposit by id, or undefined. */
export const getDeposit = estimateDepositLedger.get;
/** Records a deposit against the account's estimate (by hand: `{ manual: true }`). */
export const recordDeposit = estimateDepositLedger.record;
/** A card deposit reported by Stripe for an estimate known only by its id, once per session. */
export const recordCardDeposit = estimateDepositLedger.recordCard;
/** A deposit entered by hand (the deposit dialog, the API). */
export const recordManualDeposit = estimateDepositLedger.recordManual;
/** Deletes one of the account's deposits; carried onto an invoice, its payment goes too. */
export const deleteDeposit = estimateDepositLedger.remove;

/** Money received as the API shows it: a decimal string, the day it was received in the account's zone. */
function toApiReceived<Against extends Record<string, string>>(row: Payment | Deposit, against: Against, zone: string | null) {
  return {
    id: row.id,
    ...against,
    amount: centsToString(row.amount),
    date: today(zone, row.receivedAt),
    method: row.method,
    reference: row.reference,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A payment as the API shows it. */
export const toApiPayment = (payment: Payment, zone: string | null) =>
  toApiReceived(payment, { invoiceId: payment.invoiceId }, zone);
/** A deposit as the API shows it. */
export const toApiDeposit = (deposit: Deposit, zone: string | null) =>
  toApiReceived(deposit, { estimateId: deposit.estimateId }, zone);
