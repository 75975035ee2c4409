import type { ActionFunctionArgs } from "@remix-run/node";
import { markAllNotificationsRead } from "~/models/notification.server";
import { json, methodNotAllowed, requireApiUser } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

export const loader = () => methodNotAllowed("POST");

/** POST /api/notifications/read-all */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, access);
  const updated = await markAllNotificationsRead(user.accountId);
  return json({ message: "All notifications marked as read", updated });
}
