import { translate } from "~/infrastructure/i18n";
import { roleSchema } from "~/lib/team-schema";
import { changeMemberRole, listTeam, removeMember } from "~/models/team.server";
import { apiError, apiRoute, json, notFound, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "team" satisfies RouteAccess;

const lastOwner = () => apiError(409, translate("en", "team.errors.lastOwner"));

/**
 * /api/team/{memberId}: PUT `{ role }` gives a member another role; DELETE removes them (their
 * sessions end at once). The account keeps at least one owner (409); another account's member is 404.
 */
const route = apiRoute(access, {
  PUT: async ({ request, user, id }) => {
    const body = await readApiBody(request, roleSchema);
    if (body instanceof Response) return body;
    const changed = await changeMemberRole(user.accountId, id, body.role);
    if (!changed.ok) return changed.reason === "last-owner" ? lastOwner() : notFound();
    const member = (await listTeam(user.accountId)).members.find((m) => m.id === id)!;
    return json({
      id: member.id,
      name: member.name,
      email: member.email,
      role: member.role,
      lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
    });
  },
  DELETE: async ({ user, id }) => {
    const removed = await removeMember(user.accountId, id);
    if (!removed.ok) return removed.reason === "last-owner" ? lastOwner() : notFound();
    return json({ message: "Member removed" });
  },
});
export const loader = route.loader;
export const action = route.action;
