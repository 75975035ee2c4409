import type { LoaderFunctionArgs } from "@remix-run/node";
import { findShareLink } from "~/models/share.server";
import { logoResponse } from "~/services/logo.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

/** GET /e/{token}/logo: the logo of the company that shared the estimate (/app/logo needs a session). */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findShareLink(params.token ?? "");
  return logoResponse(link?.accountId);
}
