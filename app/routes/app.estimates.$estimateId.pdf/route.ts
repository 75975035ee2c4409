import type { LoaderFunctionArgs } from "@remix-run/node";
import { estimatePdf, pdfResponse } from "~/services/pdf.server";
import { requireUser } from "~/infrastructure/session.server";

/** GET /app/estimates/:estimateId/pdf: the estimate as EST-….pdf, in the account's document language. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = await estimatePdf(user.id, params.estimateId ?? "");
  if (!file) throw new Response("Not Found", { status: 404 });
  return pdfResponse(file);
}
