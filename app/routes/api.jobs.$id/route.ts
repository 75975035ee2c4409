import { jobApiSchema } from "~/lib/job-schema";
import { getAccountTimeZone } from "~/models/appointment.server";
import { deleteJob, getJob, isAccountCustomer, toApiJob, updateJob } from "~/models/job.server";
import { apiRoute, json, notFound, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

/**
 * /api/jobs/{id}: PUT takes the whole job, as for create; another account's id is 404, as if
 * it did not exist. Deleting keeps the job's estimates, invoices and appointments, unlinked from it.
 */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const job = await getJob(user.accountId, id);
    return job ? json(toApiJob(job)) : notFound();
  },
  PUT: async ({ user, id, request }) => {
    const schema = jobApiSchema(
      (customerId) => isAccountCustomer(user.accountId, customerId),
      await getAccountTimeZone(user.accountId),
    );
    const data = await readApiBody(request, schema, { async: true });
    if (data instanceof Response) return data;
    const job = await updateJob(user.accountId, id, data);
    return job ? json(toApiJob(job)) : notFound();
  },
  DELETE: async ({ user, id }) => ((await deleteJob(user.accountId, id)) ? json({ message: "Job deleted" }) : notFound()),
});
export const loader = route.loader;
export const action = route.action;
