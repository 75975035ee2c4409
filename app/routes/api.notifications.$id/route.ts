import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteNotification } from "~/models/notification.server";
import { json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/notifications/{id}; another account's id is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = await requireApiUser(request);
  return (await deleteNotification(user.id, params.id ?? "")) ? json({ message: "Notification deleted" }) : notFound();
}
