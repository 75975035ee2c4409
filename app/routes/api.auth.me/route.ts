import { toPublicUser } from "~/models/user.server";
import { apiRoute, json } from "~/services/api.server";

/** GET /api/auth/me: the signed-in user, or 401; other methods are 405. */
const route = apiRoute({ GET: async ({ user }) => json(toPublicUser(user)) });
export const loader = route.loader;
export const action = route.action;
