// One document model for estimates and invoices: what the preview, the print page, the PDF,
// the e-mails and the customer's pages show, built by the pure builders of
// app/lib/invoice-document.ts from the account's record and settings.
import { estimateDocument, invoiceDocument } from "~/lib/invoice-document";
import { getEstimateWithItems } from "./estimate.server";
import { getInvoiceWithItems } from "./invoice.server";
import { getSettings } from "./settings.server";

export type DocumentKind = "estimate" | "invoice";

const logoUrl = (settings: { logoUpdatedAt: Date | null }) =>
  settings.logoUpdatedAt ? `/app/logo?v=${settings.logoUpdatedAt.getTime()}` : null;

/** The account's estimate or invoice as a document, with the settings it was drawn with; undefined when the account has none. */
export async function loadDocument(userId: string, kind: DocumentKind, id: string) {
  const settings = await getSettings(userId);
  if (kind === "estimate") {
    const estimate = await getEstimateWithItems(userId, id);
    return estimate ? { document: estimateDocument(estimate, settings), settings, logoUrl: logoUrl(settings) } : undefined;
  }
  const invoice = await getInvoiceWithItems(userId, id);
  return invoice ? { document: invoiceDocument(invoice, settings), settings, logoUrl: logoUrl(settings) } : undefined;
}

export type LoadedDocument = NonNullable<Awaited<ReturnType<typeof loadDocument>>>;

export const loadEstimateDocument = (userId: string, estimateId: string) => loadDocument(userId, "estimate", estimateId);
export const loadInvoiceDocument = (userId: string, invoiceId: string) => loadDocument(userId, "invoice", invoiceId);
