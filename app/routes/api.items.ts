import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { priceItemApiSchema } from "~/lib/price-item-schema";
import { readListParams } from "~/lib/list-params";
import { createPriceItem, listPriceItems, toApiPriceItem } from "~/models/price-item.server";
import {
  invalidPayload,
  json,
  jsonPage,
  methodNotAllowed,
  readApiPage,
  readJsonObject,
  requireApiUser,
} from "~/services/api.server";

const SORTS = ["name"] as const;

/**
 * GET /api/items: the account's price book by name. ?search= (or ?q=) looks in name,
 * description and category, ?category= filters; ?page= and ?pageSize= page it, with
 * X-Total-Count and Link headers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const params = readListParams(url, SORTS, "name");
  const { pageSize } = readApiPage(url);
  const q = url.searchParams.get("search") ?? params.q;
  const list = await listPriceItems(user.id, {
    q: q.slice(0, 200),
    category: (url.searchParams.get("category") ?? "").slice(0, 100),
    page: params.page,
    pageSize,
  });
  return jsonPage(list.items.map(toApiPriceItem), { total: list.total, page: params.page, pageSize, url });
}

/** POST /api/items { name, description, unitPrice, unit, taxable, category, cost } */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET or POST");
  const user = await requireApiUser(request);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const parsed = priceItemApiSchema.safeParse(body);
  if (!parsed.success) return invalidPayload(parsed.error);
  return json(toApiPriceItem(await createPriceItem(user.id, parsed.data)), { status: 201 });
}
