import type { LoaderFunctionArgs } from "@remix-run/node";
import { findInvoiceShareLink } from "~/models/invoice-share.server";
import { invoicePdf, pdfResponse } from "~/services/pdf.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

/** GET /i/{token}/pdf: the shared invoice as INV-….pdf in the document language; no sign-in, 404 for a wrong token. */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findInvoiceShareLink(params.token ?? "");
  const file = link ? await invoicePdf(link.accountId, link.invoiceId) : undefined;
  if (!file) throw new Response("Not Found", { status: 404 });
  const response = pdfResponse(file);
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}
