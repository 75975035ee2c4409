import { estimateApiSchema } from "~/lib/estimate-schema";
import { deleteEstimate, estimateChecks, getEstimateWithItems, toApiEstimate, updateEstimate } from "~/models/estimate.server";
import { apiRoute, json, notFound, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

/**
 * /api/estimates/{id}: the estimate with its items and customer; another account's id is
 * 404, as if it did not exist. PUT takes the same payload as POST and replaces the items.
 */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const estimate = await getEstimateWithItems(user.accountId, id);
    return estimate ? json(toApiEstimate(estimate)) : notFound();
  },
  PUT: async ({ user, id, request }) => {
    const current = await getEstimateWithItems(user.accountId, id);
    if (!current) return notFound();
    // A PUT without taxRate keeps the estimate's rate.
    const data = await readApiBody(
      request,
      estimateApiSchema({ checks: estimateChecks(user.accountId, id), defaultTaxRate: current.taxRate }),
      { async: true },
    );
    if (data instanceof Response) return data;
    const estimate = await updateEstimate(user.accountId, id, data);
    return estimate ? json(toApiEstimate(estimate)) : notFound();
  },
  DELETE: async ({ user, id }) =>
    (await deleteEstimate(user.accountId, id)) ? json({ message: "Estimate deleted" }) : notFound(),
});
export const loader = route.loader;
export const action = route.action;
