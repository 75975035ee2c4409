// The customer's link to an estimate (/e/{token}): created by the contractor, opened by
// anyone who has it, answered once (approve or decline). The token is the only key: it
// carries 256 random bits, and every read behind it is scoped to the account that owns it.
import { randomBytes } from "node:crypto";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { estimateItems, estimates, estimateShareTokens } from "#db/schema";
import { estimateDocument } from "~/lib/invoice-document";
import { documentTotals, formatMoney } from "~/lib/money";
import { getDb } from "~/infrastructure/db.server";
import { documentPhotos } from "./document-photos.server";
import { env } from "~/infrastructure/env.server";
import { translate } from "~/infrastructure/i18n.server";
import type { Language } from "~/infrastructure/i18n";
import { documentDeposit } from "./document.server";
import { getEstimateWithItems } from "./estimate.server";
import { createNotification } from "./notification.server";
import { getSettings } from "./settings.server";
import { dayKey, now as clockNow } from "~/lib/clock";
import {
  canAnswerEstimate,
  estimateAnswerChanges,
  estimateState,
  lastValidDay,
  type EstimateAnswer,
  type EstimateState,
} from "~/lib/estimate-dates";

export type ShareLink = typeof estimateShareTokens.$inferSelect;

/** 32 random bytes, URL-safe: 43 characters, 256 bits (well over the 128 the link needs). */
export function newShareToken(): string {
  return randomBytes(32).toString("base64url");
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Where links point: APP_URL when it is set (the address customers can reach), else the request's own origin. */
export function appOrigin(request: Request): string {
  const configured = env().APP_URL;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}

export const shareUrl = (origin: string, token: string) => `${origin}/e/${token}`;

/** The estimate's link, created on first use; undefined when the account has no such estimate. */
export async function getOrCreateShareLink(
  accountId: string,
  estimateId: string,
  /** The login making the link (none when TradeDesk makes it for a reminder). */
  by: string | null = null,
): Promise<{ link: ShareLink; estimateNumber: string } | undefined> {
  const db = await getDb();
  const estimate = await db
    .select({ id: estimates.id, estimateNumber: estimates.estimateNumber })
    .from(estimates)
    .where(and(eq(estimates.accountId, accountId), eq(estimates.id, estimateId)))
    .get();
  if (!estimate) return undefined;
  try {
    // One link per estimate (unique estimate id): a link already there, or made at the same moment, wins.
    await db
      .insert(estimateShareTokens)
      .values({ accountId, estimateId, token: newShareToken(), createdBy: by })
      .onConflictDoNothing({ target: estimateShareTokens.estimateId });
  } catch (error) {
    // The estimate was deleted in between: nothing to link to.
    if (String(error).includes("FOREIGN KEY")) return undefined;
    throw error;
  }
  const link = await getShareLink(accountId, estimateId);
  return link ? { link, estimateNumber: estimate.estimateNumber } : undefined;
}

/** The estimate's link, if it has one. */
export async function getShareLink(accountId: string, estimateId: string): Promise<ShareLink | undefined> {
  const db = await getDb();
  return db
    .select()
    .from(estimateShareTokens)
    .where(and(eq(estimateShareTokens.accountId, accountId), eq(estimateShareTokens.estimateId, estimateId)))
    .get();
}

/** The links of some of the account's estimates (one query), by estimate id: what the list shows. */
export async function shareLinksOf(accountId: string, estimateIds: string[]): Promise<Map<string, ShareLink>> {
  const byEstimate = new Map<string, ShareLink>();
  if (estimateIds.length === 0) return byEstimate;
  const db = await getDb();
  const rows = await db
    .select()
    .from(estimateShareTokens)
    .where(and(eq(estimateShareTokens.accountId, accountId), inArray(estimateShareTokens.estimateId, estimateIds)));
  for (const row of rows) byEstimate.set(row.estimateId, row);
  return byEstimate;
}

/** Deletes the estimate's link: the old address answers 404 from now on. False when there was none. */
export async function revokeShareLink(accountId: string, estimateId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(estimateShareTokens)
    .where(and(eq(estimateShareTokens.accountId, accountId), eq(estimateShareTokens.estimateId, estimateId)))
    .returning({ id: estimateShareTokens.id });
  return rows.length > 0;
}

/** The link a token names; undefined for an unknown, revoked or malformed token. */
export async function findShareLink(token: string): Promise<ShareLink | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const db = await getDb();
  return db.select().from(estimateShareTokens).where(eq(estimateShareTokens.token, token)).get();
}

export type SharedState = EstimateState;

/** What the customer's page shows for a token: the estimate as a document, and where it stands. */
export async function loadSharedEstimate(token: string, now = clockNow()) {
  const link = await findShareLink(token);
  if (!link) return undefined;
  const [estimate, settings] = await Promise.all([
    getEstimateWithItems(link.accountId, link.estimateId),
    getSettings(link.accountId),
  ]);
  if (!estimate) return undefined;
  const deposit = await documentDeposit(link.accountId, estimate);
  const validThrough = lastValidDay(estimate, settings);
  const today = dayKey(now, settings.timeZone);
  const state = estimateState(estimate.status, today, validThrough);
  const document = estimateDocument(estimate, settings, deposit, today);
  document.photos = await documentPhotos(link.accountId, { kind: "estimate", id: estimate.id }, `/e/${token}`);
  return { link, estimate, settings, document, state, validThrough, today };
}

export type SharedEstimate = NonNullable<Awaited<ReturnType<typeof loadSharedEstimate>>>;

/** Counts one opening of the link. */
export async function recordShareView(linkId: string, now = clockNow()) {
  const db = await getDb();
  await db
    .update(estimateShareTokens)
    .set({
      viewCount: sql`${estimateShareTokens.viewCount} + 1`,
      firstViewedAt: sql`coalesce(${estimateShareTokens.firstViewedAt}, ${now.getTime()})`,
      lastViewedAt: now,
    })
    .where(eq(estimateShareTokens.id, linkId));
}

export type Decision = EstimateAnswer;

export type DecisionResult =
  | { status: "not-found" }
  | { status: "expired" }
  | { status: "already-decided"; current: SharedState }
  | { status: "approved" | "rejected"; notice: DecisionNotice };

/** What the contractor was told of an answer (the bell's notification), for the e-mail that may follow it. */
export interface DecisionNotice {
  accountId: string;
  estimateId: string;
  estimateNumber: string;
  language: Language;
  title: string;
  message: string;
  /** Settings' "Email Notifications". */
  byEmail: boolean;
}

/**
 * The customer's answer. Only a pending estimate that has not expired can be answered,
 * and only once: the UPDATE itself requires status = 'pending' (and the link to still
 * exist), so of two answers sent at the same moment exactly one changes the row. A
 * declining customer may give a name; it is kept as the signature of the answer.
 */
export async function decideSharedEstimate(token: string, decision: Decision, now = clockNow()): Promise<DecisionResult> {
  const shared = await loadSharedEstimate(token, now);
  if (!shared) return { status: "not-found" };
  if (shared.state === "expired") return { status: "expired" };
  if (!canAnswerEstimate(shared.state)) return { status: "already-decided", current: shared.state };
  const { estimate, link, validThrough, today } = shared;
  const db = await getDb();
  const picked = approvedLines(estimate.items, decision.kind === "approve" ? (decision.chosen ?? []) : []);
  const answer = estimateAnswerChanges(decision, now);
  // The totals follow the lines the customer chose (decision 019).
  const changes = answer.status === "approved" ? { ...answer, ...picked.totals(estimate.taxRate) } : answer;
  const decide = db
    .update(estimates)
    .set(changes)
    .where(
      and(
        eq(estimates.id, estimate.id),
        eq(estimates.accountId, link.accountId),
        eq(estimates.status, "pending"),
        // Still valid, should the contractor have changed the date meanwhile.
        sql`coalesce(${estimates.validUntil}, ${validThrough}) >= ${today}`,
        sql`exists (select 1 from ${estimateShareTokens} where ${estimateShareTokens.token} = ${token} and ${estimateShareTokens.estimateId} = ${estimate.id})`,
      ),
    )
    .returning({ id: estimates.id });
  let won: { id: string }[];
  if (decision.kind === "approve" && picked.hasOptional) {
    // In the same batch (one transaction): only if this answer won (the row is approved at
    // this very moment), the optional lines not chosen leave, the chosen ones become lines.
    const thisApproval = sql`exists (select 1 from ${estimates} where ${estimates.id} = ${estimate.id} and ${estimates.status} = 'approved' and ${estimates.respondedAt} = ${now.getTime()})`;
    const ofEstimate = and(eq(estimateItems.estimateId, estimate.id), eq(estimateItems.optional, true), thisApproval);
    [won] = await db.batch([
      decide,
      db
        .delete(estimateItems)
        .where(picked.chosenIds.length ? and(ofEstimate, notInArray(estimateItems.id, picked.chosenIds)) : ofEstimate),
      db.update(estimateItems).set({ optional: false }).where(ofEstimate),
    ]);
  } else {
    won = await decide;
  }
  if (won.length === 0) {
    const after = await loadSharedEstimate(token, now);
    if (!after) return { status: "not-found" };
    if (after.state === "pending" || after.state === "expired") return { status: "expired" };
    return { status: "already-decided", current: after.state };
  }
  const notice = await notifyDecision(shared, decision, changes.status === "approved" ? changes.total : estimate.total);
  return { status: changes.status, notice };
}

/**
 * The lines an approval keeps: every line that is not optional, and the optional lines
 * whose ids the customer ticked (ids of other estimates' lines, or of lines that are not
 * optional, change nothing).
 */
export function approvedLines<T extends { id: string; optional: boolean; quantity: number; unitPrice: number }>(
  items: readonly (T & { taxable: boolean; discountPercent: number })[],
  chosen: readonly string[],
) {
  const ticked = new Set(chosen);
  const kept = items.filter((item) => !item.optional || ticked.has(item.id));
  return {
    kept,
    hasOptional: items.some((item) => item.optional),
    chosenIds: kept.filter((item) => item.optional).map((item) => item.id),
    totals(rate: number) {
      const { subtotal, taxAmount, total } = documentTotals(
        kept.map((item) => ({ ...item, optional: false })),
        rate,
      );
      return { subtotal, taxAmount, total };
    },
  };
}

/** estimate_approved / estimate_rejected for the account, in its interface language. */
async function notifyDecision(
  { link, estimate, settings }: SharedEstimate,
  decision: Decision,
  total: number,
): Promise<DecisionNotice> {
  const lang = settings.appLanguage;
  const values = {
    customer: estimate.customer.name,
    number: estimate.estimateNumber,
    title: estimate.title,
    total: formatMoney(total, lang, settings.currency),
  };
  const notification =
    decision.kind === "approve"
      ? {
          type: "estimate_approved" as const,
          title: translate(lang, "notifications.events.estimateApprovedTitle"),
          message: translate(
            lang,
            decision.message ? "notifications.events.estimateApprovedWithMessage" : "notifications.events.estimateApproved",
            { ...values, signature: decision.signature, message: decision.message ?? "" },
          ),
        }
      : {
          type: "estimate_rejected" as const,
          title: translate(lang, "notifications.events.estimateRejectedTitle"),
          message: translate(
            lang,
            decision.reason ? "notifications.events.estimateRejectedWithReason" : "notifications.events.estimateRejected",
            { ...values, reason: decision.reason ?? "" },
          ),
        };
  await createNotification(link.accountId, { ...notification, estimateId: estimate.id });
  return {
    accountId: link.accountId,
    estimateId: estimate.id,
    estimateNumber: estimate.estimateNumber,
    language: lang,
    title: notification.title,
    message: notification.message,
    byEmail: settings.notifications,
  };
}
