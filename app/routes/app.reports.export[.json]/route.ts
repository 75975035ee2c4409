import type { LoaderFunctionArgs } from "@remix-run/node";
import { readReportRange } from "~/lib/report";
import { getReportExport } from "~/models/report.server";
import { getSettingsWithoutLogo } from "~/models/settings.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "reports" satisfies RouteAccess;

/** GET /app/reports/export.json?range=7|30|90|365: the report as business-report-{yyyy-MM-dd}.json. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const range = readReportRange(new URL(request.url).searchParams.get("range"));
  const { timeZone } = await getSettingsWithoutLogo(user.accountId);
  const report = await getReportExport(user.accountId, range, { timeZone });
  return new Response(`${JSON.stringify(report, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="business-report-${report.range.to}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
