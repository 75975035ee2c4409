// A deposit paid by card: the customer's "Pay deposit" opens a Checkout Session through the SDK
// (against the loopback Stripe server), and the signed webhook records the deposit once.
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { eq } from "drizzle-orm";
import { estimates, estimateShareTokens } from "#db/schema";
import { depositSummary, setDepositAsk } from "~/models/deposit.server";
import { createInvoiceFromEstimate, getInvoiceWithItems } from "~/models/invoice.server";
import { newShareToken } from "~/models/share.server";
import { action as shareAction } from "~/routes/e.$token/route";
import { action as webhookAction } from "~/routes/webhooks.stripe/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "../../test/accounts";
import { formRequest } from "../../test/requests";
import { runRoute } from "../../test/route";
import { startStripeServer } from "../../test/stripe-server";

const SECRET = "whsec_test_deposits";
const config = env();
const saved = { key: config.STRIPE_SECRET_KEY, secret: config.STRIPE_WEBHOOK_SECRET, url: config.STRIPE_API_URL };
let stripeServer: Awaited<ReturnType<typeof startStripeServer>>;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  stripeServer = await startStripeServer();
  config.STRIPE_SECRET_KEY = "sk_test_tradedesk";
  config.STRIPE_WEBHOOK_SECRET = SECRET;
  config.STRIPE_API_URL = stripeServer.url;
});
afterAll(async () => {
  config.STRIPE_SECRET_KEY = saved.key;
  config.STRIPE_WEBHOOK_SECRET = saved.secret;
  config.STRIPE_API_URL = saved.url;
  await stripeServer.close();
});
afterEach(() => {
  stripeServer.calls.length = 0;
});

async function approvedWithLink() {
  const { user } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id, { email: "ana@example.com" });
  const estimate = await createEstimate(db, user.id, {
    customerId: customer.id,
    status: "approved",
    taxRate: 0,
    items: [{ description: "Water heater", quantity: 100, unitPrice: 180_000 }],
  });
  await setDepositAsk(user.id, estimate.id, { type: "percent", value: 2500 });
  const token = newShareToken();
  await db.insert(estimateShareTokens).values({ userId: user.id, estimateId: estimate.id, token });
  return { user, estimate, token };
}

function completed(sessionId: string, estimateId: string, amount: number, metadata: Record<string, string>) {
  return JSON.stringify({
    id: `evt_${sessionId}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: estimateId,
        amount_total: amount,
        currency: "usd",
        payment_status: "paid",
        status: "complete",
        metadata,
      },
    },
  });
}

const webhook = (payload: string, secret = SECRET) =>
  runRoute(
    webhookAction,
    new Request("http://localhost/webhooks/stripe", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    }),
  );

describe("a deposit by card", () => {
  it("Pay deposit opens a session for the deposit due; the webhook records it once, replayed or not", async () => {
    const { user, estimate, token } = await approvedWithLink();
    const answer = await runRoute(shareAction, formRequest(`http://localhost/e/${token}`, { intent: "pay-deposit" }), {
      params: { token },
    });
    expect(answer.status).toBe(302);
    const call = stripeServer.calls.at(-1);
    expect(call?.form).toMatchObject({
      client_reference_id: estimate.id,
      "metadata[kind]": "deposit",
      "line_items[0][price_data][unit_amount]": "45000",
    });
    expect(answer.headers.get("Location")).toMatch(/\/pay\/cs_test_/);

    // A wrong signature records nothing.
    const payload = completed("cs_test_dep_1", estimate.id, 45_000, { kind: "deposit", estimateId: estimate.id });
    expect((await webhook(payload, "whsec_wrong")).status).toBe(400);
    expect((await depositSummary(user.id, estimate.id))?.received).toBe(0);

    // Delivered, retried, and twice at once: one deposit.
    expect(await (await webhook(payload)).json()).toMatchObject({ result: "recorded" });
    expect(await (await webhook(payload)).json()).toMatchObject({ result: "duplicate" });
    await Promise.all([webhook(payload), webhook(payload)]);
    expect(await depositSummary(user.id, estimate.id)).toMatchObject({ received: 45_000, due: 0 });

    // Nothing left to pay: no second session.
    const again = await runRoute(shareAction, formRequest(`http://localhost/e/${token}`, { intent: "pay-deposit" }), {
      params: { token },
    });
    expect(again.status).toBe(409);

    // The invoice keeps it; a deposit session paid after that lands on the invoice, once.
    const created = await createInvoiceFromEstimate(user.id, estimate.id);
    const invoiceId = created.status === "created" ? created.invoice.id : "";
    expect(await getInvoiceWithItems(user.id, invoiceId)).toMatchObject({ amountPaid: 45_000 });
    const late = completed("cs_test_dep_2", estimate.id, 5_000, { kind: "deposit", estimateId: estimate.id });
    await webhook(late);
    await webhook(late);
    expect(await getInvoiceWithItems(user.id, invoiceId)).toMatchObject({ amountPaid: 50_000 });
  });

  it("is not offered before approval", async () => {
    const { user, estimate, token } = await approvedWithLink();
    const db = await getDb();
    await db.update(estimates).set({ status: "pending" }).where(eq(estimates.id, estimate.id));
    const answer = await runRoute(shareAction, formRequest(`http://localhost/e/${token}`, { intent: "pay-deposit" }), {
      params: { token },
    });
    expect(answer.status).toBe(409);
    expect(stripeServer.calls).toEqual([]);
    expect((await depositSummary(user.id, estimate.id))?.received).toBe(0);
  });
});
