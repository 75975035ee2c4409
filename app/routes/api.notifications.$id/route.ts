import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteNotification } from "~/models/notification.server";
import { json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/notifications/{id}; another account's id is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = await requireApiUser(request, access);
  return (await deleteNotification(user.accountId, params.id ?? "")) ? json({ message: "Notification deleted" }) : notFound();
}
