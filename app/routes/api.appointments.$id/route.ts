import { appointmentApiSchema } from "~/lib/schedule-schema";
import {
  appointmentChecks,
  deleteAppointment,
  getAccountTimeZone,
  getAppointment,
  toApiAppointment,
  updateAppointment,
} from "~/models/appointment.server";
import { apiRoute, json, notFound, readApiBody } from "~/services/api.server";

/** /api/appointments/{id}: PUT takes the whole appointment, as for create; another account's id is 404. */
const route = apiRoute({
  GET: async ({ user, id }) => {
    const appointment = await getAppointment(user.id, id);
    return appointment ? json(toApiAppointment(appointment)) : notFound();
  },
  PUT: async ({ user, id, request }) => {
    if (!(await getAppointment(user.id, id))) return notFound();
    const schema = appointmentApiSchema(await getAccountTimeZone(user.id), appointmentChecks(user.id));
    const data = await readApiBody(request, schema, { async: true });
    if (data instanceof Response) return data;
    const appointment = await updateAppointment(user.id, id, data);
    return appointment ? json(toApiAppointment(appointment)) : notFound();
  },
  DELETE: async ({ user, id }) =>
    (await deleteAppointment(user.id, id)) ? json({ message: "Appointment deleted" }) : notFound(),
});
export const loader = route.loader;
export const action = route.action;
