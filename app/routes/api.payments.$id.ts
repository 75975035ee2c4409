import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deletePayment, getPayment, toApiPayment } from "~/models/payment.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";

/** GET /api/payments/{id}: one of the account's payments; another account's id is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const payment = await getPayment(user.id, params.id ?? "");
  return payment ? json(toApiPayment(payment, await getAccountTimeZone(user.id))) : notFound();
}

/** DELETE /api/payments/{id}: the invoice's amount paid and status follow; another account's id is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "DELETE") return methodNotAllowed("GET or DELETE");
  const deleted = await deletePayment(user.id, params.id ?? "");
  return deleted ? json({ message: "Payment deleted" }) : notFound();
}
