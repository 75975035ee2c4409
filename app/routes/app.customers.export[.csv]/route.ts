import type { LoaderFunctionArgs } from "@remix-run/node";
import { format } from "date-fns";
import { now as clockNow } from "~/lib/clock";
import { exportCustomersCsv } from "~/models/customer.server";
import { csvDownload } from "~/services/csv.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

/** GET /app/customers/export.csv: the account's whole customer list, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  return csvDownload(exportCustomersCsv(user.accountId), `customers-${format(clockNow(), "yyyy-MM-dd")}.csv`);
}
