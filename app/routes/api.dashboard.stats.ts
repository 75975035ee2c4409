import type { LoaderFunctionArgs } from "@remix-run/node";
import { centsToString } from "~/lib/money";
import { getAccountTimeZone } from "~/models/appointment.server";
import { getDashboardStats } from "~/models/overview.server";
import { json, requireApiUser } from "~/services/api.server";

/**
 * GET /api/dashboard/stats: totalJobs, totalRevenue (paid invoices, "1234.50"),
 * pendingEstimates and activeCustomers (SPEC.md section 3), plus the figures the
 * dashboard shows under them: jobsChange and revenueChange (whole percent against the
 * previous 30 days, null when that period had none), overdueInvoices and
 * newCustomersThisWeek.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const stats = await getDashboardStats(user.id, { timeZone: await getAccountTimeZone(user.id) });
  return json({ ...stats, totalRevenue: centsToString(stats.totalRevenue) });
}
