import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { centsToString } from "~/lib/money";
import { paymentSchema } from "~/lib/payment-schema";
import { depositSummary } from "~/models/deposit.server";
import { recordManualDeposit, toApiDeposit } from "~/models/payment.server";
import { getAccountTimeZone, todayFor } from "~/models/settings.server";
import {
  apiError,
  invalidPayload,
  json,
  methodNotAllowed,
  notFound,
  readJsonObject,
  requireApiUser,
} from "~/services/api.server";
import { translate } from "~/services/i18n";

/** GET /api/estimates/{id}/deposits: the deposits received on the estimate, oldest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const summary = await depositSummary(user.id, params.id ?? "");
  if (!summary) return notFound();
  const zone = await getAccountTimeZone(user.id);
  return json(summary.deposits.map((deposit) => toApiDeposit(deposit, zone)));
}

/**
 * POST /api/estimates/{id}/deposits with `{ amount, date, method, reference, note }` (as a
 * payment on an invoice): a deposit received by hand. Refused with 400 on a declined or
 * invoiced estimate (the invoice takes payments) and above what is left of the estimate's total.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET or POST");
  const user = await requireApiUser(request);
  const summary = await depositSummary(user.id, params.id ?? "");
  if (!summary) return notFound();
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const parsed = paymentSchema(await todayFor(user.id))
    .strict()
    .safeParse(body);
  if (!parsed.success) return invalidPayload(parsed.error);
  const result = await recordManualDeposit(user.id, params.id ?? "", parsed.data);
  if (result.status === "not-found") return notFound();
  if (result.status !== "recorded") {
    const message =
      result.status === "invoiced"
        ? translate("en", "estimates.deposit.invoicedRefused", { number: result.invoiceNumber })
        : result.status === "declined"
          ? translate("en", "estimates.deposit.declinedRefused")
          : translate("en", "estimates.deposit.aboveTotal", {
              remaining: centsToString(result.status === "above-total" ? result.remaining : 0),
            });
    return apiError(400, message, [{ path: "amount", message }]);
  }
  return json(toApiDeposit(result.deposit, await getAccountTimeZone(user.id)), { status: 201 });
}
