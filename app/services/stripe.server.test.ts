// Card payments with the official Stripe SDK pointed at a loopback server that speaks
// Stripe's protocol, and webhook events signed as Stripe signs them: an invoice's balance,
// and a deposit paid from the customer's estimate page.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import {
  accountSettings,
  estimateDeposits,
  estimates,
  estimateShareTokens,
  invoiceShareTokens,
  notifications,
  payments,
} from "#db/schema";
import { depositSummary, setDepositAsk } from "~/models/deposit.server";
import { listNotifications } from "~/models/notification.server";
import { listInvoicePayments } from "~/models/payment.server";
import { createInvoiceFromEstimate, getInvoiceWithItems } from "~/models/invoice.server";
import { newShareToken } from "~/models/share.server";
import { getOrCreateHub } from "~/models/customer-hub.server";
import { recordPayment } from "~/models/payment.server";
import { action as hubAction, loader as hubLoader } from "~/routes/c.$token/route";
import { action as shareAction } from "~/routes/e.$token/route";
import { action as invoiceShareAction } from "~/routes/i.$token/route";
import { action as webhookAction } from "~/routes/webhooks.stripe/route";
import { MAX_CENTS } from "~/lib/money";
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

/** The event with its session's amount_total set to `amount` (undefined: no amount_total at all). */
function withAmount(payload: string, amount: unknown) {
  const event = JSON.parse(payload) as { data: { object: Record<string, unknown> } };
  event.data.object.amount_total = amount;
  return JSON.stringify(event);
}

/** Every payment, deposit and notification in the database, whoever's: nothing may have been written. */
async function everythingRecorded() {
  const db = await getDb();
  const [paid, deposited, told] = await Promise.all([
    db.select().from(payments),
    db.select().from(estimateDeposits),
    db.select().from(notifications),
  ]);
  return { payments: paid.length, deposits: deposited.length, notifications: told.length };
}

describe("POST /webhooks/stripe with a correctly signed but odd session", () => {
  const deliver = (payload: string) => runRoute(webhookAction, webhook(payload));
  const ODD_AMOUNTS: [string, unknown][] = [
    ["1.5", 1.5],
    ['"100"', "100"],
    ["1e20", 1e20],
    ["MAX_CENTS + 1", MAX_CENTS + 1],
    ["0", 0],
    ["-500", -500],
    ["null", null],
    ["missing", undefined],
  ];

  it("answers 400 { message } to an amount_total that is not a whole number of cents from 1 to MAX_CENTS, and records nothing", async () => {
    setUpCardPayments();
    const { user, invoice } = await unpaidInvoice(10_000);
    const { estimate } = await approvedWithLink();
    const before = await everythingRecorded();
    for (const [name, amount] of ODD_AMOUNTS) {
      const forInvoice = completedEvent({ id: `cs_odd_inv_${name}`, referenceId: invoice.id, amount: 5_000 });
      const forDeposit = completedEvent({
        id: `cs_odd_dep_${name}`,
        referenceId: estimate.id,
        amount: 5_000,
        metadata: { kind: "deposit", estimateId: estimate.id },
      });
      for (const payload of [forInvoice, forDeposit]) {
        const response = await deliver(withAmount(payload, amount));
        expect(response.status, name).toBe(400);
        expect(await response.json(), name).toEqual({ message: expect.stringContaining("amount_total") });
      }
    }
    expect(await everythingRecorded()).toEqual(before);
    expect(await getInvoiceWithItems(user.id, invoice.id)).toMatchObject({ status: "pending", amountPaid: 0 });
    expect((await depositSummary(estimate.accountId, estimate.id))?.received).toBe(0);

    // The same sessions with a proper amount are recorded: what was refused was the amount alone.
    const good = completedEvent({ id: "cs_odd_inv_good", referenceId: invoice.id, amount: 5_000 });
    expect(await (await deliver(good)).json()).toMatchObject({ result: "recorded" });
    const largest = completedEvent({
      id: "cs_odd_dep_largest",
      referenceId: estimate.id,
      amount: MAX_CENTS,
      metadata: { kind: "deposit", estimateId: estimate.id },
    });
    expect(await (await deliver(largest)).json()).toMatchObject({ result: "recorded" });
  });

  it("records a card deposit above the estimate's total and tells the contractor the estimate is overpaid, in English and Spanish", async () => {
    setUpCardPayments();
    const db = await getDb();
    for (const lang of ["en", "es"] as const) {
      const { user, estimate } = await approvedWithLink(); // $1,800.00, asking 25%
      await db.update(accountSettings).set({ appLanguage: lang }).where(eq(accountSettings.accountId, user.id));
      const deposit = (id: string, amount: number) =>
        completedEvent({
          id: `${id}_${lang}`,
          referenceId: estimate.id,
          amount,
          metadata: { kind: "deposit", estimateId: estimate.id },
        });
      const overpaidTitle = lang === "en" ? "Estimate overpaid" : "Presupuesto pagado de más";
      const overpaidNotices = async () => (await listNotifications(user.id)).filter((n) => n.title === overpaidTitle);

      // Up to the total: no such notice.
      expect(await (await deliver(deposit("cs_dep_ask", 45_000))).json()).toMatchObject({ result: "recorded" });
      expect(await (await deliver(deposit("cs_dep_rest", 135_000))).json()).toMatchObject({ result: "recorded" });
      expect(await overpaidNotices()).toEqual([]);

      // $200.00 beyond it: recorded all the same, and the contractor told by how much.
      expect(await (await deliver(deposit("cs_dep_over", 20_000))).json()).toMatchObject({ result: "recorded" });
      expect(await depositSummary(user.id, estimate.id)).toMatchObject({ received: 200_000 });
      const notices = await overpaidNotices();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ type: "payment_received", estimateId: estimate.id });
      expect(notices[0].message).toContain(estimate.estimateNumber);
      expect(notices[0].message).toContain("$200.00"); // the account's currency as the language writes it (es-US)
      expect(notices[0].message).toContain(lang === "en" ? "more in deposits than its total" : "en anticipos");

      // A replay of the overpaying session counts nothing and tells nothing again.
      expect(await (await deliver(deposit("cs_dep_over", 20_000))).json()).toMatchObject({ result: "duplicate" });
      expect(await overpaidNotices()).toHaveLength(1);
      expect((await listNotifications(user.id)).length).toBe(4);
    }
  });

  it("refuses with 400, records nothing and logs the event id when the metadata names another document or account", async () => {
    setUpCardPayments();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { user, invoice } = await unpaidInvoice(10_000);
      const { estimate } = await approvedWithLink();
      const other = await unpaidInvoice(77_777);
      const session = (id: string, referenceId: string, metadata: Record<string, string>) =>
        completedEvent({ id, referenceId, amount: 4_321, metadata });
      const mismatched: [string, string][] = [
        ["cs_mm_invoice", session("cs_mm_invoice", invoice.id, { invoiceId: other.invoice.id })],
        ["cs_mm_estimate_on_invoice", session("cs_mm_estimate_on_invoice", invoice.id, { estimateId: estimate.id })],
        ["cs_mm_deposit", session("cs_mm_deposit", estimate.id, { kind: "deposit", estimateId: invoice.id })],
        [
          "cs_mm_invoice_on_deposit",
          session("cs_mm_invoice_on_deposit", estimate.id, { kind: "deposit", estimateId: estimate.id, invoiceId: invoice.id }),
        ],
        ["cs_mm_account", session("cs_mm_account", invoice.id, { invoiceId: invoice.id, accountId: other.user.id })],
        [
          "cs_mm_deposit_account",
          session("cs_mm_deposit_account", estimate.id, { kind: "deposit", estimateId: estimate.id, accountId: other.user.id }),
        ],
      ];
      const before = await everythingRecorded();
      for (const [id, payload] of mismatched) {
        warn.mockClear();
        const response = await runRoute(webhookAction, webhook(payload));
        expect(response.status, id).toBe(400);
        expect(await response.json(), id).toEqual({ message: expect.stringContaining("metadata") });
        expect(warn, id).toHaveBeenCalledTimes(1);
        const logged = String(warn.mock.calls[0][0]);
        expect(logged, id).toContain(`evt_${id}`);
        // Never the amounts (this session's, or another account's invoice).
        expect(logged, id).not.toMatch(/4321|43\.21|77777|777\.77/);
      }
      expect(await everythingRecorded()).toEqual(before);
      expect(await listInvoicePayments(user.id, invoice.id)).toEqual([]);
      expect(await listInvoicePayments(other.user.id, other.invoice.id)).toEqual([]);

      // The account's own id in the metadata is accepted, and nothing is logged.
      warn.mockClear();
      const own = session("cs_mm_own", invoice.id, { invoiceId: invoice.id, accountId: user.id });
      expect(await (await runRoute(webhookAction, webhook(own))).json()).toMatchObject({ result: "recorded" });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("Pay all from the customer's hub", () => {
  const deliver = (payload: string) => runRoute(webhookAction, webhook(payload));
  const hubPost = (token: string, fields: Record<string, string>) =>
    runRoute(hubAction, formRequest(`http://localhost/c/${token}`, fields), { params: { token } });
  const hubPaid = (id: string, checkoutId: string, amount: number, accountId?: string) =>
    completedEvent({
      id,
      referenceId: checkoutId,
      amount,
      metadata: { kind: "hub", hubCheckoutId: checkoutId, ...(accountId ? { accountId } : {}) },
    });

  /** Ana owes on two invoices (one partly paid), has one paid and one cancelled; Bob owes on his own. */
  async function owingCustomer() {
    const { user } = await signedInAccount();
    const db = await getDb();
    const ana = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
    const bob = await createCustomer(db, user.id, { name: "Bob Stone" });
    const line = (unitPrice: number) => [{ description: "Work", quantity: 100, unitPrice }];
    const first = await createInvoice(db, user.id, { customerId: ana.id, status: "pending", taxRate: 0, items: line(15_000) });
    const second = await createInvoice(db, user.id, { customerId: ana.id, status: "pending", taxRate: 0, items: line(20_050) });
    const paid = await createInvoice(db, user.id, { customerId: ana.id, status: "pending", taxRate: 0, items: line(7_000) });
    const cancelled = await createInvoice(db, user.id, {
      customerId: ana.id,
      status: "cancelled",
      taxRate: 0,
      items: line(9_900),
    });
    const bobs = await createInvoice(db, user.id, { customerId: bob.id, status: "pending", taxRate: 0, items: line(3_300) });
    await recordPayment(user.id, first.id, { amount: 5_000, method: "check" });
    await recordPayment(user.id, paid.id, { amount: 7_000, method: "cash" });
    const hub = await getOrCreateHub(user.id, ana.id);
    return { user, ana, bob, first, second, paid, cancelled, bobs, token: hub!.token };
  }

  /** The checkout Pay all opened: its id is the session's client_reference_id. */
  async function payAll(token: string) {
    const answer = await hubPost(token, { intent: "pay-all" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/\/pay\/cs_test_/);
    const call = stripeServer.calls.at(-1)!;
    return { answer, call, checkoutId: call.form.client_reference_id };
  }

  it("opens one session for the sum of the balances due and records each invoice once, however often the event comes", async () => {
    setUpCardPayments();
    const { user, first, second, paid, cancelled, bobs, token } = await owingCustomer();
    const { call, checkoutId } = await payAll(token);
    // 100.00 left on the first, 200.50 on the second: nothing of the paid, the cancelled or Bob's.
    expect(call.form).toMatchObject({
      "metadata[kind]": "hub",
      "metadata[hubCheckoutId]": checkoutId,
      "metadata[accountId]": user.id,
      "line_items[0][price_data][unit_amount]": "30050",
      "line_items[0][price_data][product_data][name]": expect.stringContaining("2 invoices"),
      customer_email: "ana@example.com",
    });
    expect(call.form.success_url).toBe(`http://localhost/c/${token}?payment=done`);

    const event = hubPaid("cs_test_all_1", checkoutId, 30_050, user.id);
    expect(await (await deliver(event)).json()).toMatchObject({ result: "recorded" });
    // Replayed, and twice at once: nothing more.
    expect(await (await deliver(event)).json()).toMatchObject({ result: "duplicate" });
    await Promise.all([deliver(event), deliver(event)]);

    const card = async (invoiceId: string) =>
      (await listInvoicePayments(user.id, invoiceId)).filter((payment) => payment.method === "card");
    expect((await card(first.id)).map((payment) => payment.amount)).toEqual([10_000]);
    expect((await card(second.id)).map((payment) => payment.amount)).toEqual([20_050]);
    expect(await card(paid.id)).toEqual([]);
    expect(await card(cancelled.id)).toEqual([]);
    expect(await card(bobs.id)).toEqual([]);
    expect(await getInvoiceWithItems(user.id, first.id)).toMatchObject({ status: "paid", amountPaid: 15_000 });
    expect(await getInvoiceWithItems(user.id, second.id)).toMatchObject({ status: "paid", amountPaid: 20_050 });

    // Nothing is due any more: Pay all is not offered, and a post of it says so.
    const loaded = await runRoute(hubLoader, new Request(`http://localhost/c/${token}?payment=done`), { params: { token } });
    expect(await loaded.json()).toMatchObject({ balanceDue: 0, canPayAll: false, returnedFromPayment: true });
    expect((await hubPost(token, { intent: "pay-all" })).status).toBe(409);
  });

  it("records the invoices a crash left out when Stripe delivers the event again", async () => {
    setUpCardPayments();
    const { user, first, second, token } = await owingCustomer();
    const { checkoutId } = await payAll(token);
    // As if the server stopped after the first invoice: its payment is in, the second's is not.
    await recordPayment(user.id, first.id, { amount: 10_000, method: "card", externalId: `cs_test_crash:${first.id}` });
    expect(await (await deliver(hubPaid("cs_test_crash", checkoutId, 30_050))).json()).toMatchObject({ result: "recorded" });
    expect((await listInvoicePayments(user.id, first.id)).filter((p) => p.method === "card")).toHaveLength(1);
    expect((await listInvoicePayments(user.id, second.id)).filter((p) => p.method === "card")).toHaveLength(1);
  });

  it("is the same checkout when pressed twice, and a new one once the amounts change", async () => {
    setUpCardPayments();
    const { user, first, token } = await owingCustomer();
    const one = await payAll(token);
    const two = await payAll(token);
    expect(two.checkoutId).toBe(one.checkoutId);
    expect(two.call.headers["idempotency-key"]).toBe(one.call.headers["idempotency-key"]);
    await recordPayment(user.id, first.id, { amount: 1_000, method: "cash" });
    const three = await payAll(token);
    expect(three.checkoutId).not.toBe(one.checkoutId);
    expect(three.call.form["line_items[0][price_data][unit_amount]"]).toBe("29050");
  });

  it("refuses with 400 and records nothing when the amount is not the checkout's sum or the account is another's", async () => {
    setUpCardPayments();
    const { user, first, second, token } = await owingCustomer();
    const other = await signedInAccount("Other Co");
    const { checkoutId } = await payAll(token);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect((await deliver(hubPaid("cs_test_short", checkoutId, 30_049))).status).toBe(400);
      expect((await deliver(hubPaid("cs_test_foreign", checkoutId, 30_050, other.user.id))).status).toBe(400);
      // The metadata names another checkout than the reference.
      const crossed = completedEvent({
        id: "cs_test_crossed",
        referenceId: checkoutId,
        amount: 30_050,
        metadata: { kind: "hub", hubCheckoutId: first.id },
      });
      expect((await deliver(crossed)).status).toBe(400);
      const mixed = completedEvent({
        id: "cs_test_mixed",
        referenceId: checkoutId,
        amount: 30_050,
        metadata: { kind: "hub", hubCheckoutId: checkoutId, invoiceId: first.id },
      });
      expect((await deliver(mixed)).status).toBe(400);
    } finally {
      warn.mockRestore();
    }
    for (const invoice of [first, second]) {
      expect((await listInvoicePayments(user.id, invoice.id)).filter((p) => p.method === "card")).toEqual([]);
    }
    // An unknown checkout is acknowledged, and records nothing.
    expect(await (await deliver(hubPaid("cs_test_unknown", crypto.randomUUID(), 30_050))).json()).toMatchObject({
      result: "not-found",
    });
  });

  it("is not offered without card payments, and a post of it is a 404", async () => {
    const { token } = await owingCustomer();
    const loaded = await runRoute(hubLoader, new Request(`http://localhost/c/${token}`), { params: { token } });
    expect(await loaded.json()).toMatchObject({ balanceDue: 30_050, canPayAll: false });
    expect((await hubPost(token, { intent: "pay-all" })).status).toBe(404);
    expect(stripeServer.calls).toEqual([]);
  });
});

describe("when Stripe cannot be reached", () => {
  it("Pay deposit, Pay now and Pay all answer 502 with the page's message, and record nothing", async () => {
    setUpCardPayments();
    // A port nothing listens on: the SDK's connection fails (after its retries).
    const closed = await startStripeServer();
    await closed.close();
    config.STRIPE_API_URL = closed.url;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { token: estimateToken } = await approvedWithLink();
      const deposit = await runRoute(shareAction, formRequest(`http://localhost/e/${estimateToken}`, { intent: "pay-deposit" }), {
        params: { token: estimateToken },
      });
      expect(deposit.status).toBe(502);
      expect(await deposit.json()).toMatchObject({ problem: "share.invoice.payFailed" });

      const { user, invoice } = await unpaidInvoice();
      const invoiceToken = newShareToken();
      await (await getDb()).insert(invoiceShareTokens).values({ accountId: user.id, invoiceId: invoice.id, token: invoiceToken });
      const payNow = await runRoute(invoiceShareAction, formRequest(`http://localhost/i/${invoiceToken}`, { intent: "pay" }), {
        params: { token: invoiceToken },
      });
      expect(payNow.status).toBe(502);
      expect(await payNow.json()).toMatchObject({ problem: "share.invoice.payFailed" });

      const hub = await getOrCreateHub(user.id, invoice.customerId!);
      const payAll = await runRoute(hubAction, formRequest(`http://localhost/c/${hub!.token}`, { intent: "pay-all" }), {
        params: { token: hub!.token },
      });
      expect(payAll.status).toBe(502);
      expect(await payAll.json()).toMatchObject({ problem: "hub.payAll.failed" });
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([
        "Opening a Stripe Checkout Session for a deposit failed",
        "Opening a Stripe Checkout Session for an invoice failed",
        "Opening a Stripe Checkout Session for a Pay all failed",
      ]);
      expect(await listInvoicePayments(user.id, invoice.id)).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  }, 30_000);
});
