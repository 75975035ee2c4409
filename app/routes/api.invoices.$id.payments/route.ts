import { centsToString } from "~/lib/money";
import { paymentSchema } from "~/lib/payment-schema";
import { getInvoiceWithItems } from "~/models/invoice.server";
import { listInvoicePayments, recordManualPayment, toApiPayment } from "~/models/payment.server";
import { getAccountTimeZone, todayFor } from "~/models/settings.server";
import { apiError, apiRoute, created, json, notFound, readApiBody } from "~/services/api.server";
import { translate } from "~/infrastructure/i18n";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

const route = apiRoute(access, {
  /** GET /api/invoices/{id}/payments: the invoice's payments, oldest first. */
  GET: async ({ user, id }) => {
    const invoice = await getInvoiceWithItems(user.accountId, id);
    if (!invoice) return notFound();
    const zone = await getAccountTimeZone(user.accountId);
    return json((await listInvoicePayments(user.accountId, invoice.id)).map((payment) => toApiPayment(payment, zone)));
  },
  /**
   * POST /api/invoices/{id}/payments with `{ amount, date, method, reference, note }`: amount a
   * decimal string above zero with at most two decimals, date (default today) not in the
   * future. A payment above the balance due is refused; nothing is written on a refusal.
   */
  POST: async ({ user, id, request }) => {
    const invoice = await getInvoiceWithItems(user.accountId, id);
    if (!invoice) return notFound();
    const data = await readApiBody(request, paymentSchema(await todayFor(user.accountId)).strict());
    if (data instanceof Response) return data;
    const result = await recordManualPayment(user.accountId, invoice.id, data, user.id);
    if (result.status === "not-found") return notFound();
    if (result.status !== "recorded") {
      const balance = result.status === "above-balance" ? result.balance : 0;
      const message =
        balance <= 0
          ? translate("en", "invoices.payments.nothingDue")
          : translate("en", "invoices.payments.aboveBalance", { balance: centsToString(balance) });
      return apiError(400, message, [{ path: "amount", message }]);
    }
    return created(toApiPayment(result.payment, await getAccountTimeZone(user.accountId)));
  },
});
export const loader = route.loader;
export const action = route.action;
