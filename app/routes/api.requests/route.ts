import { readListParams } from "~/lib/list-params";
import { WORK_REQUEST_STATUSES } from "~/lib/work-request-schema";
import { listWorkRequests, toApiWorkRequest } from "~/models/work-request.server";
import { apiListPage, apiRoute, readApiStatus } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

const route = apiRoute(access, {
  /**
   * GET /api/requests: the account's work requests, newest first. ?status=new|converted|archived
   * filters (anything else is 400); ?q= searches name, phone, e-mail and what was asked;
   * ?page= and ?pageSize= (default 50, at most 1000) page it, with X-Total-Count and Link.
   */
  GET: async ({ user, url }) => {
    const status = readApiStatus(url, WORK_REQUEST_STATUSES);
    if (status instanceof Response) return status;
    const { q } = readListParams(url, ["newest"] as const, "newest");
    return apiListPage(url, (page) => listWorkRequests(user.accountId, { q, status, ...page }), toApiWorkRequest);
  },
});
export const loader = route.loader;
export const action = route.action;
