import { parseScheduledDate } from "~/lib/schedule-schema";
import { convertApiSchema } from "~/lib/work-request-schema";
import { toApiAppointment } from "~/models/appointment.server";
import { toApiCustomer } from "~/models/customer.server";
import { toApiEstimate } from "~/models/estimate.server";
import { toApiJob } from "~/models/job.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { convertWorkRequest, getWorkRequest, toApiWorkRequest, type Converted } from "~/models/work-request.server";
import { apiError, apiRoute, created, notFound, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

function toApiCreated(made: Converted) {
  switch (made.kind) {
    case "customer":
      return toApiCustomer(made.record);
    case "estimate":
      return toApiEstimate(made.record);
    case "job":
      return toApiJob(made.record);
    case "appointment":
      return toApiAppointment(made.record);
  }
}

/**
 * POST /api/requests/{id}/convert `{ to: "customer" | "estimate" | "job" | "appointment",
 * customerId?, scheduledDate? }`: makes that record from the request (docs/product/requests.md)
 * and answers 201 `{ request, created }`, the request now converted. An appointment needs
 * scheduledDate (ISO 8601; without an offset, the account's time zone). Another account's request is 404, another account's
 * customerId 400; a refused body changes nothing.
 */
const route = apiRoute(access, {
  POST: async ({ user, id, request }) => {
    if (!(await getWorkRequest(user.accountId, id))) return notFound();
    const body = await readApiBody(request, convertApiSchema);
    if (body instanceof Response) return body;
    let scheduledDate: Date | undefined;
    if (body.scheduledDate !== undefined) {
      // An instant with its offset, or the account's wall clock without one (as /api/appointments reads it).
      scheduledDate = parseScheduledDate(body.scheduledDate, await getAccountTimeZone(user.accountId)) ?? undefined;
      if (!scheduledDate) {
        const message = "scheduledDate must be a real date and time (ISO 8601).";
        return apiError(400, message, [{ path: "scheduledDate", message }]);
      }
    }
    const outcome = await convertWorkRequest(user.accountId, id, body.to, {
      customerId: body.customerId,
      scheduledDate,
      by: user.id,
    });
    switch (outcome.status) {
      case "not-found":
        return notFound();
      case "date-required": {
        const message = "scheduledDate is required to schedule a visit.";
        return apiError(400, message, [{ path: "scheduledDate", message }]);
      }
      case "customer-not-found": {
        const message = "customerId must be one of your customers.";
        return apiError(400, message, [{ path: "customerId", message }]);
      }
      case "has-customer":
        return apiError(409, "This request already has a customer.");
      case "converted":
        return created({
          request: toApiWorkRequest(outcome.request),
          kind: outcome.created.kind,
          created: toApiCreated(outcome.created),
        });
    }
  },
});
export const loader = route.loader;
export const action = route.action;
