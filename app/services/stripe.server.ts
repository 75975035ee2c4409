// Card payments through Stripe Checkout, with the official SDK. Without both
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET there are no card payments and nothing here runs.
import { redirect } from "@remix-run/node";
import Stripe from "stripe";
import { now as clockNow } from "~/lib/clock";
import { MAX_CENTS } from "~/lib/money";
import { env } from "~/infrastructure/env.server";

let cached: { key: string; url: string | undefined; client: Stripe } | undefined;

/** The SDK client, or null when card payments are not set up. */
export function stripeClient(): Stripe | null {
  const { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_URL: url } = env();
  if (!key || !secret) return null;
  if (cached?.key === key && cached.url === url) return cached.client;
  const target = url ? new URL(url) : null;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target && {
      host: target.hostname,
      port: Number(target.port) || (target.protocol === "http:" ? 80 : 443),
      protocol: target.protocol === "http:" ? ("http" as const) : ("https" as const),
    }),
  });
  cached = { key, url, client };
  return client;
}

export const cardPaymentsEnabled = () => stripeClient() !== null;

/**
 * The event a webhook call carries, when its Stripe-Signature header proves Stripe sent
 * exactly this body (read raw, before any parsing); null otherwise.
 */
export function verifiedStripeEvent(rawBody: string, signature: string | null): Stripe.Event | null {
  const client = stripeClient();
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!client || !secret || !signature) return null;
  try {
    return client.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    return null;
  }
}

/**
 * What a signed event asks the webhook to record, read without trusting its shape (a correct
 * signature proves Stripe sent the body, not that every field is what the app put there):
 * - `ignore`: not a paid Checkout Session naming something (other events, unpaid sessions, no
 *   client_reference_id): acknowledged, nothing recorded;
 * - `bad-amount`: amount_total is not a whole number of cents from 1 to MAX_CENTS;
 * - `mismatch`: the metadata names another document than client_reference_id (the app puts
 *   `invoiceId`, or `kind: "deposit"` and `estimateId`, or `kind: "hub"` and `hubCheckoutId`,
 *   equal to it);
 * - `invoice` / `deposit` / `hub`: the money to record against that id (an invoice, an
 *   estimate, a Pay all of the customer's hub), once per session. `accountId` is the
 *   metadata's, when it names one: what the money is for must be that account's.
 */
export type CheckoutReport =
  | { kind: "ignore" }
  | { kind: "bad-amount" }
  | { kind: "mismatch"; what: "document" | "account" }
  | { kind: "invoice" | "deposit" | "hub"; id: string; amount: number; externalId: string; accountId: string | null };

/** The metadata field that names what client_reference_id is, by kind of session. */
const REFERENCE_FIELD = { invoice: "invoiceId", deposit: "estimateId", hub: "hubCheckoutId" } as const;

const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

export function checkoutReport(event: Stripe.Event): CheckoutReport {
  if (!PAID_EVENTS.has(event.type)) return { kind: "ignore" };
  const session = event.data.object as unknown as Record<string, unknown>;
  const reference = session.client_reference_id;
  if (session.payment_status !== "paid" || typeof reference !== "string" || reference === "") return { kind: "ignore" };
  if (typeof session.id !== "string" || session.id === "") return { kind: "ignore" };

  const metadata = session.metadata && typeof session.metadata === "object" ? (session.metadata as Record<string, unknown>) : {};
  const kind = metadata.kind === "deposit" || metadata.kind === "hub" ? metadata.kind : "invoice";
  // The document the metadata names must be the one the reference is read as, and only that one.
  const same = REFERENCE_FIELD[kind];
  const others = Object.values(REFERENCE_FIELD).filter((field) => field !== same);
  if ((metadata[same] !== undefined && metadata[same] !== reference) || others.some((field) => metadata[field] !== undefined)) {
    return { kind: "mismatch", what: "document" };
  }
  const accountId = metadata.accountId;
  if (accountId !== undefined && (typeof accountId !== "string" || accountId === ""))
    return { kind: "mismatch", what: "account" };

  const amount = session.amount_total;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_CENTS) {
    return { kind: "bad-amount" };
  }
  return { kind, id: reference, amount, externalId: session.id, accountId: accountId ?? null };
}

/**
 * A Stripe Checkout Session for paying an invoice: one line of the amount asked (the balance
 * or the deposit due, in cents), the invoice's id in client_reference_id (the webhook records
 * the payment against it), and the customer sent back to returnUrl either way. Null when card
 * payments are not set up.
 */
export function createInvoiceCheckout(input: CheckoutInput & { invoiceId: string; invoiceNumber: string }) {
  return createCheckout({
    ...input,
    reference: input.invoiceId,
    metadata: { invoiceId: input.invoiceId, invoiceNumber: input.invoiceNumber },
    name: input.invoiceNumber,
  });
}

/**
 * A Stripe Checkout Session for an estimate's deposit: the estimate's id in
 * client_reference_id and `kind: "deposit"` in the metadata, so the webhook records a deposit
 * (docs/decisions/017).
 */
export function createDepositCheckout(input: CheckoutInput & { estimateId: string; estimateNumber: string; label: string }) {
  return createCheckout({
    ...input,
    reference: input.estimateId,
    metadata: { kind: "deposit", estimateId: input.estimateId, estimateNumber: input.estimateNumber },
    name: `${input.label} · ${input.estimateNumber}`,
  });
}

/**
 * A Stripe Checkout Session for a Pay all of the customer's hub: one line of the sum, the
 * hub checkout's id in client_reference_id and `kind: "hub"` with the account in the metadata;
 * the webhook records one payment per invoice of that checkout. `label` names the line
 * ("3 invoices").
 */
export function createHubCheckout(input: CheckoutInput & { checkoutId: string; accountId: string; label: string }) {
  return createCheckout({
    ...input,
    reference: input.checkoutId,
    metadata: { kind: "hub", hubCheckoutId: input.checkoutId, accountId: input.accountId },
    name: input.label,
  });
}

interface CheckoutInput {
  companyName: string;
  amount: number;
  currency: string;
  locale: "en" | "es";
  customerEmail?: string | null;
  returnUrl: string;
}

async function createCheckout(
  input: CheckoutInput & { reference: string; metadata: Record<string, string>; name: string },
): Promise<{ id: string; url: string } | null> {
  const client = stripeClient();
  if (!client) return null;
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError("Nothing to pay.");
  const kind = input.metadata.kind ?? "invoice";
  const session = await client.checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: input.reference,
      metadata: input.metadata,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amount,
            product_data: { name: `${input.name} · ${input.companyName}`.slice(0, 250) },
          },
        },
      ],
      locale: input.locale,
      ...(input.customerEmail && { customer_email: input.customerEmail }),
      success_url: `${input.returnUrl}${input.returnUrl.includes("?") ? "&" : "?"}payment=done`,
      cancel_url: input.returnUrl,
    },
    // The same document and amount asked twice within Stripe's idempotency window is one session.
    { idempotencyKey: `${kind}-${input.reference}-${input.amount}-${Math.floor(clockNow().getTime() / 600_000)}` },
  );
  if (!session.url) throw new Error("Stripe answered a Checkout Session without a URL.");
  return { id: session.id, url: session.url };
}

/**
 * The customer's "Pay …" button: the session `open` makes, and a redirect to Stripe's page.
 * Card payments off (`open` answers null) is the ordinary 404. When Stripe fails, the failure
 * is logged (naming `what` was being paid) and `failed()` is the answer: the page's message.
 */
export async function redirectToCheckout<Failed>(
  what: string,
  open: () => Promise<{ url: string } | null>,
  failed: () => Failed,
): Promise<Response | Failed> {
  let session: { url: string } | null;
  try {
    session = await open();
  } catch (error) {
    console.error(`Opening a Stripe Checkout Session for ${what} failed`, error);
    return failed();
  }
  if (!session) throw new Response("Not Found", { status: 404 });
  return redirect(session.url);
}
