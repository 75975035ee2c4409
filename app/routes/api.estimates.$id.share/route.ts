import { appOrigin, getOrCreateShareLink, revokeShareLink, shareUrl } from "~/models/share.server";
import { apiRoute, json, notFound } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

/**
 * POST /api/estimates/{id}/share: the estimate's link for the customer, created on the
 * first call and the same afterwards: `{ estimateNumber, shareableLink }`, an absolute URL.
 * DELETE revokes it: the old /e/{token} address answers 404 from then on (docs/decisions/008).
 */
const route = apiRoute(access, {
  POST: async ({ user, id, request }) => {
    const shared = await getOrCreateShareLink(user.accountId, id, user.id);
    if (!shared) return notFound();
    return json({ estimateNumber: shared.estimateNumber, shareableLink: shareUrl(appOrigin(request), shared.link.token) });
  },
  DELETE: async ({ user, id }) =>
    (await revokeShareLink(user.accountId, id)) ? json({ message: "Share link revoked" }) : notFound(),
});
export const loader = route.loader;
export const action = route.action;
