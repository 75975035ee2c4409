import type { ActionFunctionArgs } from "@remix-run/node";
import { appOrigin, getOrCreateShareLink, shareUrl } from "~/models/share.server";
import { json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

export async function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/estimates/{id}/share: the estimate's link for the customer, created on the
 * first call and the same afterwards: `{ estimateNumber, shareableLink }`, an absolute URL.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, access);
  const shared = await getOrCreateShareLink(user.accountId, params.id ?? "", user.id);
  if (!shared) return notFound();
  return json({ estimateNumber: shared.estimateNumber, shareableLink: shareUrl(appOrigin(request), shared.link.token) });
}
