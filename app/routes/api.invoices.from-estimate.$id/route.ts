import type { ActionFunctionArgs } from "@remix-run/node";
import { today as todayIn } from "~/lib/clock";
import { createInvoiceFromEstimate, toApiInvoice } from "~/models/invoice.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { apiError, json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export async function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/invoices/from-estimate/{id}: 201 with the new invoice; 200 with the one
 * already made from this estimate; 400 when the estimate is not approved; 404 when it is
 * not one of the account's estimates.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, access);
  const zone = await getAccountTimeZone(user.accountId);
  const today = todayIn(zone);
  const result = await createInvoiceFromEstimate(user.accountId, params.id ?? "", { today, by: user.id });
  switch (result.status) {
    case "not-found":
      return notFound();
    case "not-approved":
      return apiError(400, `Only approved estimates can be invoiced; this estimate is ${result.estimateStatus}.`);
    case "exists":
      return json(toApiInvoice(result.invoice, today, zone), { status: 200 });
    case "created":
      return json(toApiInvoice(result.invoice, today, zone), { status: 201 });
  }
}
