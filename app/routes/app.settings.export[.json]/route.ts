import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSettingsWithoutLogo } from "~/models/settings.server";
import { exportAccountStream } from "~/services/backup.server";
import { requireUser } from "~/infrastructure/session.server";
import { dayKey, now as clockNow } from "~/lib/clock";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "account" satisfies RouteAccess;

/** GET /app/settings/export.json: everything in the account as one JSON file, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const { timeZone } = await getSettingsWithoutLogo(user.accountId);
  const now = clockNow();
  return new Response(exportAccountStream(user.accountId, now), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="tradedesk-data-${dayKey(now, timeZone)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
