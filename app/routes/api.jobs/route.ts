import { JOB_SORTS, jobApiSchema } from "~/lib/job-schema";
import { JOB_STATUSES, normalizeJobStatus } from "~/lib/job-status";
import { readListParams } from "~/lib/list-params";
import { getAccountTimeZone } from "~/models/appointment.server";
import { createJob, jobChecks, listJobs, toApiJob } from "~/models/job.server";
import { apiListPage, apiRoute, created, needs, readApiBody, readApiStatus, readAssignee } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): a technician reads their own jobs; creating needs `work`. */
export const access = "assigned-work" satisfies RouteAccess;

const route = apiRoute(access, {
  /**
   * GET /api/jobs: the account's jobs, newest first, each with its customer { name, phone }.
   * ?q= searches title, customer name and location; ?status= filters (in-progress reads
   * as in_progress); ?assignee=me or a member's id narrows to that member's jobs (a technician
   * gets only their own); ?sort=, ?page= and ?pageSize= (default 50, at most 1000) page it;
   * X-Total-Count has the total and Link the next and previous pages.
   */
  GET: async ({ user, url }) => {
    const { q, sort } = readListParams(url, JOB_SORTS, "newest");
    const status = readApiStatus(url, JOB_STATUSES, normalizeJobStatus);
    if (status instanceof Response) return status;
    const assignee = await readAssignee(url, user);
    if (assignee instanceof Response) return assignee;
    return apiListPage(url, (page) => listJobs(user.accountId, { q, sort, status, assignee, ...page }), toApiJob);
  },
  /**
   * POST /api/jobs: customerId and title are required; a customer of another account reads as
   * none chosen; assigneeId, when given, must be a member of the account (400 otherwise).
   */
  POST: needs("work", async ({ user, request }) => {
    const checks = jobChecks(user.accountId);
    const schema = jobApiSchema(checks.isOwnCustomer, await getAccountTimeZone(user.accountId), checks.isMember);
    const data = await readApiBody(request, schema, { async: true });
    return data instanceof Response ? data : created(toApiJob(await createJob(user.accountId, data)));
  }),
});
export const loader = route.loader;
export const action = route.action;
