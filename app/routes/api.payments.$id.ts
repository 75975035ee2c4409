import type { ActionFunctionArgs } from "@remix-run/node";
import { deletePayment } from "~/models/payment.server";
import { json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";

export async function loader() {
  return methodNotAllowed("DELETE");
}

/** DELETE /api/payments/{id}: the invoice's amount paid and status follow; another account's id is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = await requireApiUser(request);
  const deleted = await deletePayment(user.id, params.id ?? "");
  return deleted ? json({ message: "Payment deleted" }) : notFound();
}
