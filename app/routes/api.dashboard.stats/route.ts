import { centsToString } from "~/lib/money";
import { talliesOut } from "~/lib/report";
import { getAccountTimeZone } from "~/models/appointment.server";
import { getDashboardStats } from "~/models/overview.server";
import { apiRoute, json } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

/**
 * GET /api/dashboard/stats: totalJobs, totalRevenue (all the money collected, "1234.50"),
 * pendingEstimates and activeCustomers (docs/product/api.md), plus the figures the
 * dashboard shows under them: jobsChange and revenueChange (whole percent against the
 * previous 30 days, null when that period had none), overdueInvoices and
 * newCustomersThisWeek; and the money (docs/decisions/020): collectedLast30Days,
 * collectedByMethod ({ card: { count, amount }, ... } over the last 30 days),
 * unpaidBalance and unpaidByAge ({ current, days1to30, days31to60, days61to90, over90 },
 * each { count, amount }, on the account's today). Money is a string with two decimals.
 */
const route = apiRoute(access, {
  GET: async ({ user }) => {
    const stats = await getDashboardStats(user.accountId, { timeZone: await getAccountTimeZone(user.accountId) });
    return json({
      ...stats,
      totalRevenue: centsToString(stats.totalRevenue),
      collectedLast30Days: centsToString(stats.collectedLast30Days),
      collectedByMethod: talliesOut(stats.collectedByMethod),
      unpaidBalance: centsToString(stats.unpaidBalance),
      unpaidByAge: talliesOut(stats.unpaidByAge),
    });
  },
});
export const loader = route.loader;
export const action = route.action;
