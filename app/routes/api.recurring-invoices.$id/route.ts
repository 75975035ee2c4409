import { recurringApiSchema } from "~/lib/recurring-invoice-schema";
import {
  deleteRecurringInvoice,
  getRecurringInvoice,
  isOwnCustomer,
  toApiRecurringInvoice,
  updateRecurringInvoice,
} from "~/models/recurring-invoice.server";
import { apiRoute, json, notFound, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/**
 * /api/recurring-invoices/{id}: the recurring invoice with its items, next date and invoices
 * made; another account's id is 404, as if it did not exist. PUT takes the same payload as
 * POST (plus `paused` to pause or resume) and changes the invoices still to come; DELETE
 * stops it, and the invoices it made stay.
 */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const recurring = await getRecurringInvoice(user.accountId, id);
    return recurring ? json(toApiRecurringInvoice(recurring)) : notFound();
  },
  PUT: async ({ user, id, request }) => {
    const current = await getRecurringInvoice(user.accountId, id);
    if (!current) return notFound();
    // A PUT without taxRate keeps the schedule's rate.
    const schema = recurringApiSchema({
      isOwnCustomer: (customerId) => isOwnCustomer(user.accountId, customerId),
      defaultTaxRate: current.taxRate,
    });
    const data = await readApiBody(request, schema, { async: true });
    if (data instanceof Response) return data;
    const recurring = await updateRecurringInvoice(user.accountId, id, data);
    return recurring ? json(toApiRecurringInvoice(recurring)) : notFound();
  },
  DELETE: async ({ user, id }) =>
    (await deleteRecurringInvoice(user.accountId, id)) ? json({ message: "Recurring invoice deleted" }) : notFound(),
});
export const loader = route.loader;
export const action = route.action;
