import { appointmentApiSchema } from "~/lib/schedule-schema";
import {
  appointmentChecks,
  deleteAppointment,
  getAccountTimeZone,
  getAppointment,
  toApiAppointment,
  updateAppointment,
} from "~/models/appointment.server";
import { apiRoute, json, needs, notFound, ownWorkOnly, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): a technician reads their own visits; changing needs `work`. */
export const access = "assigned-work" satisfies RouteAccess;

/**
 * /api/appointments/{id}: PUT takes the whole appointment, as for create; another account's id
 * is 404, and so is an appointment not assigned to the technician asking.
 */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const appointment = await getAppointment(user.accountId, id, ownWorkOnly(user));
    return appointment ? json(toApiAppointment(appointment)) : notFound();
  },
  PUT: needs("work", async ({ user, id, request }) => {
    if (!(await getAppointment(user.accountId, id))) return notFound();
    const schema = appointmentApiSchema(await getAccountTimeZone(user.accountId), appointmentChecks(user.accountId));
    const data = await readApiBody(request, schema, { async: true });
    if (data instanceof Response) return data;
    const appointment = await updateAppointment(user.accountId, id, data);
    return appointment ? json(toApiAppointment(appointment)) : notFound();
  }),
  DELETE: needs("work", async ({ user, id }) =>
    (await deleteAppointment(user.accountId, id)) ? json({ message: "Appointment deleted" }) : notFound(),
  ),
});
export const loader = route.loader;
export const action = route.action;
