import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { appointmentApiSchema } from "~/lib/schedule-schema";
import {
  deleteAppointment,
  getAccountTimeZone,
  getAppointment,
  isAccountJob,
  toApiAppointment,
  updateAppointment,
} from "~/models/appointment.server";
import { isAccountCustomer } from "~/models/job.server";
import { invalidPayload, json, methodNotAllowed, notFound, readJsonObject, requireApiUser } from "~/services/api.server";

/** GET /api/appointments/{id} */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const appointment = await getAppointment(user.id, params.id ?? "");
  return appointment ? json(toApiAppointment(appointment)) : notFound();
}

/** PUT (the whole appointment, as for create) and DELETE /api/appointments/{id}; another account's id is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "PUT") {
    if (!(await getAppointment(user.id, id))) return notFound();
    const body = await readJsonObject(request);
    if (body instanceof Response) return body;
    const schema = appointmentApiSchema(await getAccountTimeZone(user.id), {
      isOwnCustomer: (customerId) => isAccountCustomer(user.id, customerId),
      isOwnJob: (jobId) => isAccountJob(user.id, jobId),
    });
    const parsed = await schema.safeParseAsync(body);
    if (!parsed.success) return invalidPayload(parsed.error);
    const appointment = await updateAppointment(user.id, id, parsed.data);
    return appointment ? json(toApiAppointment(appointment)) : notFound();
  }
  if (request.method === "DELETE") {
    const appointment = await deleteAppointment(user.id, id);
    return appointment ? json({ message: "Appointment deleted" }) : notFound();
  }
  return methodNotAllowed("GET, PUT or DELETE");
}
