import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoicePdf, pdfResponse } from "~/services/pdf.server";
import { requireUser } from "~/infrastructure/session.server";

/** GET /app/invoices/:invoiceId/pdf: the invoice as INV-….pdf, in the account's document language. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = await invoicePdf(user.id, params.invoiceId ?? "");
  if (!file) throw new Response("Not Found", { status: 404 });
  return pdfResponse(file);
}
