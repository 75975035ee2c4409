import { getOrCreateHub, hubUrl, revokeHub } from "~/models/customer-hub.server";
import { getCustomer } from "~/models/customer.server";
import { appOrigin } from "~/models/share.server";
import { apiRoute, json, notFound } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

/**
 * /api/customers/{id}/hub: the customer's hub link. POST creates it (or answers the one there
 * is) as `{ url }`, an absolute URL; DELETE revokes it, and the old address answers 404 at once.
 * Another account's customer is 404 and nothing changes.
 */
const route = apiRoute(access, {
  POST: async ({ user, id, request }) => {
    const hub = await getOrCreateHub(user.accountId, id, user.id);
    return hub ? json({ url: hubUrl(appOrigin(request), hub.token) }) : notFound();
  },
  DELETE: async ({ user, id }) => {
    if (!(await getCustomer(user.accountId, id))) return notFound();
    const revoked = await revokeHub(user.accountId, id);
    return json({ message: revoked ? "Hub link revoked" : "No hub link to revoke" });
  },
});
export const loader = route.loader;
export const action = route.action;
