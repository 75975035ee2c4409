import { upcomingAppointments, toApiAppointment } from "~/models/appointment.server";
import { apiRoute, json } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

const MAX_LIMIT = 100;

/**
 * GET /api/appointments/upcoming: the appointments still to happen (scheduled or
 * rescheduled, from now on), earliest first; ?limit= (default 5, at most 100).
 */
const route = apiRoute(access, {
  GET: async ({ user, url }) => {
    const requested = Number(url.searchParams.get("limit"));
    const limit = Number.isSafeInteger(requested) && requested > 0 ? Math.min(requested, MAX_LIMIT) : 5;
    const items = await upcomingAppointments(user.accountId, { limit });
    return json(items.map(toApiAppointment));
  },
});
export const loader = route.loader;
export const action = route.action;
