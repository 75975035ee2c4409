import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recurringApiSchema } from "~/lib/recurring-invoice-schema";
import {
  deleteRecurringInvoice,
  getRecurringInvoice,
  isOwnCustomer,
  toApiRecurringInvoice,
  updateRecurringInvoice,
} from "~/models/recurring-invoice.server";
import { invalidPayload, json, methodNotAllowed, notFound, readJsonObject, requireApiUser } from "~/services/api.server";

/** GET /api/recurring-invoices/{id}: the recurring invoice with its items, next date and invoices made. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const recurring = await getRecurringInvoice(user.id, params.id ?? "");
  return recurring ? json(toApiRecurringInvoice(recurring)) : notFound();
}

/**
 * PUT and DELETE /api/recurring-invoices/{id}; another account's id is 404, as if it did not
 * exist. PUT takes the same payload as POST (plus `paused` to pause or resume) and changes
 * the invoices still to come; DELETE stops it, and the invoices it made stay.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "PUT") {
    const body = await readJsonObject(request);
    if (body instanceof Response) return body;
    const current = await getRecurringInvoice(user.id, id);
    if (!current) return notFound();
    // A PUT without taxRate keeps the schedule's rate.
    const schema = recurringApiSchema({
      isOwnCustomer: (customerId) => isOwnCustomer(user.id, customerId),
      defaultTaxRate: current.taxRate,
    });
    const parsed = await schema.safeParseAsync(body);
    if (!parsed.success) return invalidPayload(parsed.error);
    const recurring = await updateRecurringInvoice(user.id, id, parsed.data);
    return recurring ? json(toApiRecurringInvoice(recurring)) : notFound();
  }
  if (request.method === "DELETE") {
    const recurring = await deleteRecurringInvoice(user.id, id);
    return recurring ? json({ message: "Recurring invoice deleted" }) : notFound();
  }
  return methodNotAllowed("GET, PUT or DELETE");
}
