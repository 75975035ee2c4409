import type { LoaderFunctionArgs } from "@remix-run/node";
import { findInvoiceShareLink } from "~/models/invoice-share.server";
import { pdfResponse } from "~/services/pdf.server";
import { receiptPdf } from "~/services/receipt-pdf.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

/**
 * GET /i/{token}/receipts/{paymentId}: the PDF receipt of a payment on the shared invoice, in
 * the document language; no sign-in. 404 for a wrong or revoked token, and for a payment on
 * any other invoice.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findInvoiceShareLink(params.token ?? "");
  const file = link ? await receiptPdf(link.accountId, params.paymentId ?? "", { invoiceId: link.invoiceId }) : undefined;
  if (!file) throw new Response("Not Found", { status: 404 });
  const response = pdfResponse(file);
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}
