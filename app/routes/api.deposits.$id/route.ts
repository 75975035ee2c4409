import { deleteDeposit, getDeposit, toApiDeposit } from "~/models/payment.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { apiRoute, json, notFound } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/** /api/deposits/{id}: one deposit received; deleting it, its payment on the estimate's invoice goes too. Another account's id is 404. */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const deposit = await getDeposit(user.accountId, id);
    return deposit ? json(toApiDeposit(deposit, await getAccountTimeZone(user.accountId))) : notFound();
  },
  DELETE: async ({ user, id }) => ((await deleteDeposit(user.accountId, id)) ? json({ message: "Deposit deleted" }) : notFound()),
});
export const loader = route.loader;
export const action = route.action;
