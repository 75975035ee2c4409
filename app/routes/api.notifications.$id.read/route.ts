import type { ActionFunctionArgs } from "@remix-run/node";
import { markNotificationRead } from "~/models/notification.server";
import { json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

export const loader = () => methodNotAllowed("POST");

/** POST /api/notifications/{id}/read; another account's id is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, access);
  return (await markNotificationRead(user.accountId, params.id ?? ""))
    ? json({ message: "Notification marked as read" })
    : notFound();
}
