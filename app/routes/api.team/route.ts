import { listTeam } from "~/models/team.server";
import { apiRoute, json } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "team" satisfies RouteAccess;

/** GET /api/team: the account's members and the invitations still waiting (owners only). */
const route = apiRoute(access, {
  GET: async ({ user }) => {
    const team = await listTeam(user.accountId);
    return json({
      members: team.members.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        role: m.role,
        lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
      })),
      invitations: team.invitations.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        expiresAt: i.expiresAt.toISOString(),
      })),
    });
  },
});
export const loader = route.loader;
export const action = route.action;
