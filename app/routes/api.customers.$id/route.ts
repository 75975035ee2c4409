import { customerApiSchema } from "~/lib/customer-schema";
import { deleteCustomer, getCustomer, toApiCustomer, updateCustomer } from "~/models/customer.server";
import { apiError, apiRoute, json, notFound, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

/** /api/customers/{id}: another account's id is 404, as if it did not exist. */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const customer = await getCustomer(user.accountId, id);
    return customer ? json(toApiCustomer(customer)) : notFound();
  },
  PUT: async ({ user, id, request }) => {
    const data = await readApiBody(request, customerApiSchema);
    if (data instanceof Response) return data;
    const customer = await updateCustomer(user.accountId, id, data);
    return customer ? json(toApiCustomer(customer)) : notFound();
  },
  DELETE: async ({ user, id }) => {
    const result = await deleteCustomer(user.accountId, id);
    if (result.status === "not-found") return notFound();
    if (result.status === "attached") {
      const attached = Object.entries(result.attachments)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${n} ${n === 1 ? kind.slice(0, -1) : kind}`)
        .join(", ");
      return apiError(409, `This customer has ${attached}; delete or reassign them first.`);
    }
    return json({ message: "Customer deleted" });
  },
});
export const loader = route.loader;
export const action = route.action;
