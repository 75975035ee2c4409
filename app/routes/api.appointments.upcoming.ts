import type { LoaderFunctionArgs } from "@remix-run/node";
import { upcomingAppointments, toApiAppointment } from "~/models/appointment.server";
import { json, requireApiUser } from "~/services/api.server";

const MAX_LIMIT = 100;

/**
 * GET /api/appointments/upcoming: the appointments still to happen (scheduled or
 * rescheduled, from now on), earliest first; ?limit= (default 5, at most 100).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const requested = Number(new URL(request.url).searchParams.get("limit"));
  const limit = Number.isSafeInteger(requested) && requested > 0 ? Math.min(requested, MAX_LIMIT) : 5;
  const items = await upcomingAppointments(user.id, { limit });
  return json(items.map(toApiAppointment));
}
