import type { LoaderFunctionArgs } from "@remix-run/node";
import { findHub } from "~/models/customer-hub.server";
import { serveCustomerFile } from "~/services/file-serving.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): the customer's hub link; only photos of their work marked for them. */
export const access = "public" satisfies RouteAccess;

/** GET /c/{token}/files/{id}/{display|thumbnail|full}. */
export async function loader({ params }: LoaderFunctionArgs) {
  const hub = await findHub(params.token ?? "");
  const scope = hub ? { kind: "customer" as const, accountId: hub.accountId, customerId: hub.customerId } : undefined;
  return serveCustomerFile(scope, params.fileId ?? "", params.variant ?? "");
}
