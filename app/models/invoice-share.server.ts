// The customer's link to an invoice (/i/{token}): created by the contractor, opened by anyone
// who has it, revocable. As for estimates (share.server.ts), the token is the only key: 256
// random bits, and every read behind it is scoped to the account that owns the invoice.
import { and, eq, sql } from "drizzle-orm";
import { invoices, invoiceShareTokens } from "#db/schema";
import { now as clockNow } from "~/lib/clock";
import { balanceDue } from "~/lib/invoice-balance";
import { effectiveStatus } from "~/lib/invoice-status";
import { getDb } from "~/infrastructure/db.server";
import { documentPhotos } from "./document-photos.server";
import { loadInvoiceDocument } from "./document.server";
import { listInvoicePayments } from "./payment.server";
import { todayFor } from "./settings.server";
import { newShareToken } from "./share.server";

export type InvoiceShareLink = typeof invoiceShareTokens.$inferSelect;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const invoiceShareUrl = (origin: string, token: string) => `${origin}/i/${token}`;

/** The invoice's link, created on first use; undefined when the account has no such invoice. */
export async function getOrCreateInvoiceShareLink(
  accountId: string,
  invoiceId: string,
  /** The login making the link (none when TradeDesk makes it for a reminder). */
  by: string | null = null,
): Promise<{ link: InvoiceShareLink; invoiceNumber: string } | undefined> {
  const db = await getDb();
  const invoice = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)))
    .get();
  if (!invoice) return undefined;
  try {
    // One link per invoice (unique invoice id): a link already there, or made at the same moment, wins.
    await db
      .insert(invoiceShareTokens)
      .values({ accountId, invoiceId, token: newShareToken(), createdBy: by })
      .onConflictDoNothing({ target: invoiceShareTokens.invoiceId });
  } catch (error) {
    if (String(error).includes("FOREIGN KEY")) return undefined;
    throw error;
  }
  const link = await getInvoiceShareLink(accountId, invoiceId);
  return link ? { link, invoiceNumber: invoice.invoiceNumber } : undefined;
}

/** The invoice's link, if it has one. */
export async function getInvoiceShareLink(accountId: string, invoiceId: string): Promise<InvoiceShareLink | undefined> {
  const db = await getDb();
  return db
    .select()
    .from(invoiceShareTokens)
    .where(and(eq(invoiceShareTokens.accountId, accountId), eq(invoiceShareTokens.invoiceId, invoiceId)))
    .get();
}

/** Deletes the invoice's link: the old address answers 404 from now on. False when there was none. */
export async function revokeInvoiceShareLink(accountId: string, invoiceId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(invoiceShareTokens)
    .where(and(eq(invoiceShareTokens.accountId, accountId), eq(invoiceShareTokens.invoiceId, invoiceId)))
    .returning({ id: invoiceShareTokens.id });
  return rows.length > 0;
}

/** The link a token names; undefined for an unknown, revoked or malformed token. */
export async function findInvoiceShareLink(token: string): Promise<InvoiceShareLink | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const db = await getDb();
  return db.select().from(invoiceShareTokens).where(eq(invoiceShareTokens.token, token)).get();
}

/** What the customer's invoice page shows for a token: the document, the payments made and the balance due. */
export async function loadSharedInvoice(token: string) {
  const link = await findInvoiceShareLink(token);
  if (!link) return undefined;
  const [loaded, payments, today] = await Promise.all([
    loadInvoiceDocument(link.accountId, link.invoiceId),
    listInvoicePayments(link.accountId, link.invoiceId),
    todayFor(link.accountId),
  ]);
  if (!loaded) return undefined;
  const db = await getDb();
  const invoice = await db.select().from(invoices).where(eq(invoices.id, link.invoiceId)).get();
  if (!invoice) return undefined;
  loaded.document.photos = await documentPhotos(link.accountId, { kind: "invoice", id: invoice.id }, `/i/${token}`);
  return {
    link,
    invoice,
    ...loaded,
    payments,
    status: effectiveStatus(invoice, today),
    balance: balanceDue(invoice.total, invoice.amountPaid),
  };
}

/** Counts one opening of the link. */
export async function recordInvoiceShareView(linkId: string, now = clockNow()) {
  const db = await getDb();
  await db
    .update(invoiceShareTokens)
    .set({
      viewCount: sql`${invoiceShareTokens.viewCount} + 1`,
      firstViewedAt: sql`coalesce(${invoiceShareTokens.firstViewedAt}, ${now.getTime()})`,
      lastViewedAt: now,
    })
    .where(eq(invoiceShareTokens.id, linkId));
}
