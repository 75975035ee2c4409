import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteDeposit, getDeposit, toApiDeposit } from "~/models/payment.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";

/** GET /api/deposits/{id}: one of the account's deposits; another account's id is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const deposit = await getDeposit(user.id, params.id ?? "");
  return deposit ? json(toApiDeposit(deposit, await getAccountTimeZone(user.id))) : notFound();
}

/** DELETE /api/deposits/{id}: its payment on the estimate's invoice goes too; another account's id is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "DELETE") return methodNotAllowed("GET or DELETE");
  const deleted = await deleteDeposit(user.id, params.id ?? "");
  return deleted ? json({ message: "Deposit deleted" }) : notFound();
}
