import { priceItemApiSchema } from "~/lib/price-item-schema";
import { deletePriceItem, getPriceItem, toApiPriceItem, updatePriceItem } from "~/models/price-item.server";
import { apiRoute, json, notFound, readApiBody } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

/** /api/items/{id}: one price book item; another account's id is 404, as if it did not exist. */
const route = apiRoute(access, {
  GET: async ({ user, id }) => {
    const item = await getPriceItem(user.accountId, id);
    return item ? json(toApiPriceItem(item)) : notFound();
  },
  PUT: async ({ user, id, request }) => {
    const data = await readApiBody(request, priceItemApiSchema);
    if (data instanceof Response) return data;
    const item = await updatePriceItem(user.accountId, id, data);
    return item ? json(toApiPriceItem(item)) : notFound();
  },
  DELETE: async ({ user, id }) => ((await deletePriceItem(user.accountId, id)) ? json({ message: "Item deleted" }) : notFound()),
});
export const loader = route.loader;
export const action = route.action;
