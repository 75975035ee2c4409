import type { ActionFunctionArgs } from "@remix-run/node";
import { markAllNotificationsRead } from "~/models/notification.server";
import { json, methodNotAllowed, requireApiUser } from "~/services/api.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/notifications/read-all */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const updated = await markAllNotificationsRead(user.id);
  return json({ message: "All notifications marked as read", updated });
}
