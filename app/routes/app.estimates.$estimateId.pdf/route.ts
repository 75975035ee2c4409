import type { LoaderFunctionArgs } from "@remix-run/node";
import { estimatePdf, pdfResponse } from "~/services/pdf.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

/** GET /app/estimates/:estimateId/pdf: the estimate as EST-….pdf, in the account's document language. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const file = await estimatePdf(user.accountId, params.estimateId ?? "");
  if (!file) throw new Response("Not Found", { status: 404 });
  return pdfResponse(file);
}
