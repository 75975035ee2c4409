import { getOrCreateInvoiceShareLink, invoiceShareUrl, revokeInvoiceShareLink } from "~/models/invoice-share.server";
import { appOrigin } from "~/models/share.server";
import { apiRoute, json, notFound } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/**
 * POST /api/invoices/{id}/share: the invoice's link for the customer, created on the first
 * call and the same afterwards: `{ invoiceNumber, shareableLink }`, an absolute URL (from
 * APP_URL). DELETE revokes it: the old address answers 404 from then on.
 */
const route = apiRoute(access, {
  POST: async ({ user, id, request }) => {
    const shared = await getOrCreateInvoiceShareLink(user.accountId, id, user.id);
    if (!shared) return notFound();
    return json({ invoiceNumber: shared.invoiceNumber, shareableLink: invoiceShareUrl(appOrigin(request), shared.link.token) });
  },
  DELETE: async ({ user, id }) =>
    (await revokeInvoiceShareLink(user.accountId, id)) ? json({ message: "Share link revoked" }) : notFound(),
});
export const loader = route.loader;
export const action = route.action;
