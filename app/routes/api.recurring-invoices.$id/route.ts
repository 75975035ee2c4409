import { recurringApiSchema } from "~/lib/recurring-invoice-schema";
import {
  deleteRecurringInvoice,
  getRecurringInvoice,
  isOwnCustomer,
  toApiRecurringInvoice,
  updateRecurringInvoice,
} from "~/models/recurring-invoice.server";
import { apiRoute, json, notFound, readApiBody } from "~/services/api.server";

/**
 * /api/recurring-invoices/{id}: the recurring invoice with its items, next date and invoices
 * made; another account's id is 404, as if it did not exist. PUT takes the same payload as
 * POST (plus `paused` to pause or resume) and changes the invoices still to come; DELETE
 * stops it, and the invoices it made stay.
 */
const route = apiRoute({
  GET: async ({ user, id }) => {
    const recurring = await getRecurringInvoice(user.id, id);
    return recurring ? json(toApiRecurringInvoice(recurring)) : notFound();
  },
  PUT: async ({ user, id, request }) => {
    const current = await getRecurringInvoice(user.id, id);
    if (!current) return notFound();
    // A PUT without taxRate keeps the schedule's rate.
    const schema = recurringApiSchema({
      isOwnCustomer: (customerId) => isOwnCustomer(user.id, customerId),
      defaultTaxRate: current.taxRate,
    });
    const data = await readApiBody(request, schema, { async: true });
    if (data instanceof Response) return data;
    const recurring = await updateRecurringInvoice(user.id, id, data);
    return recurring ? json(toApiRecurringInvoice(recurring)) : notFound();
  },
  DELETE: async ({ user, id }) =>
    (await deleteRecurringInvoice(user.id, id)) ? json({ message: "Recurring invoice deleted" }) : notFound(),
});
export const loader = route.loader;
export const action = route.action;
