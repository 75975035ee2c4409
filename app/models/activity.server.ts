// The history of one of the account's estimates or invoices (docs/decisions/020). Nothing
// is written for it: each source reads rows that already record what happened (the
// document's dates, its share link, its payments, an estimate's deposits, an invoice's late
// charges, the work claims of its reminders) and
// turns them into events with a builder of app/lib/activity.ts; `mergeActivity` puts the
// sources together in order.
//
// Adding a source: one async function (subject) => events,
// appended to INVOICE_SOURCES or ESTIMATE_SOURCES below.
import { and, eq, gte, inArray, isNotNull, lt, or } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accountMembers, customers, estimates, invoices, users, workClaims } from "#db/schema";
import {
  decisionEvents,
  depositEvents,
  documentEvents,
  invoicedEvents,
  lateChargeEvents,
  mergeActivity,
  paidEvents,
  paymentEvents,
  shareLinkEvents,
  withActors,
  workEvents,
  type ActivityActor,
  type ActivityEvent,
  type ActivityKind,
} from "~/lib/activity";
import { workKeyRange, type WorkKey } from "~/lib/work-keys";
import { accountZone } from "~/lib/clock";
import { getDb } from "~/infrastructure/db.server";
import { getInvoiceShareLink } from "./invoice-share.server";
import { listInvoiceLateCharges } from "./late-charge.server";
import { listEstimateDeposits, listInvoicePayments } from "./payment.server";
import { getSettingsWithoutLogo } from "./settings.server";
import { getShareLink } from "./share.server";
import { accountCustomer } from "./sql.server";

type InvoiceRow = typeof invoices.$inferSelect;
type EstimateRow = typeof estimates.$inferSelect;

export interface InvoiceSubject {
  kind: "invoice";
  accountId: string;
  invoice: InvoiceRow;
  customerName: string;
  /** The estimate it was made from, when it was. */
  estimateNumber: string | null;
}

export interface EstimateSubject {
  kind: "estimate";
  accountId: string;
  estimate: EstimateRow;
  customerName: string;
  /** The invoice made from it, when there is one. */
  invoice: { invoiceNumber: string; createdAt: Date } | null;
}

type Source<S> = (subject: S) => Promise<readonly ActivityEvent[]> | readonly ActivityEvent[];

export interface Activity {
  kind: ActivityKind;
  id: string;
  number: string;
  title: string;
  customerName: string;
  events: ActivityEvent[];
}

/** The work claims done for one document, of the given kinds of work. */
async function doneWork(documentId: string, kinds: WorkKey["kind"][]) {
  const db = await getDb();
  const ranges = kinds.map((kind) => {
    const range = workKeyRange(kind, documentId);
    return and(gte(workClaims.key, range.from), lt(workClaims.key, range.to));
  });
  const claims = await db
    .select({ key: workClaims.key, doneAt: workClaims.doneAt })
    .from(workClaims)
    .where(and(or(...ranges), isNotNull(workClaims.doneAt)));
  return workEvents(documentId, claims);
}

const INVOICE_SOURCES: Source<InvoiceSubject>[] = [
  ({ invoice, estimateNumber }) => documentEvents({ ...invoice, fromEstimate: estimateNumber }),
  async ({ accountId, invoice }) => shareLinkEvents(await getInvoiceShareLink(accountId, invoice.id)),
  async ({ accountId, invoice }) => paymentEvents(await listInvoicePayments(accountId, invoice.id)),
  ({ invoice }) => paidEvents(invoice),
  ({ invoice }) => doneWork(invoice.id, ["invoice-reminder"]),
  async ({ accountId, invoice }) => lateChargeEvents(await listInvoiceLateCharges(accountId, invoice.id)),
];

const ESTIMATE_SOURCES: Source<EstimateSubject>[] = [
  ({ estimate }) => documentEvents(estimate),
  async ({ accountId, estimate }) => shareLinkEvents(await getShareLink(accountId, estimate.id)),
  ({ estimate }) => decisionEvents(estimate),
  ({ invoice }) => invoicedEvents(invoice),
  ({ estimate }) => doneWork(estimate.id, ["estimate-follow-up", "estimate-expiry"]),
  async ({ accountId, estimate }) => depositEvents(await listEstimateDeposits(accountId, estimate.id)),
];

async function collect<S extends { accountId: string }>(subject: S, sources: Source<S>[]): Promise<ActivityEvent[]> {
  const events = mergeActivity(await Promise.all(sources.map((source) => source(subject))));
  return withActors(events, await actorsOf(subject.accountId, events));
}

/** The names of the logins that did the events, with their role while they are members of the account. */
async function actorsOf(accountId: string, events: readonly ActivityEvent[]): Promise<Map<string, ActivityActor>> {
  const ids = [...new Set(events.map((event) => event.actorId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, name: users.name, role: accountMembers.role })
    .from(users)
    .leftJoin(accountMembers, and(eq(accountMembers.userId, users.id), eq(accountMembers.accountId, accountId)))
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { name: row.name, role: row.role ?? null }]));
}

async function invoiceSubject(accountId: string, id: string): Promise<InvoiceSubject | undefined> {
  const db = await getDb();
  const row = await db
    .select({ invoice: invoices, customerName: customers.name, estimateNumber: estimates.estimateNumber })
    .from(invoices)
    .innerJoin(customers, accountCustomer(invoices.customerId, accountId))
    .leftJoin(estimates, and(eq(estimates.id, invoices.estimateId), eq(estimates.accountId, accountId)))
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, id)))
    .get();
  return row ? { kind: "invoice", accountId, ...row } : undefined;
}

async function estimateSubject(accountId: string, id: string): Promise<EstimateSubject | undefined> {
  const db = await getDb();
  const invoice = alias(invoices, "made_invoice");
  const row = await db
    .select({
      estimate: estimates,
      customerName: customers.name,
      invoiceNumber: invoice.invoiceNumber,
      invoiceCreatedAt: invoice.createdAt,
    })
    .from(estimates)
    .innerJoin(customers, accountCustomer(estimates.customerId, accountId))
    .leftJoin(invoice, and(eq(invoice.estimateId, estimates.id), eq(invoice.accountId, accountId)))
    .where(and(eq(estimates.accountId, accountId), eq(estimates.id, id)))
    .get();
  if (!row) return undefined;
  const { invoiceNumber, invoiceCreatedAt, ...rest } = row;
  return {
    kind: "estimate",
    accountId,
    ...rest,
    invoice: invoiceNumber !== null && invoiceCreatedAt !== null ? { invoiceNumber, createdAt: invoiceCreatedAt } : null,
  };
}

/**
 * The history of the account's invoice or estimate, oldest first; undefined when the
 * account has no such document (another account's id included).
 */
export async function activityFor(accountId: string, kind: ActivityKind, id: string): Promise<Activity | undefined> {
  if (kind === "invoice") {
    const subject = await invoiceSubject(accountId, id);
    if (!subject) return undefined;
    const { invoice } = subject;
    return {
      kind,
      id: invoice.id,
      number: invoice.invoiceNumber,
      title: invoice.title,
      customerName: subject.customerName,
      events: await collect(subject, INVOICE_SOURCES),
    };
  }
  const subject = await estimateSubject(accountId, id);
  if (!subject) return undefined;
  const { estimate } = subject;
  return {
    kind,
    id: estimate.id,
    number: estimate.estimateNumber,
    title: estimate.title,
    customerName: subject.customerName,
    events: await collect(subject, ESTIMATE_SOURCES),
  };
}

/** What the activity dialog shows: the history, and the zone and currency to show it in. */
export async function activityDialogData(accountId: string, kind: ActivityKind, id: string) {
  const [activity, settings] = await Promise.all([activityFor(accountId, kind, id), getSettingsWithoutLogo(accountId)]);
  if (!activity) return undefined;
  return { activity, zone: accountZone(settings.timeZone), currency: settings.currency };
}
