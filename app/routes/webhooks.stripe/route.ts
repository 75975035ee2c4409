import type { ActionFunctionArgs } from "@remix-run/node";
import { recordCardDeposit, recordCardPayment } from "~/models/payment.server";
import { apiError, json } from "~/services/api.server";
import { cardPaymentsEnabled, verifiedStripeEvent } from "~/services/stripe.server";
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
 * deposit (client_reference_id is the estimate), recorded once per session the same way.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed. Use POST.");
  if (!cardPaymentsEnabled()) return apiError(404, "Card payments are not set up.");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_EVENT_BYTES) return apiError(413, "Request body too large.");
  const raw = await request.text();
  if (raw.length > MAX_EVENT_BYTES) return apiError(413, "Request body too large.");
  const event = verifiedStripeEvent(raw, request.headers.get("stripe-signature"));
  if (!event) return apiError(400, "The Stripe-Signature header does not match this body.");

  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = event.data.object;
    // A deposit on an estimate (docs/decisions/017): recorded once per session, carried onto the invoice if there is one.
    const estimateId = session.metadata?.kind === "deposit" ? session.client_reference_id : null;
    if (estimateId && session.payment_status === "paid" && session.amount_total && session.amount_total > 0) {
      const result = await recordCardDeposit(estimateId, { amount: session.amount_total, externalId: session.id });
      return json({ received: true, result: result.status });
    }
    const invoiceId = estimateId ? null : session.client_reference_id;
    if (session.payment_status === "paid" && invoiceId && session.amount_total && session.amount_total > 0) {
      const result = await recordCardPayment(invoiceId, { amount: session.amount_total, externalId: session.id });
      return json({ received: true, result: result.status });
    }
  }
  // Other events, unpaid sessions and unknown invoices are acknowledged so Stripe stops retrying.
  return json({ received: true, result: "ignored" });
}
