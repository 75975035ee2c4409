// Card payments with the official Stripe SDK pointed at a loopback server that speaks
// Stripe's protocol, and webhook events signed as Stripe signs them: an invoice's balance,
// and a deposit paid from the customer's estimate page.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { estimates, estimateShareTokens } from "#db/schema";
import { depositSummary, setDepositAsk } from "~/models/deposit.server";
import { listNotifications } from "~/models/notification.server";
import { listInvoicePayments } from "~/models/payment.server";
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
import { createInvoiceCheckout } from "./stripe.server";

const SECRET = "whsec_test_0123456789abcdef";
const config = env();
const saved = { key: config.STRIPE_SECRET_KEY, secret: config.STRIPE_WEBHOOK_SECRET, url: config.STRIPE_API_URL };
let stripeServer: Awaited<ReturnType<typeof startStripeServer>>;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  stripeServer = await startStripeServer();
});
afterAll(() => stripeServer.close());

function setUpCardPayments() {
  config.STRIPE_SECRET_KEY = "sk_test_tradedesk";
  config.STRIPE_WEBHOOK_SECRET = SECRET;
  config.STRIPE_API_URL = stripeServer.url;
}
afterEach(() => {
  config.STRIPE_SECRET_KEY = saved.key;
  config.STRIPE_WEBHOOK_SECRET = saved.secret;
  config.STRIPE_API_URL = saved.url;
  stripeServer.calls.length = 0;
});

async function unpaidInvoice(total = 10_825) {
  const { user } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id);
  const invoice = await createInvoice(db, user.id, {
    customerId: customer.id,
    status: "pending",
    items: [{ description: "Panel upgrade", quantity: 100, unitPrice: total }],
    taxRate: 0,
  });
  return { user, invoice };
}

/** A paid Checkout Session's event: for an invoice (its id the reference), or, with metadata, an estimate's deposit. */
function completedEvent(session: {
  id: string;
  referenceId: string;
  amount: number;
  paymentStatus?: string;
  metadata?: Record<string, string>;
}) {
  return JSON.stringify({
    id: `evt_${session.id}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        client_reference_id: session.referenceId,
        amount_total: session.amount,
        currency: "usd",
        payment_status: session.paymentStatus ?? "paid",
        status: "complete",
        ...(session.metadata ? { metadata: session.metadata } : {}),
      },
    },
  });
}

function webhook(payload: string, secret = SECRET) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return new Request("http://localhost/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

describe("Stripe Checkout for an invoice", () => {
  it("creates a session for the amount asked, carrying the invoice's id, through the SDK", async () => {
    setUpCardPayments();
    const { invoice } = await unpaidInvoice();
    const session = await createInvoiceCheckout({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      companyName: "Bluebonnet Electric",
      amount: 5_000,
      currency: "USD",
      locale: "es",
      customerEmail: "ana@example.com",
      returnUrl: "https://tradedesk.example/i/abc",
    });
    expect(session?.url).toBe(`${stripeServer.url}/pay/${session?.id}`);
    const call = stripeServer.calls.at(-1);
    expect(call).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(call?.headers.authorization).toBe("Bearer sk_test_tradedesk");
    expect(call?.headers["idempotency-key"]).toContain(invoice.id);
    expect(call?.form).toMatchObject({
      mode: "payment",
      client_reference_id: invoice.id,
      "line_items[0][price_data][unit_amount]": "5000",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][quantity]": "1",
      locale: "es",
      customer_email: "ana@example.com",
      success_url: "https://tradedesk.example/i/abc?payment=done",
      cancel_url: "https://tradedesk.example/i/abc",
    });
  });

  it("is off without the keys: no session, no webhook", async () => {
    config.STRIPE_SECRET_KEY = undefined;
    config.STRIPE_WEBHOOK_SECRET = undefined;
    const { invoice } = await unpaidInvoice();
    const before = stripeServer.calls.length;
    const session = await createInvoiceCheckout({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      companyName: "X",
      amount: 100,
      currency: "USD",
      locale: "en",
      returnUrl: "https://tradedesk.example/i/abc",
    });
    expect(session).toBeNull();
    expect(stripeServer.calls.length).toBe(before);
    const response = await runRoute(
      webhookAction,
      webhook(completedEvent({ id: "cs_off", referenceId: invoice.id, amount: 100 })),
    );
    expect(response.status).toBe(404);
    expect(await listInvoicePayments(invoice.accountId, invoice.id)).toEqual([]);
  });
});

describe("POST /webhooks/stripe", () => {
  it("records a paid session's amount as a card payment, marks the invoice paid and tells the contractor", async () => {
    setUpCardPayments();
    const { user, invoice } = await unpaidInvoice(10_825);
    const response = await runRoute(
      webhookAction,
      webhook(completedEvent({ id: "cs_paid_1", referenceId: invoice.id, amount: 10_825 })),
    );
    expect(response.status).toBe(200);
    const payments = await listInvoicePayments(user.id, invoice.id);
    expect(payments).toMatchObject([{ amount: 10_825, method: "card", externalId: "cs_paid_1" }]);
    const after = await getInvoiceWithItems(user.id, invoice.id);
    expect(after).toMatchObject({ status: "paid", amountPaid: 10_825 });
    expect(after?.paidDate).toBeInstanceOf(Date);
    const notices = await listNotifications(user.id);
    expect(notices.map((n) => [n.type, n.title])).toEqual([["payment_received", "Payment received"]]);
    expect(notices[0].message).toContain("$108.25");
    expect(notices[0].message).toContain("card");
  });

  it("refuses a wrong signature, a changed body or no signature with 400 and records nothing", async () => {
    setUpCardPayments();
    const { user, invoice } = await unpaidInvoice();
    const payload = completedEvent({ id: "cs_forged", referenceId: invoice.id, amount: 10_825 });
    const forged = [
      webhook(payload, "whsec_someone_else"),
      new Request("http://localhost/webhooks/stripe", {
        method: "POST",
        headers: { "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
        body: payload.replace("10825", "1"),
      }),
      new Request("http://localhost/webhooks/stripe", { method: "POST", body: payload }),
    ];
    for (const request of forged) {
      const response = await runRoute(webhookAction, request);
      expect(response.status).toBe(400);
    }
    expect(await listInvoicePayments(user.id, invoice.id)).toEqual([]);
    expect((await getInvoiceWithItems(user.id, invoice.id))?.status).toBe("pending");
    expect(await listNotifications(user.id)).toEqual([]);
  });

  it("records a session once when Stripe retries the event, and once when two deliveries arrive together", async () => {
    setUpCardPayments();
    const { user, invoice } = await unpaidInvoice(20_000);
    const first = completedEvent({ id: "cs_retry", referenceId: invoice.id, amount: 5_000 });
    expect((await runRoute(webhookAction, webhook(first))).status).toBe(200);
    expect((await runRoute(webhookAction, webhook(first))).status).toBe(200);
    const together = completedEvent({ id: "cs_together", referenceId: invoice.id, amount: 7_000 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => runRoute(webhookAction, webhook(together))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const results = await Promise.all(answers.map(async (a) => ((await a.json()) as { result: string }).result));
    expect(results.filter((r) => r === "recorded")).toHaveLength(1);

    const payments = await listInvoicePayments(user.id, invoice.id);
    expect(payments.map((p) => [p.externalId, p.amount]).sort()).toEqual([
      ["cs_retry", 5_000],
      ["cs_together", 7_000],
    ]);
    const after = await getInvoiceWithItems(user.id, invoice.id);
    expect(after).toMatchObject({ status: "pending", amountPaid: 12_000 });
    expect(await listNotifications(user.id)).toHaveLength(2);
  });

  it("records an amount above the balance (money received is never dropped) and tells the contractor it is overpaid", async () => {
    setUpCardPayments();
    const { user, invoice } = await unpaidInvoice(10_000);
    await runRoute(webhookAction, webhook(completedEvent({ id: "cs_part", referenceId: invoice.id, amount: 6_000 })));
    await runRoute(webhookAction, webhook(completedEvent({ id: "cs_over", referenceId: invoice.id, amount: 6_000 })));
    const after = await getInvoiceWithItems(user.id, invoice.id);
    expect(after).toMatchObject({ status: "paid", amountPaid: 12_000 });
    const notices = await listNotifications(user.id);
    expect(notices.map((n) => n.title).sort()).toEqual(["Invoice overpaid", "Payment received", "Payment received"]);
    expect(notices.find((n) => n.title === "Invoice overpaid")?.message).toContain("$20.00");
  });

  it("acknowledges what it does not record: an unpaid session, another event, an unknown invoice", async () => {
    setUpCardPayments();
    const { user, invoice } = await unpaidInvoice();
    const unpaid = completedEvent({ id: "cs_unpaid", referenceId: invoice.id, amount: 100, paymentStatus: "unpaid" });
    const unknown = completedEvent({ id: "cs_unknown", referenceId: "no-such-invoice", amount: 100 });
    const other = JSON.stringify({ id: "evt_x", object: "event", type: "customer.created", data: { object: { id: "cus_1" } } });
    for (const payload of [unpaid, unknown, other]) {
      const response = await runRoute(webhookAction, webhook(payload));
      expect(response.status).toBe(200);
    }
    expect(await listInvoicePayments(user.id, invoice.id)).toEqual([]);
  });
});

/** An approved estimate of $1,800 asking a 25% deposit, with its share link. */
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
  await db.insert(estimateShareTokens).values({ accountId: user.id, estimateId: estimate.id, token });
  return { user, estimate, token };
}

describe("a deposit by card", () => {
  const deliver = (payload: string, secret?: string) => runRoute(webhookAction, webhook(payload, secret));
  const depositPaid = (id: string, estimateId: string, amount: number) =>
    completedEvent({ id, referenceId: estimateId, amount, metadata: { kind: "deposit", estimateId } });

  it("Pay deposit opens a session for the deposit due; the webhook records it once, replayed or not", async () => {
    setUpCardPayments();
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
    const payload = depositPaid("cs_test_dep_1", estimate.id, 45_000);
    expect((await deliver(payload, "whsec_wrong")).status).toBe(400);
    expect((await depositSummary(user.id, estimate.id))?.received).toBe(0);

    // Delivered, retried, and twice at once: one deposit.
    expect(await (await deliver(payload)).json()).toMatchObject({ result: "recorded" });
    expect(await (await deliver(payload)).json()).toMatchObject({ result: "duplicate" });
    await Promise.all([deliver(payload), deliver(payload)]);
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
    const late = depositPaid("cs_test_dep_2", estimate.id, 5_000);
    await deliver(late);
    await deliver(late);
    expect(await getInvoiceWithItems(user.id, invoiceId)).toMatchObject({ amountPaid: 50_000 });
  });

  it("is not offered before approval", async () => {
    setUpCardPayments();
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
