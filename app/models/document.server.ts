// One document model for estimates and invoices: what the preview, the print page, the PDF,
// the e-mails and the customer's pages show, built by the pure builders of
// app/lib/invoice-document.ts from the account's record and settings.
import { estimateDocument, invoiceDocument } from "~/lib/invoice-document";
import { depositAsked, depositOf, type DepositKind } from "~/lib/deposit";
import { depositsReceived } from "./payment.server";
import { documentPhotos } from "./document-photos.server";
import { getEstimateWithItems } from "./estimate.server";
import { getInvoiceWithItems } from "./invoice.server";
import { getSettingsWithLogo } from "./settings.server";

export type DocumentKind = "estimate" | "invoice";

const logoUrl = (settings: { logoUpdatedAt: Date | null }) =>
  settings.logoUpdatedAt ? `/app/logo?v=${settings.logoUpdatedAt.getTime()}` : null;

/** The account's estimate or invoice as a document, with the settings it was drawn with; undefined when the account has none. */
export async function loadDocument(accountId: string, kind: DocumentKind, id: string) {
  // With the logo's bytes: the PDF and the e-mailed PDF draw it.
  const settings = await getSettingsWithLogo(accountId);
  if (kind === "estimate") {
    const estimate = await getEstimateWithItems(accountId, id);
    if (!estimate) return undefined;
    const deposit = await documentDeposit(accountId, estimate);
    return { document: estimateDocument(estimate, settings, deposit), settings, logoUrl: logoUrl(settings) };
  }
  const invoice = await getInvoiceWithItems(accountId, id);
  return invoice ? { document: invoiceDocument(invoice, settings), settings, logoUrl: logoUrl(settings) } : undefined;
}

/** What an estimate's documents show of its deposit: asked (and as what percent) and received (one query). */
export async function documentDeposit(
  accountId: string,
  estimate: { id: string; total: number; depositType: DepositKind | null; depositValue: number | null },
) {
  const ask = depositOf(estimate);
  const received = (await depositsReceived(accountId, [estimate.id])).get(estimate.id) ?? 0;
  return { asked: depositAsked(estimate.total, ask), received, percent: ask?.type === "percent" ? ask.value : null };
}

export type LoadedDocument = NonNullable<Awaited<ReturnType<typeof loadDocument>>>;

export const loadEstimateDocument = (accountId: string, estimateId: string) => loadDocument(accountId, "estimate", estimateId);
export const loadInvoiceDocument = (accountId: string, invoiceId: string) => loadDocument(accountId, "invoice", invoiceId);

/**
 * A print page's data: the document (with the photos the customer sees, from the member's
 * addresses) and the logo; 404 when the account has no such document.
 */
export async function printableDocument(accountId: string, kind: DocumentKind, id = "") {
  const loaded = await loadDocument(accountId, kind, id);
  if (!loaded) throw new Response("Not Found", { status: 404 });
  const photos = await documentPhotos(accountId, { kind, id: loaded.document.id }, "");
  return { document: { ...loaded.document, photos }, logoUrl: loaded.logoUrl };
}
