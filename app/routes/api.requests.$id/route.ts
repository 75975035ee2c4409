import { requestStatusApiSchema } from "~/lib/work-request-schema";
import { getWorkRequest, setWorkRequestStatus, toApiWorkRequest } from "~/models/work-request.server";
import { apiError, apiRoute, json, notFound, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

/**
 * /api/requests/{id}: one work request with what it became (customerId, estimateId, jobId,
 * appointmentId, convertedAt); another account's id is 404. PUT `{ status }` sets new or
 * archived, or converted for a request that was converted; anything else is 400.
 */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const request = await getWorkRequest(user.accountId, id);
    return request ? json(toApiWorkRequest(request)) : notFound();
  },
  PUT: async ({ user, id, request }) => {
    if (!(await getWorkRequest(user.accountId, id))) return notFound();
    const body = await readApiBody(request, requestStatusApiSchema);
    if (body instanceof Response) return body;
    const changed = await setWorkRequestStatus(user.accountId, id, body.status);
    if (changed.status === "not-found") return notFound();
    if (changed.status === "not-converted") {
      const message = "A request becomes converted by converting it: POST /api/requests/{id}/convert.";
      return apiError(400, message, [{ path: "status", message }]);
    }
    return json(toApiWorkRequest(changed.request));
  },
});
export const loader = route.loader;
export const action = route.action;
