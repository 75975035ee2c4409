import { readListParams } from "~/lib/list-params";
import { priceItemApiSchema } from "~/lib/price-item-schema";
import { createPriceItem, listPriceItems, toApiPriceItem } from "~/models/price-item.server";
import { apiListPage, apiRoute, created, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

const route = apiRoute(access, {
  /**
   * GET /api/items: the account's price book by name. ?search= (or ?q=) looks in name,
   * description and category, ?category= filters; ?page= and ?pageSize= page it, with
   * X-Total-Count and Link headers.
   */
  GET: async ({ user, url }) => {
    const q = (url.searchParams.get("search") ?? readListParams(url, ["name"] as const, "name").q).slice(0, 200);
    const category = (url.searchParams.get("category") ?? "").slice(0, 100);
    return apiListPage(url, (page) => listPriceItems(user.accountId, { q, category, ...page }), toApiPriceItem);
  },
  /** POST /api/items { name, description, unitPrice, unit, taxable, category, cost } */
  POST: async ({ user, request }) => {
    const data = await readApiBody(request, priceItemApiSchema);
    return data instanceof Response ? data : created(toApiPriceItem(await createPriceItem(user.accountId, data)));
  },
});
export const loader = route.loader;
export const action = route.action;
