// The customer's hub (/c/{token}): one link per customer, made on demand by the contractor,
// opened by anyone who has it, revocable. As for the share links (share.server.ts), the token
// is the only key: 256 random bits, and every read behind it is scoped to the account and the
// customer the link belongs to. What the hub shows is read here; what the customer may change
// (their phone, e-mail and address) is applied at once, recorded as the customer's activity
// (customer_detail_changes) and told to the contractor as a notification, in one batch.
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  accountMembers,
  appointments,
  customerDetailChanges,
  customerHubs,
  customers,
  hubCheckouts,
  estimates,
  estimateShareTokens,
  invoices,
  invoiceShareTokens,
  notifications,
  payments,
  users,
} from "#db/schema";
import { now as clockNow, today as dayIn } from "~/lib/clock";
import { detailChanges, HUB_DETAIL_FIELDS, type CustomerHubDetails, type HubDetailField } from "~/lib/customer-hub-schema";
import { estimateState, lastValidDay, type EstimateState } from "~/lib/estimate-dates";
import { balanceDue } from "~/lib/invoice-balance";
import { acceptsPayment, effectiveStatus, type InvoiceStatus } from "~/lib/invoice-status";
import { MAX_CENTS } from "~/lib/money";
import { ACTIVE_STATUSES } from "~/lib/schedule";
import { getDb } from "~/infrastructure/db.server";
import { translate } from "~/infrastructure/i18n.server";
import { getOrCreateInvoiceShareLink } from "./invoice-share.server";
import { recordPayment } from "./payment.server";
import { getSettings } from "./settings.server";
import { getOrCreateShareLink, newShareToken } from "./share.server";

export type CustomerHub = typeof customerHubs.$inferSelect;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hubUrl = (origin: string, token: string) => `${origin}/c/${token}`;

/** The customer's hub link, created on first use; undefined when the account has no such customer. */
export async function getOrCreateHub(
  accountId: string,
  customerId: string,
  /** The login making the link. */
  by: string | null = null,
): Promise<CustomerHub | undefined> {
  const db = await getDb();
  const customer = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, customerId)))
    .get();
  if (!customer) return undefined;
  try {
    // One link per customer (unique customer id): a link already there, or made at the same moment, wins.
    await db
      .insert(customerHubs)
      .values({ accountId, customerId, token: newShareToken(), createdBy: by })
      .onConflictDoNothing({ target: customerHubs.customerId });
  } catch (error) {
    // The customer was deleted in between.
    if (String(error).includes("FOREIGN KEY")) return undefined;
    throw error;
  }
  return getHub(accountId, customerId);
}

/** The customer's hub link, if it has one. */
export async function getHub(accountId: string, customerId: string): Promise<CustomerHub | undefined> {
  const db = await getDb();
  return db
    .select()
    .from(customerHubs)
    .where(and(eq(customerHubs.accountId, accountId), eq(customerHubs.customerId, customerId)))
    .get();
}

/** Deletes the customer's hub link: the old address answers 404 from now on. False when there was none. */
export async function revokeHub(accountId: string, customerId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(customerHubs)
    .where(and(eq(customerHubs.accountId, accountId), eq(customerHubs.customerId, customerId)))
    .returning({ id: customerHubs.id });
  return rows.length > 0;
}

/** The hub a token names; undefined for an unknown, revoked or malformed token. */
export async function findHub(token: string): Promise<CustomerHub | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const db = await getDb();
  return db.select().from(customerHubs).where(eq(customerHubs.token, token)).get();
}

/** Counts one opening of the hub. */
export async function recordHubView(hubId: string, now = clockNow()) {
  const db = await getDb();
  await db
    .update(customerHubs)
    .set({ viewCount: sql`${customerHubs.viewCount} + 1`, lastViewedAt: now })
    .where(eq(customerHubs.id, hubId));
}

/** Awaiting an answer first, then approved, declined, expired. */
const ESTIMATE_ORDER: Record<EstimateState, number> = { pending: 0, approved: 1, rejected: 2, expired: 3 };
/** Balance due first (overdue before pending), then paid, then cancelled. */
const INVOICE_ORDER: Record<InvoiceStatus, number> = { overdue: 0, pending: 1, paid: 2, cancelled: 3 };

const UPCOMING_LIMIT = 10;
const PAYMENTS_LIMIT = 50;

/**
 * Everything the hub shows for a token: the customer, the company's details, the customer's
 * estimates and invoices (with their customer pages' tokens where they exist), the balance due,
 * upcoming visits and past payments. Nothing of another customer: every query names both the
 * account and the customer of the link.
 */
export async function loadHub(token: string, now = clockNow()) {
  const hub = await findHub(token);
  if (!hub) return undefined;
  const { accountId, customerId } = hub;
  const db = await getDb();
  const ofCustomer = (table: { accountId: AnySQLiteColumn; customerId: AnySQLiteColumn }) =>
    and(eq(table.accountId, accountId), eq(table.customerId, customerId));
  const [customer, settings, estimateRows, invoiceRows, visitRows, paymentRows] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(and(eq(customers.accountId, accountId), eq(customers.id, customerId)))
      .get(),
    getSettings(accountId),
    db
      .select({
        id: estimates.id,
        number: estimates.estimateNumber,
        title: estimates.title,
        status: estimates.status,
        total: estimates.total,
        validUntil: estimates.validUntil,
        createdAt: estimates.createdAt,
        shareToken: estimateShareTokens.token,
      })
      .from(estimates)
      .leftJoin(estimateShareTokens, eq(estimateShareTokens.estimateId, estimates.id))
      .where(ofCustomer(estimates))
      .orderBy(desc(estimates.createdAt), desc(estimates.id)),
    db
      .select({
        id: invoices.id,
        number: invoices.invoiceNumber,
        title: invoices.title,
        status: invoices.status,
        total: invoices.total,
        amountPaid: invoices.amountPaid,
        dueDate: invoices.dueDate,
        createdAt: invoices.createdAt,
        shareToken: invoiceShareTokens.token,
      })
      .from(invoices)
      .leftJoin(invoiceShareTokens, eq(invoiceShareTokens.invoiceId, invoices.id))
      .where(ofCustomer(invoices))
      .orderBy(desc(invoices.createdAt), desc(invoices.id)),
    db
      .select({
        id: appointments.id,
        title: appointments.title,
        scheduledDate: appointments.scheduledDate,
        duration: appointments.duration,
        technician: users.name,
      })
      .from(appointments)
      .leftJoin(accountMembers, and(eq(accountMembers.id, appointments.assigneeId), eq(accountMembers.accountId, accountId)))
      .leftJoin(users, eq(users.id, accountMembers.userId))
      .where(
        and(
          ofCustomer(appointments),
          inArray(appointments.status, [...ACTIVE_STATUSES]),
          // Still to come, or under way: a visit ends after its duration.
          gte(appointments.scheduledDate, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
        ),
      )
      .orderBy(asc(appointments.scheduledDate))
      .limit(UPCOMING_LIMIT * 2),
    db
      .select({
        id: payments.id,
        amount: payments.amount,
        method: payments.method,
        receivedAt: payments.receivedAt,
        invoiceNumber: invoices.invoiceNumber,
      })
      .from(payments)
      .innerJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.accountId, accountId)))
      .where(and(eq(payments.accountId, accountId), eq(invoices.customerId, customerId)))
      .orderBy(desc(payments.receivedAt), desc(payments.id))
      .limit(PAYMENTS_LIMIT),
  ]);
  if (!customer) return undefined;
  const today = dayIn(settings.timeZone, now);
  const estimatesShown = estimateRows
    .map(({ validUntil, createdAt, ...estimate }) => ({
      ...estimate,
      state: estimateState(estimate.status, today, lastValidDay({ validUntil, createdAt }, settings)),
      validThrough: lastValidDay({ validUntil, createdAt }, settings),
    }))
    .sort((a, b) => ESTIMATE_ORDER[a.state] - ESTIMATE_ORDER[b.state]);
  const invoicesShown = invoiceRows
    .map(({ createdAt: _created, ...invoice }) => {
      const status = effectiveStatus(invoice, today);
      const balance = balanceDue(invoice.total, invoice.amountPaid);
      return { ...invoice, status, balance, due: acceptsPayment(status, balance) };
    })
    // Paid in full reads as paid, whatever the row says.
    .sort((a, b) => Number(b.due) - Number(a.due) || INVOICE_ORDER[a.status] - INVOICE_ORDER[b.status]);
  const visits = visitRows
    .filter((visit) => visit.scheduledDate.getTime() + visit.duration * 60_000 > now.getTime())
    .slice(0, UPCOMING_LIMIT)
    .map(({ technician, ...visit }) => ({ ...visit, technician: technician ? firstName(technician) : null }));
  return {
    hub,
    customer,
    settings,
    today,
    estimates: estimatesShown,
    invoices: invoicesShown,
    balanceDue: invoicesShown.reduce((sum, invoice) => sum + (invoice.due ? invoice.balance : 0), 0),
    visits,
    payments: paymentRows,
  };
}

export type LoadedHub = NonNullable<Awaited<ReturnType<typeof loadHub>>>;

/** "Ana" of "Ana Torres": the customer is told who comes, not their full name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/**
 * The customer page of one of the hub's documents, its share link made if it has none
 * (reusing the share model): the path `/e/{token}` or `/i/{token}`. Undefined for an unknown
 * hub, and for a document of another customer or another account: the hub opens its own
 * customer's documents only.
 */
export async function openHubDocument(
  token: string,
  kind: "estimate" | "invoice",
  documentId: string,
): Promise<string | undefined> {
  const hub = await findHub(token);
  if (!hub) return undefined;
  const db = await getDb();
  const table = kind === "estimate" ? estimates : invoices;
  const owned = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, documentId), eq(table.accountId, hub.accountId), eq(table.customerId, hub.customerId)))
    .get();
  if (!owned) return undefined;
  if (kind === "estimate") {
    const shared = await getOrCreateShareLink(hub.accountId, documentId);
    return shared ? `/e/${shared.link.token}` : undefined;
  }
  const shared = await getOrCreateInvoiceShareLink(hub.accountId, documentId);
  return shared ? `/i/${shared.link.token}` : undefined;
}

export type HubDetailsResult =
  { status: "not-found" } | { status: "unchanged" } | { status: "updated"; fields: HubDetailField[] };

/**
 * The customer's new phone, e-mail and address, applied at once. In one batch: the customer
 * row, the change as the customer's activity, and a notification for the contractor (in the
 * account's interface language) naming the new values. Nothing is written when nothing changed.
 */
export async function updateHubDetails(token: string, details: CustomerHubDetails, now = clockNow()): Promise<HubDetailsResult> {
  const hub = await findHub(token);
  if (!hub) return { status: "not-found" };
  const db = await getDb();
  const [customer, settings] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(and(eq(customers.accountId, hub.accountId), eq(customers.id, hub.customerId)))
      .get(),
    getSettings(hub.accountId),
  ]);
  if (!customer) return { status: "not-found" };
  const changes = detailChanges(customer, details);
  const fields = HUB_DETAIL_FIELDS.filter((field) => changes[field]);
  if (fields.length === 0) return { status: "unchanged" };
  const lang = settings.appLanguage;
  const none = translate(lang, "hub.notice.empty");
  const list = fields
    .map((field) =>
      translate(lang, "hub.notice.change", { field: translate(lang, `hub.fields.${field}`), value: changes[field]!.to ?? none }),
    )
    .join("; ");
  const values = Object.fromEntries(fields.map((field) => [field, details[field]]));
  await db.batch([
    db
      .update(customers)
      .set(values)
      .where(and(eq(customers.accountId, hub.accountId), eq(customers.id, hub.customerId))),
    db.insert(customerDetailChanges).values({ accountId: hub.accountId, customerId: hub.customerId, changes, createdAt: now }),
    db.insert(notifications).values({
      accountId: hub.accountId,
      type: "customer_updated",
      title: translate(lang, "hub.notice.title"),
      message: translate(lang, "hub.notice.message", { customer: customer.name, changes: list }),
      createdAt: now,
    }),
  ]);
  return { status: "updated", fields };
}

/** What the customer changed from their hub, newest first: the customer's activity. */
export async function listDetailChanges(accountId: string, customerId: string, limit = 20) {
  const db = await getDb();
  return db
    .select({ id: customerDetailChanges.id, changes: customerDetailChanges.changes, createdAt: customerDetailChanges.createdAt })
    .from(customerDetailChanges)
    .where(and(eq(customerDetailChanges.accountId, accountId), eq(customerDetailChanges.customerId, customerId)))
    .orderBy(desc(customerDetailChanges.createdAt), desc(customerDetailChanges.id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Pay all: one card payment for every invoice of the customer with a balance due. The invoices
// and what each receives are fixed in a hub_checkouts row when the customer presses the button;
// the Checkout Session names that row, and the webhook records one payment per invoice from it,
// each with its own externalId (the session's id and the invoice's), so a replayed or doubled
// event, or a crash between two invoices followed by Stripe's retry, records each exactly once.

export type HubCheckout = typeof hubCheckouts.$inferSelect;

/** A press of Pay all within this long with the same invoices and amounts is the same checkout. */
const SAME_CHECKOUT_MS = 10 * 60 * 1000;

export type HubCheckoutStart =
  | { status: "ready"; checkout: HubCheckout; hub: LoadedHub }
  | { status: "nothing-due" }
  /** The sum is above the most one payment can be: the invoices are paid one by one. */
  | { status: "too-large" };

/**
 * The checkout for everything the hub's customer owes now (the balances of the invoices that
 * take a payment), made or, when the customer pressed Pay all for the same invoices and
 * amounts minutes ago, the same one again. Undefined for an unknown hub.
 */
export async function startHubCheckout(token: string, now = clockNow()): Promise<HubCheckoutStart | undefined> {
  const hub = await loadHub(token, now);
  if (!hub) return undefined;
  const parts = hub.invoices
    .filter((invoice) => invoice.due)
    .map((invoice) => ({ invoiceId: invoice.id, amount: invoice.balance }));
  const amount = parts.reduce((sum, part) => sum + part.amount, 0);
  if (parts.length === 0 || amount <= 0) return { status: "nothing-due" };
  if (amount > MAX_CENTS) return { status: "too-large" };
  const { accountId, customerId } = hub.hub;
  const db = await getDb();
  const recent = await db
    .select()
    .from(hubCheckouts)
    .where(
      and(
        eq(hubCheckouts.accountId, accountId),
        eq(hubCheckouts.customerId, customerId),
        gte(hubCheckouts.createdAt, new Date(now.getTime() - SAME_CHECKOUT_MS)),
      ),
    )
    .orderBy(desc(hubCheckouts.createdAt))
    .limit(5);
  const same = recent.find((row) => row.amount === amount && JSON.stringify(row.parts) === JSON.stringify(parts));
  if (same) return { status: "ready", checkout: same, hub };
  const [checkout] = await db.insert(hubCheckouts).values({ accountId, customerId, amount, parts, createdAt: now }).returning();
  return { status: "ready", checkout: checkout!, hub };
}

export type HubCheckoutResult =
  | { status: "recorded"; payments: number }
  | { status: "duplicate" }
  | { status: "not-found" }
  | { status: "other-account" }
  /** The session's amount is not the checkout's sum: nothing recorded. */
  | { status: "amount-mismatch" };

/**
 * Card money reported by Stripe for a Pay all: one payment per invoice of the checkout, each
 * once per session. `accountId`, when the report names one, must be the checkout's account.
 * An invoice deleted since is skipped (as a single card payment for a deleted invoice is).
 */
export async function recordHubCheckout(
  checkoutId: string,
  { amount, externalId, accountId }: { amount: number; externalId: string; accountId?: string | null },
): Promise<HubCheckoutResult> {
  const db = await getDb();
  const checkout = await db.select().from(hubCheckouts).where(eq(hubCheckouts.id, checkoutId)).get();
  if (!checkout) return { status: "not-found" };
  if (accountId && accountId !== checkout.accountId) return { status: "other-account" };
  if (amount !== checkout.amount) return { status: "amount-mismatch" };
  let recorded = 0;
  let duplicates = 0;
  for (const part of checkout.parts) {
    const result = await recordPayment(checkout.accountId, part.invoiceId, {
      amount: part.amount,
      method: "card",
      externalId: `${externalId}:${part.invoiceId}`,
    });
    if (result.status === "recorded") recorded += 1;
    else if (result.status === "duplicate") duplicates += 1;
  }
  if (recorded > 0) return { status: "recorded", payments: recorded };
  return duplicates > 0 ? { status: "duplicate" } : { status: "not-found" };
}
