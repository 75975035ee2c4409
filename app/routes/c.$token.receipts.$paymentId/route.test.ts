// A payment's PDF receipt from the customer's hub (/c/{token}/receipts/{paymentId}): no sign-in,
// the PDF's words read back with unpdf (the amount, the day in the account's time zone, the
// method and reference, the invoice, the balance after it), in the document language; the
// balance after follows the invoice's payments in the order they were received, without a
// deleted one; nothing of another customer or account, nor through a revoked link. The hub's
// payment rows link to their receipts.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { revokeHub } from "~/models/customer-hub.server";
import { deletePayment } from "~/models/payment.server";
import { paymentReceipt } from "~/models/receipt.server";
import * as hubPage from "~/routes/c.$token/route";
import { loader } from "~/routes/c.$token.receipts.$paymentId/route";
import { pdfText } from "../../../test/pdf-text";
import { pay, receiptAccount } from "../../../test/receipt-fixtures";
import { runRoute } from "../../../test/route";
import { loadContextFor } from "../../../server/load-context";

const receipt = (token: string, paymentId: string, cookie?: string) =>
  runRoute(loader, `/c/${token}/receipts/${paymentId}`, { params: { token, paymentId }, cookie });

/** The receipt's text; fails on anything but a PDF. */
async function receiptText(token: string, paymentId: string) {
  const response = await receipt(token, paymentId);
  expect(response.status).toBe(200);
  const body = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(body.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  return { response, text: await pdfText(body) };
}

/** "Balance after this payment $60.00" however PDF.js spaces the two columns. */
const row = (label: string, value: string) => new RegExp(`${escape(label)}\\s*${escape(value)}`);
const escape = (text: string) => text.replace(/[$()]/g, "\\$&");

describe("a payment's receipt from the customer's hub", () => {
  it("is a PDF anyone with the hub link can download, with the payment, the invoice and the balance after it", async () => {
    const s = await receiptAccount();
    // No cookie: the customer has no account.
    const { response, text } = await receiptText(s.hubToken, s.check.id);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="Receipt-${s.invoice.invoiceNumber}-2.pdf"`);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Cache-Control")).toMatch(/^private\b/);
    for (const words of [
      "Volt Electric",
      "RECEIPT",
      `${s.invoice.invoiceNumber}-2`,
      "Ana Ruiz",
      "12 Elm St",
      "Service call",
      s.invoice.invoiceNumber,
      // 03:30 UTC on March 1st is still February 28th in Chicago.
      "Feb 28, 2025",
      "Check",
      "Reference: 1042",
      "$50.00",
      "Thank you for your payment!",
    ])
      expect(text).toContain(words);
    expect(text).not.toContain("Mar 01, 2025");
    expect(text).toMatch(row("Amount received", "$50.00"));
    expect(text).toMatch(row("Invoice total", "$150.00"));
    expect(text).toMatch(row("Paid to date", "$90.00"));
    expect(text).toMatch(row("Balance after this payment", "$60.00"));
    expect(text).not.toContain("PAID IN FULL");
  });

  it("numbers and balances the payments in the order they were received, not recorded", async () => {
    const s = await receiptAccount();
    const { response, text } = await receiptText(s.hubToken, s.cash.id);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="Receipt-${s.invoice.invoiceNumber}-1.pdf"`);
    expect(text).toContain("Feb 20, 2025");
    expect(text).toContain("Cash");
    expect(text).not.toContain("Reference");
    expect(text).toMatch(row("Paid to date", "$40.00"));
    expect(text).toMatch(row("Balance after this payment", "$110.00"));
    // The data behind it, in cents.
    const loaded = await paymentReceipt(s.user.id, s.check.id, { customerId: s.ana.id });
    expect(loaded?.receipt).toMatchObject({
      number: `${s.invoice.invoiceNumber}-2`,
      sequence: 2,
      paidToDate: 9_000,
      balanceAfter: 6_000,
    });
  });

  it("leaves a deleted payment out: the later one moves up and its balance after goes back up", async () => {
    const s = await receiptAccount();
    await deletePayment(s.user.id, s.cash.id);
    expect((await receipt(s.hubToken, s.cash.id)).status).toBe(404);
    const { response, text } = await receiptText(s.hubToken, s.check.id);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="Receipt-${s.invoice.invoiceNumber}-1.pdf"`);
    expect(text).toMatch(row("Paid to date", "$50.00"));
    expect(text).toMatch(row("Balance after this payment", "$100.00"));
  });

  it("says paid in full at a zero balance, and shows money above the total as a credit, never a negative balance", async () => {
    const s = await receiptAccount();
    const rest = await pay(s.user.id, s.invoice.id, {
      amount: 6_000,
      method: "bank_transfer",
      receivedAt: new Date("2025-03-05T15:00:00Z"),
    });
    const over = await pay(s.user.id, s.invoice.id, {
      amount: 2_550,
      method: "card",
      receivedAt: new Date("2025-03-06T15:00:00Z"),
    });
    const full = await receiptText(s.hubToken, rest.id);
    expect(full.text).toContain("PAID IN FULL");
    expect(full.text).toContain("Bank transfer");
    expect(full.text).toMatch(row("Balance after this payment", "$0.00"));
    expect(full.text).not.toContain("Credit");
    const credit = await receiptText(s.hubToken, over.id);
    expect(credit.text).toContain("PAID IN FULL");
    expect(credit.text).toMatch(row("Paid to date", "$175.50"));
    expect(credit.text).toMatch(row("Balance after this payment", "$0.00"));
    expect(credit.text).toMatch(row("Credit (overpaid)", "$25.50"));
    expect(credit.text).not.toContain("-$");
    expect((await paymentReceipt(s.user.id, over.id, { customerId: s.ana.id }))?.receipt.balanceAfter).toBe(-2_550);
  });

  it("reads in Spanish, with Spanish dates and money, when the document language is Spanish", async () => {
    const s = await receiptAccount({ documentLanguage: "es", appLanguage: "en", currency: "EUR" });
    const { response, text } = await receiptText(s.hubToken, s.check.id);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="Recibo-${s.invoice.invoiceNumber}-2.pdf"`);
    // es-US writes euros "EUR 50.00" (en-US "€50.00"); PDF.js reads its no-break space as a space.
    const money = (cents: number) => formatMoney(cents, "es", "EUR").replace(/\s/gu, " ");
    expect(money(5_000)).toBe("EUR 50.00");
    for (const words of [
      "RECIBO",
      "Número de recibo",
      "RECIBIDO DE",
      "28 feb 2025",
      "Cheque",
      "Referencia: 1042",
      "¡Gracias por su pago!",
      money(5_000),
    ])
      expect(text).toContain(words);
    expect(text).toMatch(row("Saldo tras este pago", money(6_000)));
    expect(text).toMatch(row("Total de la factura", money(15_000)));
    for (const english of ["Receipt", "Check", "Balance after", "Feb 28", formatMoney(5_000, "en", "EUR")])
      expect(text).not.toContain(english);
  });

  it("answers 404 for another customer's or account's payment, a revoked link and malformed ids", async () => {
    const s = await receiptAccount();
    const notFound = async (token: string, paymentId: string, cookie?: string) => {
      const response = await receipt(token, paymentId, cookie);
      expect(response.status, `${token} ${paymentId}`).toBe(404);
      expect(await response.text()).toBe("Not Found");
    };
    // Same account, another customer; another account (even signed in as its owner).
    await notFound(s.hubToken, s.bobPayment.id);
    await notFound(s.hubToken, s.carlPayment.id);
    await notFound(s.hubToken, s.carlPayment.id, s.other.cookie);
    await notFound(s.otherHubToken, s.check.id);
    // Unknown and malformed ids and tokens.
    for (const id of [crypto.randomUUID(), "not-an-id!", "../receipts", "x".repeat(200), ""]) await notFound(s.hubToken, id);
    await notFound("A".repeat(43), s.check.id);
    await notFound(`${s.hubToken.slice(0, -1)}!`, s.check.id);
    await notFound(s.invoiceToken, s.check.id);
    // The customer's other invoice is theirs too.
    expect((await receipt(s.hubToken, s.heaterPayment.id)).status).toBe(200);
    // Revoked: 404 at once.
    await revokeHub(s.user.id, s.ana.id);
    await notFound(s.hubToken, s.check.id);
  });

  it("is linked from each payment row of the hub", async () => {
    const s = await receiptAccount();
    const handler = createStaticHandler([
      {
        id: "hub",
        path: "/c/:token",
        loader: (args) => hubPage.loader({ ...args, context: loadContextFor("GET", "test") }),
        Component: hubPage.default,
      },
    ]);
    const context = await handler.query(new Request(`http://localhost/c/${s.hubToken}`));
    if (context instanceof Response) throw new Error(`answered ${context.status}`);
    const page = renderToString(
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
    );
    for (const payment of [s.check, s.cash, s.heaterPayment])
      expect(page).toContain(`href="/c/${s.hubToken}/receipts/${payment.id}"`);
    expect(page).not.toContain(s.bobPayment.id);
    expect(page.match(/>Receipt \(PDF\)</g)).toHaveLength(3);
    expect(page).toContain('aria-label="Receipt (PDF) for $50.00 received Feb 28, 2025"');
  });
});
