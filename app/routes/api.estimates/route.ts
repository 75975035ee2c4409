import { ESTIMATE_STATUSES, estimateApiSchema } from "~/lib/estimate-schema";
import { readListParams } from "~/lib/list-params";
import { createEstimate, estimateChecks, listEstimates, toApiEstimate } from "~/models/estimate.server";
import { getSettings } from "~/models/settings.server";
import { apiListPage, apiRoute, created, readApiBody, readApiStatus } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

const route = apiRoute(access, {
  /**
   * GET /api/estimates: the account's estimates, newest first, each with its items (in
   * order) and its customer. ?q= searches title, customer name and estimate number;
   * ?status= filters; ?page= and ?pageSize= (default 50, at most 1000) page it;
   * X-Total-Count has the total and Link the next and previous pages. The items of the whole page come from one query.
   */
  GET: async ({ user, url }) => {
    const { q } = readListParams(url, ["newest"] as const, "newest");
    const status = readApiStatus(url, ESTIMATE_STATUSES);
    if (status instanceof Response) return status;
    return apiListPage(
      url,
      (page) => listEstimates(user.accountId, { q, status, withItems: true, ...page }),
      (estimate) => toApiEstimate({ ...estimate, items: estimate.lines ?? [] }),
    );
  },
  /**
   * POST /api/estimates: customerId, title and at least one item are required; totals are
   * computed from the items (any sent are ignored); the number is assigned here. A customer
   * or job of another account reads as none chosen.
   */
  POST: async ({ user, request }) => {
    const { defaultTaxRate } = await getSettings(user.accountId);
    const data = await readApiBody(request, estimateApiSchema({ checks: estimateChecks(user.accountId), defaultTaxRate }), {
      async: true,
    });
    return data instanceof Response ? data : created(toApiEstimate(await createEstimate(user.accountId, data, { by: user.id })));
  },
});
export const loader = route.loader;
export const action = route.action;
