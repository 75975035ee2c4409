import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { centsToString } from "~/lib/money";
import { paymentSchema } from "~/lib/payment-schema";
import { getInvoiceWithItems } from "~/models/invoice.server";
import { listInvoicePayments, recordManualPayment, toApiPayment } from "~/models/payment.server";
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

/** GET /api/invoices/{id}/payments: the invoice's payments, oldest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const invoice = await getInvoiceWithItems(user.id, params.id ?? "");
  if (!invoice) return notFound();
  const zone = await getAccountTimeZone(user.id);
  return json((await listInvoicePayments(user.id, invoice.id)).map((payment) => toApiPayment(payment, zone)));
}

/**
 * POST /api/invoices/{id}/payments with `{ amount, date, method, reference, note }`: amount a
 * decimal string above zero with at most two decimals, date (default today) not in the
 * future. A payment above the balance due is refused; nothing is written on a refusal.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET or POST");
  const user = await requireApiUser(request);
  const invoice = await getInvoiceWithItems(user.id, params.id ?? "");
  if (!invoice) return notFound();
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const parsed = paymentSchema(await todayFor(user.id))
    .strict()
    .safeParse(body);
  if (!parsed.success) return invalidPayload(parsed.error);
  const result = await recordManualPayment(user.id, invoice.id, parsed.data);
  if (result.status === "not-found") return notFound();
  if (result.status !== "recorded") {
    const balance = result.status === "above-balance" ? result.balance : 0;
    const message =
      balance <= 0
        ? translate("en", "invoices.payments.nothingDue")
        : translate("en", "invoices.payments.aboveBalance", { balance: centsToString(balance) });
    return apiError(400, message, [{ path: "amount", message }]);
  }
  return json(toApiPayment(result.payment, await getAccountTimeZone(user.id)), { status: 201 });
}
