import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoicePdf, pdfResponse } from "~/services/pdf.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/** GET /app/invoices/:invoiceId/pdf: the invoice as INV-….pdf, in the account's document language. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const file = await invoicePdf(user.accountId, params.invoiceId ?? "");
  if (!file) throw new Response("Not Found", { status: 404 });
  return pdfResponse(file);
}
