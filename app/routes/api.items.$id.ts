import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { priceItemApiSchema } from "~/lib/price-item-schema";
import { deletePriceItem, getPriceItem, toApiPriceItem, updatePriceItem } from "~/models/price-item.server";
import { invalidPayload, json, methodNotAllowed, notFound, readJsonObject, requireApiUser } from "~/services/api.server";

/** GET /api/items/{id} */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const item = await getPriceItem(user.id, params.id ?? "");
  return item ? json(toApiPriceItem(item)) : notFound();
}

/** PUT and DELETE /api/items/{id}; another account's id is 404, as if it did not exist. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "PUT") {
    const body = await readJsonObject(request);
    if (body instanceof Response) return body;
    const parsed = priceItemApiSchema.safeParse(body);
    if (!parsed.success) return invalidPayload(parsed.error);
    const item = await updatePriceItem(user.id, id, parsed.data);
    return item ? json(toApiPriceItem(item)) : notFound();
  }
  if (request.method === "DELETE") {
    return (await deletePriceItem(user.id, id)) ? json({ message: "Item deleted" }) : notFound();
  }
  return methodNotAllowed("GET, PUT or DELETE");
}
