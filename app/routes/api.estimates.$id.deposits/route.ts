import { centsToString } from "~/lib/money";
import { paymentSchema } from "~/lib/payment-schema";
import { depositSummary } from "~/models/deposit.server";
import { recordManualDeposit, toApiDeposit } from "~/models/payment.server";
import { getAccountTimeZone, todayFor } from "~/models/settings.server";
import { apiError, apiRoute, created, json, notFound, readApiBody } from "~/services/api.server";
import { translate } from "~/infrastructure/i18n";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

const route = apiRoute(access, {
  /** GET /api/estimates/{id}/deposits: the deposits received on the estimate, oldest first. */
  GET: async ({ user, id }) => {
    const summary = await depositSummary(user.accountId, id);
    if (!summary) return notFound();
    const zone = await getAccountTimeZone(user.accountId);
    return json(summary.deposits.map((deposit) => toApiDeposit(deposit, zone)));
  },
  /**
   * POST /api/estimates/{id}/deposits with `{ amount, date, method, reference, note }` (as a
   * payment on an invoice): a deposit received by hand. Refused with 400 on a declined or
   * invoiced estimate (the invoice takes payments) and above what is left of the estimate's total.
   */
  POST: async ({ user, id, request }) => {
    if (!(await depositSummary(user.accountId, id))) return notFound();
    const data = await readApiBody(request, paymentSchema(await todayFor(user.accountId)).strict());
    if (data instanceof Response) return data;
    const result = await recordManualDeposit(user.accountId, id, data, user.id);
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
    return created(toApiDeposit(result.deposit, await getAccountTimeZone(user.accountId)));
  },
});
export const loader = route.loader;
export const action = route.action;
