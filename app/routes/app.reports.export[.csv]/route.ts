import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvLine } from "~/lib/csv";
import { readReportRange, reportExportRows } from "~/lib/report";
import { getReportExport } from "~/models/report.server";
import { getSettingsWithoutLogo } from "~/models/settings.server";
import { csvDownload } from "~/services/csv.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "reports" satisfies RouteAccess;

/** GET /app/reports/export.csv?range=7|30|90|365: the exported report's figures as metric,value rows. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const range = readReportRange(new URL(request.url).searchParams.get("range"));
  const { timeZone } = await getSettingsWithoutLogo(user.accountId);
  const report = await getReportExport(user.accountId, range, { timeZone });
  const body =
    csvLine(["metric", "value"]) +
    reportExportRows(report)
      .map((row) => csvLine(row))
      .join("");
  return csvDownload(body, `business-report-${report.range.to}.csv`);
}
