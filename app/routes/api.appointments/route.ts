import { dayRange, isDayKey, startOfDay } from "~/lib/clock";
import { readListParams } from "~/lib/list-params";
import { APPOINTMENT_STATUSES } from "~/lib/schedule";
import { appointmentApiSchema } from "~/lib/schedule-schema";
import {
  appointmentChecks,
  createAppointment,
  getAccountTimeZone,
  listAppointments,
  toApiAppointment,
} from "~/models/appointment.server";
import { apiError, apiListPage, apiRoute, created, needs, readApiBody, readApiStatus, readAssignee } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): a technician reads their own visits; creating needs `work`. */
export const access = "assigned-work" satisfies RouteAccess;

const route = apiRoute(access, {
  /**
   * GET /api/appointments: the account's appointments, earliest first, each with its
   * customer { name, phone }. ?q= searches title, customer, location and description;
   * ?status= filters; ?from= and ?to= (days, `yyyy-MM-dd`, in the account's time zone; `to`
   * is inclusive) bound the dates; ?assignee=me or a member's id narrows to that member's
   * appointments (a technician gets only their own); ?page= and ?pageSize= (default 50, at most 1000) page
   * it; X-Total-Count has the total and Link the next and previous pages.
   */
  GET: async ({ user, url }) => {
    const { q } = readListParams(url, ["date"], "date");
    const status = readApiStatus(url, APPOINTMENT_STATUSES);
    if (status instanceof Response) return status;
    const from = url.searchParams.get("from");
    const to = url.searchParams.get("to");
    if ((from && !isDayKey(from)) || (to && !isDayKey(to))) return apiError(400, "from and to must be days as yyyy-MM-dd.");
    const timeZone = await getAccountTimeZone(user.accountId);
    const range = {
      start: from ? startOfDay(from, timeZone) : undefined,
      end: to ? dayRange(to, timeZone).end : undefined,
    };
    const assignee = await readAssignee(url, user);
    if (assignee instanceof Response) return assignee;
    const filter = { q, status, range, assignee };
    return apiListPage(url, (page) => listAppointments(user.accountId, { ...filter, ...page }), toApiAppointment);
  },
  /**
   * POST /api/appointments: customerId, title and scheduledDate are required; a date without
   * an offset is the account's wall clock. A customer or job of another account is refused, and
   * an assigneeId that is not a member of the account (400).
   */
  POST: needs("work", async ({ user, request }) => {
    const data = await readApiBody(
      request,
      appointmentApiSchema(await getAccountTimeZone(user.accountId), appointmentChecks(user.accountId)),
      {
        async: true,
      },
    );
    return data instanceof Response ? data : created(toApiAppointment(await createAppointment(user.accountId, data)));
  }),
});
export const loader = route.loader;
export const action = route.action;
