import type { LoaderFunctionArgs } from "@remix-run/node";
import { findShareLink } from "~/models/share.server";
import { serveCustomerFile } from "~/services/file-serving.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): the estimate's link; only photos on it marked for the customer. */
export const access = "public" satisfies RouteAccess;

/** GET /e/{token}/files/{id}/{display|thumbnail|full}. */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findShareLink(params.token ?? "");
  const scope = link ? { kind: "estimate" as const, accountId: link.accountId, estimateId: link.estimateId } : undefined;
  return serveCustomerFile(scope, params.fileId ?? "", params.variant ?? "");
}
