import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchPriceItems } from "~/models/price-item.server";
import { priceOption } from "~/services/price-book-editor.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

/** GET /app/price-book/search?q=: the editor's "Add from price book" box asks as the contractor types (JSON). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const items = await searchPriceItems(user.accountId, q, 10);
  return Response.json({ q, items: items.map(priceOption) }, { headers: { "Cache-Control": "private, no-store" } });
}
