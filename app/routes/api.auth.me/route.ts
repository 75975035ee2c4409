import { toPublicUser } from "~/models/user.server";
import { apiRoute, json } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

/** GET /api/auth/me: the signed-in user, their account and their role there, or 401; other methods are 405. */
const route = apiRoute(access, {
  GET: async ({ user }) => json({ ...toPublicUser(user), accountId: user.accountId, role: user.role }),
});
export const loader = route.loader;
export const action = route.action;
