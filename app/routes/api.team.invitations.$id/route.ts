import { revokeInvitation } from "~/models/team.server";
import { apiRoute, json, notFound } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "team" satisfies RouteAccess;

/** DELETE /api/team/invitations/{id}: withdraws the invitation, whose link stops working; 404 for another account's. */
const route = apiRoute(access, {
  DELETE: async ({ user, id }) =>
    (await revokeInvitation(user.accountId, id)) ? json({ message: "Invitation withdrawn" }) : notFound(),
});
export const loader = route.loader;
export const action = route.action;
