import type { ActionFunctionArgs } from "@remix-run/node";
import { recordHubCheckout } from "~/models/customer-hub.server";
import { recordCardDeposit, recordCardPayment } from "~/models/payment.server";
import { apiError, json } from "~/services/api.server";
import { cardPaymentsEnabled, checkoutReport, verifiedStripeEvent } from "~/services/stripe.server";
import { MAX_CENTS } from "~/lib/money";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

const MAX_EVENT_BYTES = 512 * 1024;

export const loader = () => apiError(405, "Method not allowed. Use POST.");

/**
 * POST /webhooks/stripe: Stripe's report that a Checkout Session finished. The body is
 * read raw and its Stripe-Signature checked before anything is believed; a bad signature
 * answers 400 and records nothing. A paid session records a card payment of its
 * amount_total against the invoice in client_reference_id, once per session however often
 * Stripe sends the event. A session with `kind: "deposit"` in its metadata is an estimate's
 * deposit (client_reference_id is the estimate), recorded once per session the same way. A
 * session with `kind: "hub"` is a Pay all of the customer's hub (client_reference_id is the hub
 * checkout): one payment per invoice it covers, each once; its amount_total must be their sum.
 * A signed session that cannot be the app's answers 400 and records nothing: an amount_total
 * that is not a whole number of cents from 1 to the app's money maximum, or metadata naming
 * another document or account than client_reference_id (logged with the event's id).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed. Use POST.");
  if (!cardPaymentsEnabled()) return apiError(404, "Card payments are not set up.");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_EVENT_BYTES) return apiError(413, "Request body too large.");
  const raw = await request.text();
  if (raw.length > MAX_EVENT_BYTES) return apiError(413, "Request body too large.");
  const event = verifiedStripeEvent(raw, request.headers.get("stripe-signature"));
  if (!event) return apiError(400, "The Stripe-Signature header does not match this body.");

  const report = checkoutReport(event);
  switch (report.kind) {
    case "ignore":
      // Other events, unpaid sessions and sessions naming nothing are acknowledged so Stripe stops retrying.
      return json({ received: true, result: "ignored" });
    case "bad-amount":
      return apiError(400, `amount_total must be a whole number of cents from 1 to ${MAX_CENTS}.`);
    case "mismatch":
      return refuseMismatch(event.id, report.what);
  }
  const money = { amount: report.amount, externalId: report.externalId, accountId: report.accountId };
  // A deposit on an estimate (docs/decisions/017) is carried onto the invoice if there is one; a
  // Pay all of the customer's hub is one payment per invoice it covers.
  const result =
    report.kind === "hub"
      ? await recordHubCheckout(report.id, money)
      : await (report.kind === "deposit" ? recordCardDeposit : recordCardPayment)(report.id, money);
  if (result.status === "other-account") return refuseMismatch(event.id, "account");
  if (result.status === "amount-mismatch") {
    console.warn(`Stripe event ${event.id} refused: its amount_total is not the sum of the invoices it pays.`);
    return apiError(400, "amount_total is not the sum the Pay all asked.");
  }
  // An unknown invoice or estimate is acknowledged too ("not-found").
  return json({ received: true, result: result.status });
}

/** A session whose metadata contradicts its client_reference_id: logged by event id alone, refused. */
function refuseMismatch(eventId: string, what: "document" | "account") {
  console.warn(`Stripe event ${eventId} refused: its metadata names another ${what} than its client_reference_id.`);
  return apiError(400, `The session's metadata names another ${what} than its client_reference_id.`);
}
