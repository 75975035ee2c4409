// Late charges on overdue invoices, by hand or on a reminder day (docs/decisions/017). What is due is
// app/lib/late-charge.ts; here it is read for an invoice and added as one invoice line. Each
// charge is kept under its invoice and month past due, a unique key in the database: the
// button pressed twice, two clerks, a reminder and the button, or two runners add one charge
// for a month, whatever each of them read before (docs/decisions/017).
import { and, asc, eq, max, sql } from "drizzle-orm";
import { invoiceItems, invoices, lateCharges } from "#db/schema";
import { now as clockNow, today as dayIn } from "~/lib/clock";
import { balanceDue } from "~/lib/invoice-balance";
import { effectiveStatus } from "~/lib/invoice-status";
import { accruedLateCharge, type LateCharge } from "~/lib/late-charge";
import { formatMoney, rateToPercent } from "~/lib/money";
import { getDb } from "~/infrastructure/db.server";
import { translate } from "~/infrastructure/i18n.server";
import { getSettings } from "./settings.server";

export interface InvoiceLateCharge extends LateCharge {
  /** Hundredths of a percent per month (the account's setting). */
  rate: number;
  balance: number;
  /** Whether the invoice is overdue today (in the account's calendar). */
  overdue: boolean;
  /** The last month charged (0: none). */
  lastChargedMonth: number;
}

async function read(accountId: string, invoiceId: string, now: Date) {
  const db = await getDb();
  const [invoice, settings, last] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)))
      .get(),
    getSettings(accountId),
    db
      .select({ month: max(lateCharges.month) })
      .from(lateCharges)
      .where(and(eq(lateCharges.accountId, accountId), eq(lateCharges.invoiceId, invoiceId)))
      .get(),
  ]);
  if (!invoice) return undefined;
  const today = dayIn(settings.timeZone, now);
  const balance = balanceDue(invoice.total, invoice.amountPaid);
  const overdue = effectiveStatus(invoice, today) === "overdue";
  const lastChargedMonth = last?.month ?? 0;
  const charge = accruedLateCharge({
    balance: overdue ? balance : 0,
    rate: settings.lateChargeRate,
    dueDate: invoice.dueDate,
    today,
    lastChargedMonth,
  });
  return { invoice, settings, late: { ...charge, rate: settings.lateChargeRate, balance, overdue, lastChargedMonth } };
}

/** The late charge accrued on the account's invoice now and not yet added; undefined when there is no such invoice. */
export async function invoiceLateCharge(
  accountId: string,
  invoiceId: string,
  now = clockNow(),
): Promise<InvoiceLateCharge | undefined> {
  return (await read(accountId, invoiceId, now))?.late;
}

export type AddLateChargeResult =
  | { status: "added"; amount: number; month: number }
  | { status: "not-found" }
  /** Off in the settings (0%), not overdue, nothing owed or not a whole month past due yet. */
  | { status: "nothing-due" }
  /** This month past due was charged already. */
  | { status: "already-charged"; month: number };

/**
 * Adds the accrued late charge to the account's overdue invoice as one line (not taxed): its
 * subtotal, total and balance grow by it. At most once per month past due: the late_charges
 * row (unique invoice and month) is inserted first in one batch, and the line and the totals
 * follow only when that row is this call's.
 */
export async function addLateCharge(
  accountId: string,
  invoiceId: string,
  { now = clockNow(), by = null }: { now?: Date; by?: string | null } = {},
): Promise<AddLateChargeResult> {
  const found = await read(accountId, invoiceId, now);
  if (!found) return { status: "not-found" };
  const { settings, late } = found;
  if (late.month > 0 && late.month <= late.lastChargedMonth) return { status: "already-charged", month: late.month };
  if (late.amount <= 0) return { status: "nothing-due" };

  const db = await getDb();
  const chargeId = crypto.randomUUID();
  const itemId = crypto.randomUUID();
  const lang = settings.documentLanguage;
  const description = translate(lang, late.months === 1 ? "invoices.lateCharge.lineOne" : "invoices.lateCharge.lineMany", {
    rate: rateToPercent(late.rate).replace(/\.?0+$/, ""),
    months: String(late.months),
    balance: formatMoney(late.balance, lang, settings.currency),
  });
  const ours = sql`exists (select 1 from ${lateCharges} where ${lateCharges.id} = ${chargeId})`;
  await db.batch([
    // Only while the invoice still owes money and is not paid or cancelled (read again here).
    db.run(sql`insert into ${lateCharges} (id, account_id, invoice_id, month, amount, item_id, added_by, created_at)
      select ${chargeId}, ${accountId}, ${invoiceId}, ${late.month}, ${late.amount}, ${itemId}, ${by}, ${now.getTime()}
      where exists (select 1 from ${invoices} where ${invoices.id} = ${invoiceId} and ${invoices.accountId} = ${accountId}
        and ${invoices.status} in ('pending', 'overdue') and ${invoices.total} > ${invoices.amountPaid})
      on conflict (invoice_id, month) do nothing`),
    // A late charge is not taxed (docs/decisions/019: tax falls on the taxable lines only).
    db.run(sql`insert into ${invoiceItems} (id, invoice_id, description, quantity, unit_price, taxable, discount_percent, total, "order")
      select ${itemId}, ${invoiceId}, ${description}, 100, ${late.amount}, 0, 0, ${late.amount},
        (select coalesce(max(${invoiceItems.order}), -1) + 1 from ${invoiceItems} where ${invoiceItems.invoiceId} = ${invoiceId})
      where ${ours}`),
    db
      .update(invoices)
      .set({
        subtotal: sql`${invoices.subtotal} + ${late.amount}`,
        total: sql`${invoices.total} + ${late.amount}`,
      })
      .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId), ours)),
  ]);
  const row = await db.select({ id: lateCharges.id }).from(lateCharges).where(eq(lateCharges.id, chargeId)).get();
  if (row) return { status: "added", amount: late.amount, month: late.month };
  const after = await read(accountId, invoiceId, now);
  if (after && after.late.month <= after.late.lastChargedMonth) return { status: "already-charged", month: late.month };
  return { status: "nothing-due" };
}

/** The late charges added to the account's invoice, by month past due. */
export async function listInvoiceLateCharges(accountId: string, invoiceId: string) {
  const db = await getDb();
  return db
    .select({
      id: lateCharges.id,
      month: lateCharges.month,
      amount: lateCharges.amount,
      createdAt: lateCharges.createdAt,
      addedBy: lateCharges.addedBy,
    })
    .from(lateCharges)
    .where(and(eq(lateCharges.accountId, accountId), eq(lateCharges.invoiceId, invoiceId)))
    .orderBy(asc(lateCharges.month));
}

/** The reminder days that add the late charge, from the account's settings ("7,14"). */
export function lateChargeSteps(settings: { reminderLateChargeSteps: string }): number[] {
  return settings.reminderLateChargeSteps.split(",").filter(Boolean).map(Number).filter(Number.isInteger);
}

/**
 * The late charge of a payment reminder: added before the reminder is sent when its day is
 * one of the account's late-charge days, at most once per month past due (a second pass, or
 * a second runner, finds the month charged).
 */
export async function addReminderLateCharge(accountId: string, invoiceId: string, step: number, now = clockNow()) {
  const settings = await getSettings(accountId);
  if (!lateChargeSteps(settings).includes(step)) return { status: "nothing-due" } as const;
  return addLateCharge(accountId, invoiceId, { now });
}
