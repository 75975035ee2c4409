// A server on loopback that speaks the part of Stripe's HTTP API the app calls (Checkout
// Sessions), so the official SDK runs for real in tests without reaching the internet. Given
// the app's webhook address and secret, it also stands in for Stripe's hosted checkout page:
// GET /pay/{session} shows the amount and a Pay button; POST /pay/{session} marks the session
// paid, delivers `checkout.session.completed` to the webhook signed as Stripe signs it, and
// sends the browser back to the session's success_url.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface StripeCall {
  method: string;
  path: string;
  /** The form-encoded body, flattened: `line_items[0][price_data][unit_amount]` → "5000". */
  form: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface CheckoutPage {
  /** The app's POST /webhooks/stripe. */
  webhookUrl: string;
  /** The app's STRIPE_WEBHOOK_SECRET. */
  webhookSecret: string;
}

export async function startStripeServer(checkoutPage?: CheckoutPage) {
  const calls: StripeCall[] = [];
  let sessions = 0;
  const created = new Map<string, Record<string, unknown>>();
  const signer = new Stripe("sk_test_signer");
  const page = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><title>Checkout</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`,
    );
  };
  /** The hosted page: the session's amount and a Pay button (a plain form: no JavaScript needed). */
  async function hostedPage(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const id = path.slice("/pay/".length);
    const session = created.get(id);
    if (!checkoutPage || !session) return page(res, 404, "<h1>No such checkout</h1>");
    const amount = `${String(session.currency).toUpperCase()} ${(Number(session.amount_total) / 100).toFixed(2)}`;
    if (req.method === "GET") {
      return page(
        res,
        200,
        `<main><h1>Pay ${amount}</h1><p data-testid="checkout-name">${String(session.line_item_name)}</p>` +
          `<form method="post"><button type="submit">Pay ${amount}</button></form></main>`,
      );
    }
    const paid = { ...session, status: "complete", payment_status: "paid" };
    delete (paid as Record<string, unknown>).line_item_name;
    const payload = JSON.stringify({
      id: `evt_${id}`,
      object: "event",
      type: "checkout.session.completed",
      data: { object: paid },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: checkoutPage.webhookSecret });
    const delivered = await fetch(checkoutPage.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
    if (!delivered.ok) return page(res, 502, `<h1>The webhook answered ${delivered.status}</h1>`);
    res.writeHead(303, { Location: String(session.success_url) });
    res.end();
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0];
      if (path.startsWith("/pay/")) {
        hostedPage(req, res, path).catch((error: unknown) => page(res, 500, `<h1>${String(error)}</h1>`));
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      calls.push({ method: req.method ?? "", path, form, headers: req.headers });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${calls.length}` });
        res.end(JSON.stringify(body));
      };
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_test_")) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${++sessions}_${Math.random().toString(36).slice(2, 10)}`;
        const amount = Number(form["line_items[0][price_data][unit_amount]"]) * Number(form["line_items[0][quantity]"] ?? 1);
        const session = {
          id,
          object: "checkout.session",
          mode: form.mode,
          status: "open",
          payment_status: "unpaid",
          amount_total: amount,
          currency: form["line_items[0][price_data][currency]"],
          client_reference_id: form.client_reference_id ?? null,
          customer_email: form.customer_email ?? null,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          url: `${origin()}/pay/${id}`,
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([key]) => key.startsWith("metadata["))
              .map(([key, value]) => [key.slice(9, -1), value]),
          ),
        };
        created.set(id, { ...session, line_item_name: form["line_items[0][price_data][product_data][name]"] });
        return send(200, session);
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: origin(), calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
