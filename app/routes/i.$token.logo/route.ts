import type { LoaderFunctionArgs } from "@remix-run/node";
import { findInvoiceShareLink } from "~/models/invoice-share.server";
import { logoResponse } from "~/services/logo.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

/** GET /i/{token}/logo: the logo of the company that shared the invoice (/app/logo needs a session). */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findInvoiceShareLink(params.token ?? "");
  return logoResponse(link?.accountId);
}
