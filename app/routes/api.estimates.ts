import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { estimateApiSchema, readEstimateStatusFilter } from "~/lib/estimate-schema";
import { readListParams } from "~/lib/list-params";
import { createEstimate, estimateChecks, listEstimates, toApiEstimate } from "~/models/estimate.server";
import { getSettings } from "~/models/settings.server";
import {
  invalidPayload,
  json,
  methodNotAllowed,
  readJsonObject,
  requireApiUser,
  jsonPage,
  readApiPage,
} from "~/services/api.server";

/**
 * GET /api/estimates: the account's estimates, newest first, each with its items (in
 * order) and its customer. ?q= searches title, customer name and estimate number;
 * ?status= filters; ?page= and ?pageSize= (default 50, at most 1000) page it;
 * X-Total-Count has the total and Link the next and previous pages. The items of the whole page come from one query.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const { q, page } = readListParams(url, ["newest"] as const, "newest");
  const { pageSize } = readApiPage(url);
  const status = readEstimateStatusFilter(url.searchParams.get("status"));
  const list = await listEstimates(user.id, { q, page, pageSize, status, withItems: true });
  const body = list.items.map((estimate) => toApiEstimate({ ...estimate, items: estimate.lines ?? [] }));
  return jsonPage(body, { total: list.total, page, pageSize, url });
}

/**
 * POST /api/estimates: customerId, title and at least one item are required; totals are
 * computed from the items (any sent are ignored); the number is assigned here. A customer
 * or job of another account reads as none chosen.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET or POST");
  const user = await requireApiUser(request);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const { defaultTaxRate } = await getSettings(user.id);
  const parsed = await estimateApiSchema({ checks: estimateChecks(user.id), defaultTaxRate }).safeParseAsync(body);
  if (!parsed.success) return invalidPayload(parsed.error);
  return json(toApiEstimate(await createEstimate(user.id, parsed.data)), { status: 201 });
}
