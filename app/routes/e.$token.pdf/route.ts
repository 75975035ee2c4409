import type { LoaderFunctionArgs } from "@remix-run/node";
import { findShareLink } from "~/models/share.server";
import { estimatePdf, pdfResponse } from "~/services/pdf.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

/** GET /e/{token}/pdf: the shared estimate as EST-….pdf in the document language; no sign-in, 404 for a wrong token. */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findShareLink(params.token ?? "");
  const file = link ? await estimatePdf(link.accountId, link.estimateId) : undefined;
  if (!file) throw new Response("Not Found", { status: 404 });
  const response = pdfResponse(file);
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}
