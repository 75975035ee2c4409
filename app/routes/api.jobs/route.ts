import { JOB_SORTS, jobApiSchema } from "~/lib/job-schema";
import { JOB_STATUSES, normalizeJobStatus } from "~/lib/job-status";
import { readListParams } from "~/lib/list-params";
import { getAccountTimeZone } from "~/models/appointment.server";
import { createJob, isAccountCustomer, listJobs, toApiJob } from "~/models/job.server";
import { apiListPage, apiRoute, created, readApiBody, readApiStatus } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

const route = apiRoute(access, {
  /**
   * GET /api/jobs: the account's jobs, newest first, each with its customer { name, phone }.
   * ?q= searches title, customer name and location; ?status= filters (in-progress reads
   * as in_progress); ?sort=, ?page= and ?pageSize= (default 50, at most 1000) page it;
   * X-Total-Count has the total and Link the next and previous pages.
   */
  GET: async ({ user, url }) => {
    const { q, sort } = readListParams(url, JOB_SORTS, "newest");
    const status = readApiStatus(url, JOB_STATUSES, normalizeJobStatus);
    if (status instanceof Response) return status;
    return apiListPage(url, (page) => listJobs(user.accountId, { q, sort, status, ...page }), toApiJob);
  },
  /** POST /api/jobs: customerId and title are required; a customer of another account reads as none chosen. */
  POST: async ({ user, request }) => {
    const schema = jobApiSchema(
      (customerId) => isAccountCustomer(user.accountId, customerId),
      await getAccountTimeZone(user.accountId),
    );
    const data = await readApiBody(request, schema, { async: true });
    return data instanceof Response ? data : created(toApiJob(await createJob(user.accountId, data)));
  },
});
export const loader = route.loader;
export const action = route.action;
