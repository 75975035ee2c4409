// A server on loopback that speaks the part of Stripe's HTTP API the app calls (Checkout
// Sessions), so the official SDK runs for real in tests without reaching the internet.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StripeCall {
  method: string;
  path: string;
  /** The form-encoded body, flattened: `line_items[0][price_data][unit_amount]` → "5000". */
  form: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export async function startStripeServer() {
  const calls: StripeCall[] = [];
  let sessions = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const path = (req.url ?? "").split("?")[0];
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
        return send(200, {
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
        });
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: origin(), calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
