import { today as todayIn } from "~/lib/clock";
import { INVOICE_STATUS_VALUES } from "~/lib/invoice-status";
import { readListParams } from "~/lib/list-params";
import { listInvoices, toApiInvoice } from "~/models/invoice.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { apiListPage, apiRoute, readApiStatus } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/** Invoices are made from approved estimates (POST /api/invoices/from-estimate/{id}), never posted here. */
const route = apiRoute(access, {
  /**
   * GET /api/invoices: the account's invoices, newest first, each with its items (in
   * order) and customer. ?q= searches title, customer name and invoice number; ?status=
   * filters (overdue includes pending invoices past their due date); ?page= and
   * ?pageSize= (default 50, at most 1000) page it; X-Total-Count has the total and Link the next and previous pages.
   */
  GET: async ({ user, url }) => {
    const { q } = readListParams(url, ["newest"] as const, "newest");
    const zone = await getAccountTimeZone(user.accountId);
    const today = todayIn(zone);
    const status = readApiStatus(url, INVOICE_STATUS_VALUES);
    if (status instanceof Response) return status;
    return apiListPage(
      url,
      (page) => listInvoices(user.accountId, { q, status, today, withItems: true, ...page }),
      (invoice) => toApiInvoice({ ...invoice, items: invoice.items ?? [] }, today, zone),
    );
  },
});
export const loader = route.loader;
export const action = route.action;
