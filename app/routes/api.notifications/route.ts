import type { LoaderFunctionArgs } from "@remix-run/node";
import { listNotifications } from "~/models/notification.server";
import { json, methodNotAllowed, requireApiUser } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

/** GET /api/notifications: the account's notifications, newest first, as docs/product/api.md shapes them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, access);
  const rows = await listNotifications(user.accountId);
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
