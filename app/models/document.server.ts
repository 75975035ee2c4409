// One document model for estimates and invoices: what the preview, the print page, the PDF,
// the e-mails and the customer's pages show, built by the pure builders of
// app/lib/invoice-document.ts from the account's record and settings.
import { estimateDocument, invoiceDocument } from "~/lib/invoice-document";
import { depositSummary } from "./deposit.server";
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
    const [estimate, deposit] = await Promise.all([getEstimateWithItems(userId, id), documentDeposit(userId, id)]);
    return estimate
      ? { document: estimateDocument(estimate, settings, deposit), settings, logoUrl: logoUrl(settings) }
      : undefined;
  }
  const invoice = await getInvoiceWithItems(userId, id);
  return invoice ? { document: invoiceDocument(invoice, settings), settings, logoUrl: logoUrl(settings) } : undefined;
}

/** What an estimate's documents show of its deposit: asked (and as what percent) and received. */
export async function documentDeposit(userId: string, estimateId: string) {
  const summary = await depositSummary(userId, estimateId);
  if (!summary) return null;
  return {
    asked: summary.asked,
    received: summary.received,
    percent: summary.ask?.type === "percent" ? summary.ask.value : null,
  };
}

export type LoadedDocument = NonNullable<Awaited<ReturnType<typeof loadDocument>>>;

export const loadEstimateDocument = (userId: string, estimateId: string) => loadDocument(userId, "estimate", estimateId);
export const loadInvoiceDocument = (userId: string, invoiceId: string) => loadDocument(userId, "invoice", invoiceId);
