import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { estimateApiSchema } from "~/lib/estimate-schema";
import { deleteEstimate, estimateChecks, getEstimateWithItems, toApiEstimate, updateEstimate } from "~/models/estimate.server";
import { invalidPayload, json, methodNotAllowed, notFound, readJsonObject, requireApiUser } from "~/services/api.server";

/** GET /api/estimates/{id}: the estimate with its items and customer. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const estimate = await getEstimateWithItems(user.id, params.id ?? "");
  return estimate ? json(toApiEstimate(estimate)) : notFound();
}

/**
 * PUT and DELETE /api/estimates/{id}; another account's id is 404, as if it did not exist.
 * PUT takes the same payload as POST and replaces the items.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "PUT") {
    const body = await readJsonObject(request);
    if (body instanceof Response) return body;
    const current = await getEstimateWithItems(user.id, id);
    if (!current) return notFound();
    // A PUT without taxRate keeps the estimate's rate.
    const parsed = await estimateApiSchema({ checks: estimateChecks(user.id), defaultTaxRate: current.taxRate }).safeParseAsync(
      body,
    );
    if (!parsed.success) return invalidPayload(parsed.error);
    const estimate = await updateEstimate(user.id, id, parsed.data);
    return estimate ? json(toApiEstimate(estimate)) : notFound();
  }
  if (request.method === "DELETE") {
    const estimate = await deleteEstimate(user.id, id);
    return estimate ? json({ message: "Estimate deleted" }) : notFound();
  }
  return methodNotAllowed("GET, PUT or DELETE");
}
