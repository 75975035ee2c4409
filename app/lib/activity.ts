// The history of an estimate or an invoice (docs/decisions/020): what happened to it and
// when, told from the rows that already record it (the document's own dates, its share
// link, its payments, deposits and late charges, the work claims of its reminders). Each source turns its rows into
// events here, purely; `mergeActivity` puts the sources together in the order things
// happened. The model that reads the rows is `activityFor` in app/models/activity.server.ts.
//
// Adding a kind of event: a member of ActivityEvent, a builder below, its sentence in
// app/locales/activity.*.ts (`activity.events.<type>`), and a source in activity.server.ts.
import type { PaymentMethod } from "./payment-schema";
import type { Role } from "./permissions";
import { parseWorkKey, type WorkKey } from "./work-keys";

export const ACTIVITY_KINDS = ["invoice", "estimate"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

interface EventBase {
  /** Unique within one history: "created", "payment:<id>", a work key. */
  id: string;
  /** When it happened, milliseconds since the epoch (shown in the account's zone). */
  at: number;
  /** The login of the member who did it, as the rows record it (decision 030). */
  actorId?: string | null;
  /** Who did it, read from `actorId`: the name, and the role while they are still a member. */
  actor?: ActivityActor | null;
}

export interface ActivityActor {
  name: string;
  role: Role | null;
}

export type ActivityEvent = EventBase &
  (
    | { type: "created"; fromEstimate: string | null }
    | { type: "invoiced"; invoiceNumber: string }
    | { type: "sent"; to: string | null }
    | { type: "linkCreated" }
    | { type: "viewed"; count: number }
    | { type: "lastViewed"; count: number }
    | { type: "approved"; by: string | null }
    | { type: "declined"; by: string | null; reason: string | null }
    | { type: "payment"; amount: number; method: PaymentMethod; reference: string | null }
    | { type: "deposit"; amount: number; method: PaymentMethod; reference: string | null }
    | { type: "lateCharge"; amount: number; month: number }
    | { type: "paid" }
    | { type: "reminder"; step: number }
    | { type: "followUp" }
    | { type: "expiryReminder"; validUntil: string }
  );

type Instant = Date | number | null | undefined;

/** The event's actor field, only when the row names one. */
const actorOf = (id: string | null | undefined) => (id ? { actorId: id } : {});

function ms(instant: Instant): number | null {
  if (instant === null || instant === undefined) return null;
  const value = instant instanceof Date ? instant.getTime() : instant;
  return Number.isFinite(value) ? value : null;
}

/**
 * How far before its document's creation an event may be stamped and still be taken as
 * happening with it: a document created already approved gets its approval time from the
 * app's clock a few milliseconds before the database stamps its creation.
 */
export const CREATION_SKEW_MS = 5_000;

/**
 * The sources put together: every event once (the first of two with one id wins), oldest
 * first; events at the same instant keep the order of the sources and, inside one source,
 * the order it gave them (created before sent, sent before viewed). An event stamped just
 * before the creation (CREATION_SKEW_MS) comes right after it; one stamped well before (a
 * deposit paid on the estimate, before its invoice existed) keeps its place.
 */
export function mergeActivity(sources: readonly (readonly ActivityEvent[])[]): ActivityEvent[] {
  const seen = new Set<string>();
  const all: ActivityEvent[] = [];
  for (const source of sources) {
    for (const event of source) {
      if (seen.has(event.id) || !Number.isFinite(event.at)) continue;
      seen.add(event.id);
      all.push(event);
    }
  }
  const created = all.find((event) => event.type === "created")?.at;
  const place = (event: ActivityEvent) =>
    created !== undefined && event.at < created && created - event.at <= CREATION_SKEW_MS ? created : event.at;
  // Array.prototype.sort is stable: ties keep the order above.
  return all.sort((a, b) => place(a) - place(b));
}

/** Created (from an estimate, for an invoice made from one) and first e-mailed, to whom. */
export function documentEvents(document: {
  createdAt: Instant;
  sentAt: Instant;
  sentTo: string | null;
  fromEstimate?: string | null;
  createdBy?: string | null;
  sentBy?: string | null;
}): ActivityEvent[] {
  const events: ActivityEvent[] = [];
  const created = ms(document.createdAt);
  if (created !== null)
    events.push({
      id: "created",
      at: created,
      type: "created",
      fromEstimate: document.fromEstimate ?? null,
      ...actorOf(document.createdBy),
    });
  const sent = ms(document.sentAt);
  if (sent !== null) events.push({ id: "sent", at: sent, type: "sent", to: document.sentTo, ...actorOf(document.sentBy) });
  return events;
}

/**
 * Puts who did each event in place of its login id: `actors` maps the ids to names and roles
 * (a login no longer found leaves the event without an actor).
 */
export function withActors(events: readonly ActivityEvent[], actors: ReadonlyMap<string, ActivityActor>): ActivityEvent[] {
  return events.map(({ actorId, ...event }) =>
    actorId && actors.has(actorId) ? { ...event, actor: actors.get(actorId)! } : event,
  );
}

/** An estimate turned into an invoice. */
export function invoicedEvents(invoice: { invoiceNumber: string; createdAt: Instant } | null | undefined): ActivityEvent[] {
  const at = ms(invoice?.createdAt);
  return invoice && at !== null ? [{ id: "invoiced", at, type: "invoiced", invoiceNumber: invoice.invoiceNumber }] : [];
}

export interface ShareLinkRecord {
  createdAt: Instant;
  viewCount: number;
  firstViewedAt: Instant;
  lastViewedAt: Instant;
  /** The login that made the link. */
  createdBy?: string | null;
}

/** The customer's link: made, first opened (with how often since), last opened when that was another time. */
export function shareLinkEvents(link: ShareLinkRecord | null | undefined): ActivityEvent[] {
  if (!link) return [];
  const events: ActivityEvent[] = [];
  const created = ms(link.createdAt);
  if (created !== null) events.push({ id: "link-created", at: created, type: "linkCreated", ...actorOf(link.createdBy) });
  const first = ms(link.firstViewedAt);
  const last = ms(link.lastViewedAt);
  if (link.viewCount > 0 && first !== null) {
    events.push({ id: "viewed", at: first, type: "viewed", count: link.viewCount });
    if (link.viewCount > 1 && last !== null && last !== first) {
      events.push({ id: "last-viewed", at: last, type: "lastViewed", count: link.viewCount });
    }
  }
  return events;
}

export interface EstimateAnswerRecord {
  status: string;
  approvedAt: Instant;
  respondedAt: Instant;
  customerSignature: string | null;
  customerResponse: string | null;
}

export interface EstimateDecision {
  status: "approved" | "rejected";
  /** Milliseconds; null when the estimate was marked declined by hand before answers were dated. */
  at: number | null;
  /** The signature of an approval, the name a declining customer gave (may be none). */
  by: string | null;
  response: string | null;
}

/**
 * How an estimate was answered: approved (on the customer's page, signed, or marked by the
 * contractor) or declined; null while it waits. The share dialog and the activity both read it.
 */
export function estimateDecision(estimate: EstimateAnswerRecord): EstimateDecision | null {
  if (estimate.status !== "approved" && estimate.status !== "rejected") return null;
  const at = estimate.status === "approved" ? (ms(estimate.approvedAt) ?? ms(estimate.respondedAt)) : ms(estimate.respondedAt);
  return { status: estimate.status, at, by: estimate.customerSignature, response: estimate.customerResponse };
}

export function decisionEvents(estimate: EstimateAnswerRecord): ActivityEvent[] {
  const decision = estimateDecision(estimate);
  if (!decision || decision.at === null) return [];
  return decision.status === "approved"
    ? [{ id: "approved", at: decision.at, type: "approved", by: decision.by }]
    : [{ id: "declined", at: decision.at, type: "declined", by: decision.by, reason: decision.response }];
}

export interface PaymentRecord {
  id: string;
  amount: number;
  method: PaymentMethod;
  receivedAt: Instant;
  reference: string | null;
  /** The estimate's deposit an invoice's payment carries (docs/decisions/017). */
  depositId?: string | null;
  /** The login that entered it by hand. */
  recordedBy?: string | null;
}

function moneyReceived(id: string, type: "payment" | "deposit", record: PaymentRecord): ActivityEvent[] {
  const at = ms(record.receivedAt);
  if (at === null) return [];
  return [
    {
      id,
      at,
      type,
      amount: record.amount,
      method: record.method,
      reference: record.reference,
      ...actorOf(record.recordedBy),
    },
  ];
}

/**
 * Each payment received (partial payments, card payments), on the day it was received; a
 * payment that carries the estimate's deposit says it is the deposit.
 */
export function paymentEvents(payments: readonly PaymentRecord[]): ActivityEvent[] {
  return payments.flatMap((payment) =>
    moneyReceived(`payment:${payment.id}`, payment.depositId ? "deposit" : "payment", payment),
  );
}

/** Each deposit an estimate received (by hand or by card), on the day it was received. */
export function depositEvents(deposits: readonly PaymentRecord[]): ActivityEvent[] {
  return deposits.flatMap((deposit) => moneyReceived(`deposit:${deposit.id}`, "deposit", deposit));
}

/** Each late charge added to an invoice (its amount and which month past due), when it was added. */
export function lateChargeEvents(
  charges: readonly { id: string; amount: number; month: number; createdAt: Instant; addedBy?: string | null }[],
): ActivityEvent[] {
  return charges.flatMap((charge): ActivityEvent[] => {
    const at = ms(charge.createdAt);
    if (at === null) return [];
    return [
      {
        id: `late-charge:${charge.id}`,
        at,
        type: "lateCharge",
        amount: charge.amount,
        month: charge.month,
        ...actorOf(charge.addedBy),
      },
    ];
  });
}

/** Paid in full, on the invoice's paid date (the last payment's, or the day it was marked paid). */
export function paidEvents(invoice: { status: string; paidDate: Instant }): ActivityEvent[] {
  const at = ms(invoice.paidDate);
  return invoice.status === "paid" && at !== null ? [{ id: "paid", at, type: "paid" }] : [];
}

/**
 * The reminders and follow-ups done for one document, from the work claims marked done
 * (docs/decisions/014): a payment reminder (with its day from the due date), an estimate's
 * follow-up and its expiry reminder. Claims of other documents or kinds are left out.
 */
export function workEvents(documentId: string, claims: readonly { key: string; doneAt: Instant }[]): ActivityEvent[] {
  return claims.flatMap((claim): ActivityEvent[] => {
    const at = ms(claim.doneAt);
    const key: WorkKey | null = parseWorkKey(claim.key);
    if (at === null || !key || key.documentId !== documentId) return [];
    if (key.kind === "invoice-reminder") return [{ id: claim.key, at, type: "reminder", step: key.step }];
    if (key.kind === "estimate-follow-up") return [{ id: claim.key, at, type: "followUp" }];
    return [{ id: claim.key, at, type: "expiryReminder", validUntil: key.validUntil }];
  });
}
