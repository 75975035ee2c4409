import { jobApiSchema } from "~/lib/job-schema";
import { getAccountTimeZone } from "~/models/appointment.server";
import { deleteJob, getJob, jobChecks, toApiJob, updateJob } from "~/models/job.server";
import { apiRoute, json, needs, notFound, ownWorkOnly, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): a technician reads their own jobs; changing needs `work`. */
export const access = "assigned-work" satisfies RouteAccess;

/**
 * /api/jobs/{id}: PUT takes the whole job, as for create; another account's id is 404, as if
 * it did not exist, and so is a job not assigned to the technician asking. Deleting keeps the
 * job's estimates, invoices and appointments, unlinked from it.
 */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const job = await getJob(user.accountId, id, ownWorkOnly(user));
    return job ? json(toApiJob(job)) : notFound();
  },
  PUT: needs("work", async ({ user, id, request }) => {
    const checks = jobChecks(user.accountId);
    const schema = jobApiSchema(checks.isOwnCustomer, await getAccountTimeZone(user.accountId), checks.isMember);
    const data = await readApiBody(request, schema, { async: true });
    if (data instanceof Response) return data;
    const job = await updateJob(user.accountId, id, data);
    return job ? json(toApiJob(job)) : notFound();
  }),
  DELETE: needs("work", async ({ user, id }) =>
    (await deleteJob(user.accountId, id)) ? json({ message: "Job deleted" }) : notFound(),
  ),
});
export const loader = route.loader;
export const action = route.action;
