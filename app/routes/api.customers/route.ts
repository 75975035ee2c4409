import { CUSTOMER_SORTS, customerApiSchema } from "~/lib/customer-schema";
import { readListParams } from "~/lib/list-params";
import { createCustomer, listCustomers, toApiCustomer } from "~/models/customer.server";
import { apiListPage, apiRoute, created, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

const route = apiRoute(access, {
  /**
   * GET /api/customers: the account's customers by name, searchable with ?q=. Pages of
   * ?pageSize= (default 50, at most 1000) with ?page=; X-Total-Count has the total and Link the next and previous pages.
   */
  GET: async ({ user, url }) => {
    const { q, sort } = readListParams(url, CUSTOMER_SORTS, "name");
    return apiListPage(url, (page) => listCustomers(user.accountId, { q, sort, ...page }), toApiCustomer);
  },
  /** POST /api/customers */
  POST: async ({ user, request }) => {
    const data = await readApiBody(request, customerApiSchema);
    return data instanceof Response ? data : created(toApiCustomer(await createCustomer(user.accountId, data)));
  },
});
export const loader = route.loader;
export const action = route.action;
