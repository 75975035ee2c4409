import { readListParams } from "~/lib/list-params";
import { recurringApiSchema } from "~/lib/recurring-invoice-schema";
import {
  createRecurringInvoice,
  isOwnCustomer,
  listRecurringInvoices,
  toApiRecurringInvoice,
} from "~/models/recurring-invoice.server";
import { getSettings } from "~/models/settings.server";
import { apiListPage, apiRoute, created, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

const route = apiRoute(access, {
  /**
   * GET /api/recurring-invoices: the account's recurring invoices, newest first, each with its
   * items, next date, invoices made so far and status (active, paused, ended). ?q= searches
   * title and customer name; ?page= and ?pageSize= (default 50, at most 1000) page it;
   * X-Total-Count has the total and Link the next and previous pages.
   */
  GET: async ({ user, url }) => {
    const { q } = readListParams(url, ["newest"] as const, "newest");
    return apiListPage(url, (page) => listRecurringInvoices(user.accountId, { q, ...page }), toApiRecurringInvoice);
  },
  /**
   * POST /api/recurring-invoices: customerId, title, frequency, startDate and at least one item
   * are required; endDate or count (not both) end it; autoSend e-mails each invoice. Another
   * account's customer reads as none chosen. Nothing is written for a refused body (400).
   */
  POST: async ({ user, request }) => {
    const { defaultTaxRate } = await getSettings(user.accountId);
    const schema = recurringApiSchema({ isOwnCustomer: (id) => isOwnCustomer(user.accountId, id), defaultTaxRate });
    const data = await readApiBody(request, schema, { async: true });
    return data instanceof Response ? data : created(toApiRecurringInvoice(await createRecurringInvoice(user.accountId, data)));
  },
});
export const loader = route.loader;
export const action = route.action;
