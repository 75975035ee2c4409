import type { LoaderFunctionArgs } from "@remix-run/node";
import { findHub } from "~/models/customer-hub.server";
import { logoResponse } from "~/services/logo.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

/** GET /c/{token}/logo: the logo of the company whose customer's hub this is (/app/logo needs a session). */
export async function loader({ params }: LoaderFunctionArgs) {
  const hub = await findHub(params.token ?? "");
  return logoResponse(hub?.accountId);
}
