import { deletePayment, getPayment, toApiPayment } from "~/models/payment.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { apiRoute, json, notFound } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/** /api/payments/{id}: one of the account's payments; deleting it, the invoice's amount paid and status follow. Another account's id is 404. */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const payment = await getPayment(user.accountId, id);
    return payment ? json(toApiPayment(payment, await getAccountTimeZone(user.accountId))) : notFound();
  },
  DELETE: async ({ user, id }) => ((await deletePayment(user.accountId, id)) ? json({ message: "Payment deleted" }) : notFound()),
});
export const loader = route.loader;
export const action = route.action;
