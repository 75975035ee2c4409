import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isAppointmentStatus } from "~/lib/schedule";
import { appointmentApiSchema } from "~/lib/schedule-schema";
import { readListParams } from "~/lib/list-params";
import {
  createAppointment,
  getAccountTimeZone,
  isAccountJob,
  listAppointments,
  toApiAppointment,
} from "~/models/appointment.server";
import { isAccountCustomer } from "~/models/job.server";
import {
  apiError,
  invalidPayload,
  json,
  methodNotAllowed,
  readJsonObject,
  requireApiUser,
  jsonPage,
  readApiPage,
} from "~/services/api.server";
import { dayRange, isDayKey, startOfDay } from "~/lib/clock";

/**
 * GET /api/appointments: the account's appointments, earliest first, each with its
 * customer { name, phone }. ?q= searches title, customer, location and description;
 * ?status= filters; ?from= and ?to= (days, `yyyy-MM-dd`, in the account's time zone; `to`
 * is inclusive) bound the dates; ?page= and ?pageSize= (default 50, at most 1000) page
 * it; X-Total-Count has the total and Link the next and previous pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const { q, page } = readListParams(url, ["date"], "date");
  const status = url.searchParams.get("status");
  if (status && status !== "all" && !isAppointmentStatus(status))
    return apiError(400, "status must be scheduled, completed, cancelled or rescheduled.");
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  if ((from && !isDayKey(from)) || (to && !isDayKey(to))) return apiError(400, "from and to must be days as yyyy-MM-dd.");
  const timeZone = await getAccountTimeZone(user.id);
  const { pageSize } = readApiPage(url);
  const list = await listAppointments(user.id, {
    q,
    page,
    pageSize,
    status: status && isAppointmentStatus(status) ? status : "all",
    range: {
      start: from ? startOfDay(from, timeZone) : undefined,
      end: to ? dayRange(to, timeZone).end : undefined,
    },
  });
  return jsonPage(list.items.map(toApiAppointment), { total: list.total, page, pageSize, url });
}

/**
 * POST /api/appointments: customerId, title and scheduledDate are required; a date without
 * an offset is the account's wall clock. A customer or job of another account is refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET or POST");
  const user = await requireApiUser(request);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const schema = appointmentApiSchema(await getAccountTimeZone(user.id), {
    isOwnCustomer: (id) => isAccountCustomer(user.id, id),
    isOwnJob: (id) => isAccountJob(user.id, id),
  });
  const parsed = await schema.safeParseAsync(body);
  if (!parsed.success) return invalidPayload(parsed.error);
  return json(toApiAppointment(await createAppointment(user.id, parsed.data)), { status: 201 });
}
