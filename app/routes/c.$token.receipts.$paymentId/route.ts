import type { LoaderFunctionArgs } from "@remix-run/node";
import { findHub } from "~/models/customer-hub.server";
import { pdfResponse } from "~/services/pdf.server";
import { receiptPdf } from "~/services/receipt-pdf.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

/**
 * GET /c/{token}/receipts/{paymentId}: the PDF receipt of one of the hub customer's payments,
 * in the document language; no sign-in. 404 for a wrong or revoked token, and for a payment of
 * another customer or another account (the hub shows its own customer's records only).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const hub = await findHub(params.token ?? "");
  const file = hub ? await receiptPdf(hub.accountId, params.paymentId ?? "", { customerId: hub.customerId }) : undefined;
  if (!file) throw new Response("Not Found", { status: 404 });
  const response = pdfResponse(file);
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}
