import type { LoaderFunctionArgs } from "@remix-run/node";
import { listNotifications } from "~/models/notification.server";
import { json, methodNotAllowed, requireApiUser } from "~/services/api.server";

/** GET /api/notifications: the account's notifications, newest first, as docs/product/api.md shapes them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const rows = await listNotifications(user.id);
  return json(
    rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      read: row.read,
      timestamp: row.createdAt.toISOString(),
    })),
  );
}

export const action = () => methodNotAllowed("GET");
