import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { centsToString } from "~/lib/money";
import { addLateCharge, invoiceLateCharge, type InvoiceLateCharge } from "~/models/late-charge.server";
import { apiError, json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

const toApi = (late: InvoiceLateCharge) => ({
  ratePercent: centsToString(late.rate),
  overdue: late.overdue,
  monthsPastDue: late.month,
  lastChargedMonth: late.lastChargedMonth,
  accrued: centsToString(late.amount),
});

/** GET /api/invoices/{id}/late-charge: the late charge accrued now and not yet added. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, access);
  const late = await invoiceLateCharge(user.accountId, params.id ?? "");
  return late ? json(toApi(late)) : notFound();
}

/**
 * POST /api/invoices/{id}/late-charge: adds the accrued late charge as a line, at most once per
 * month past due; 409 with the reason when this month was charged already or nothing is due.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET or POST");
  const user = await requireApiUser(request, access);
  const result = await addLateCharge(user.accountId, params.id ?? "", { by: user.id });
  if (result.status === "not-found") return notFound();
  if (result.status === "already-charged") return apiError(409, "This month's late charge was already added to this invoice.");
  if (result.status === "nothing-due")
    return apiError(409, "No late charge is due: not a whole month past due, nothing owed, or late charges are off.");
  return json({ amount: centsToString(result.amount), monthsPastDue: result.month }, { status: 201 });
}
