// The customer's invoice page (/i/{token}) and its link: the API that makes and revokes it,
// what the page shows, views, and "Pay now" through the Stripe SDK pointed at a loopback
// server, with the payment then reported by a signed webhook.
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createInvoice } from "#db/factories";
import { accountSettings, invoiceShareTokens } from "#db/schema";
import { getInvoiceShareLink } from "~/models/invoice-share.server";
import { recordPayment } from "~/models/payment.server";
import { action as shareApi } from "~/routes/api.invoices.$id.share/route";
import { action as pageAction, loader as pageLoader } from "~/routes/i.$token/route";
import { loader as pdfLoader } from "~/routes/i.$token.pdf/route";
import { action as webhookAction } from "~/routes/webhooks.stripe/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest, formRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";
import { startStripeServer } from "../../../test/stripe-server";

const config = env();
const saved = {
  key: config.STRIPE_SECRET_KEY,
  secret: config.STRIPE_WEBHOOK_SECRET,
  url: config.STRIPE_API_URL,
  app: config.APP_URL,
};
let stripeServer: Awaited<ReturnType<typeof startStripeServer>>;
beforeAll(async () => {
  stripeServer = await startStripeServer();
});
afterAll(() => stripeServer.close());
afterEach(() => {
  config.STRIPE_SECRET_KEY = saved.key;
  config.STRIPE_WEBHOOK_SECRET = saved.secret;
  config.STRIPE_API_URL = saved.url;
  config.APP_URL = saved.app;
});

async function sharedInvoice(total = 50_000) {
  // Before signing in: with an https APP_URL the session cookie has another name.
  config.APP_URL = "https://tradedesk.example";
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id, { name: "Ana Ruiz", email: "ana@example.com" });
  const invoice = await createInvoice(db, account.user.id, {
    customerId: customer.id,
    taxRate: 0,
    items: [{ description: "Rewire", quantity: 100, unitPrice: total }],
  });
  const response = await runRoute(
    shareApi,
    apiRequest(`http://localhost/api/invoices/${invoice.id}/share`, "POST", account.cookie),
    { params: { id: invoice.id } },
  );
  const body = (await response.json()) as { invoiceNumber: string; shareableLink: string };
  if (!body.shareableLink) throw new Error(`share: ${response.status} ${JSON.stringify(body)}`);
  const token = body.shareableLink.split("/i/")[1];
  return { ...account, db, invoice, body, token };
}

type Page = {
  balance: number;
  amountPaid: number;
  status: string;
  canPayByCard: boolean;
  paymentInstructions: string;
  payments: unknown[];
};
const page = async (token: string, cookie?: string) =>
  (
    await runRoute(pageLoader, new Request(`http://localhost/i/${token}`, { headers: cookie ? { Cookie: cookie } : {} }), {
      params: { token },
    })
  ).data as Page;

describe("an invoice's share link", () => {
  it("is made once, absolute from APP_URL, refused for another account, and revoked to a 404", async () => {
    const { user, cookie, invoice, body, token } = await sharedInvoice();
    expect(body).toEqual({ invoiceNumber: invoice.invoiceNumber, shareableLink: `https://tradedesk.example/i/${token}` });
    const again = await runRoute(shareApi, apiRequest(`http://localhost/api/invoices/${invoice.id}/share`, "POST", cookie), {
      params: { id: invoice.id },
    });
    expect(((await again.json()) as { shareableLink: string }).shareableLink).toBe(body.shareableLink);

    const other = await signedInAccount("Other");
    expect(other.cookie).not.toBe(cookie);
    for (const method of ["POST", "DELETE"]) {
      const answer = await runRoute(
        shareApi,
        apiRequest(`http://localhost/api/invoices/${invoice.id}/share`, method, other.cookie),
        { params: { id: invoice.id } },
      );
      expect(answer.status, method).toBe(404);
    }
    expect(await getInvoiceShareLink(user.id, invoice.id)).toBeDefined();

    const revoked = await runRoute(shareApi, apiRequest(`http://localhost/api/invoices/${invoice.id}/share`, "DELETE", cookie), {
      params: { id: invoice.id },
    });
    expect(revoked.status).toBe(200);
    const gone = await runRoute(pageLoader, new Request(`http://localhost/i/${token}`), { params: { token } });
    expect(gone.status).toBe(404);
    expect((await runRoute(pdfLoader, new Request(`http://localhost/i/${token}/pdf`), { params: { token } })).status).toBe(404);
  });

  it("shows the balance, the payments and the instructions; counts the customer's views, not the contractor's", async () => {
    const { user, cookie, db, invoice, token } = await sharedInvoice(50_000);
    await db
      .update(accountSettings)
      .set({ paymentInstructions: "Checks payable to Bluebonnet Electric" })
      .where(eq(accountSettings.accountId, user.id));
    await recordPayment(user.id, invoice.id, { amount: 20_000, method: "check" }, { notify: false });
    const seen = await page(token);
    expect(seen).toMatchObject({
      balance: 30_000,
      amountPaid: 20_000,
      status: "pending",
      canPayByCard: false,
      paymentInstructions: "Checks payable to Bluebonnet Electric",
    });
    expect(seen.payments).toHaveLength(1);
    await page(token, cookie);
    const link = await db.select().from(invoiceShareTokens).where(eq(invoiceShareTokens.token, token)).get();
    expect(link?.viewCount).toBe(1);

    const pdf = await runRoute(pdfLoader, new Request(`http://localhost/i/${token}/pdf`), { params: { token } });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("Pay now opens a Checkout Session for the balance; the signed webhook records it and the page says paid", async () => {
    config.STRIPE_SECRET_KEY = "sk_test_tradedesk";
    config.STRIPE_WEBHOOK_SECRET = "whsec_invoice_page";
    config.STRIPE_API_URL = stripeServer.url;
    const { user, invoice, token } = await sharedInvoice(50_000);
    await recordPayment(user.id, invoice.id, { amount: 10_000, method: "cash" }, { notify: false });
    expect(await page(token)).toMatchObject({ canPayByCard: true, balance: 40_000 });

    const answer = await runRoute(pageAction, formRequest(`https://tradedesk.example/i/${token}`, { intent: "pay" }), {
      params: { token },
    });
    expect(answer.status).toBe(302);
    const call = stripeServer.calls.at(-1)!;
    expect(call.form).toMatchObject({
      client_reference_id: invoice.id,
      "line_items[0][price_data][unit_amount]": "40000",
      customer_email: "ana@example.com",
      success_url: `https://tradedesk.example/i/${token}?payment=done`,
    });
    const sessionUrl = answer.headers.get("Location")!;
    expect(sessionUrl.startsWith(`${stripeServer.url}/pay/cs_test_`)).toBe(true);

    // Stripe reports the session paid.
    const sessionId = sessionUrl.split("/pay/")[1];
    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          client_reference_id: invoice.id,
          amount_total: 40_000,
          payment_status: "paid",
        },
      },
    });
    const signature = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: "whsec_invoice_page" });
    const hook = await runRoute(
      webhookAction,
      new Request("http://localhost/webhooks/stripe", {
        method: "POST",
        headers: { "Stripe-Signature": signature },
        body: payload,
      }),
    );
    expect(hook.status).toBe(200);
    expect(await page(token)).toMatchObject({ balance: 0, amountPaid: 50_000, status: "paid", canPayByCard: false });

    // Nothing left to pay: the button is gone and a stale post is refused.
    const stale = await runRoute(pageAction, formRequest(`https://tradedesk.example/i/${token}`, { intent: "pay" }), {
      params: { token },
    });
    expect(stale.status).toBe(409);
  });

  it("without card payments set up there is no Pay now, and a post gets the 404 a wrong token gets", async () => {
    config.STRIPE_SECRET_KEY = undefined;
    const { token } = await sharedInvoice();
    expect((await page(token)).canPayByCard).toBe(false);
    const answer = await runRoute(pageAction, formRequest(`http://localhost/i/${token}`, { intent: "pay" }), {
      params: { token },
    });
    expect(answer.status).toBe(404);
  });
});
