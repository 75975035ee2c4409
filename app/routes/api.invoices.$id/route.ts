import { invoiceStatusSchema } from "~/lib/invoice-schema";
import { apiInvoice, deleteInvoice, getInvoiceWithItems, updateInvoiceStatus } from "~/models/invoice.server";
import { apiRoute, json, notFound, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

async function answer(accountId: string, id: string) {
  const invoice = await getInvoiceWithItems(accountId, id);
  return invoice ? json(await apiInvoice(accountId, invoice)) : notFound();
}

/**
 * /api/invoices/{id}: PUT takes `{ status }` only (paid records a payment of the balance);
 * another account's id is 404, as if it did not exist.
 */
const route = apiRoute(access, {
  GET: async ({ user, id }) => answer(user.accountId, id),
  PUT: async ({ user, id, request }) => {
    const data = await readApiBody(request, invoiceStatusSchema);
    if (data instanceof Response) return data;
    return (await updateInvoiceStatus(user.accountId, id, data.status, { by: user.id }))
      ? answer(user.accountId, id)
      : notFound();
  },
  DELETE: async ({ user, id }) => ((await deleteInvoice(user.accountId, id)) ? json({ message: "Invoice deleted" }) : notFound()),
});
export const loader = route.loader;
export const action = route.action;
