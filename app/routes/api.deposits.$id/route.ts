import { deleteDeposit, getDeposit, toApiDeposit } from "~/models/payment.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { apiRoute, json, notFound } from "~/services/api.server";

/** /api/deposits/{id}: one deposit received; deleting it, its payment on the estimate's invoice goes too. Another account's id is 404. */
const route = apiRoute({
  GET: async ({ user, id }) => {
    const deposit = await getDeposit(user.id, id);
    return deposit ? json(toApiDeposit(deposit, await getAccountTimeZone(user.id))) : notFound();
  },
  DELETE: async ({ user, id }) => ((await deleteDeposit(user.id, id)) ? json({ message: "Deposit deleted" }) : notFound()),
});
export const loader = route.loader;
export const action = route.action;
