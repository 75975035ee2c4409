// A payment's PDF receipt from the customer's invoice page (/i/{token}/receipts/{paymentId}):
// no sign-in, the same receipt as the hub's, and only for the payments of that invoice (not the
// customer's other invoices, not another account's); a revoked link is a 404 at once. The
// page's payments link to their receipts.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { revokeInvoiceShareLink } from "~/models/invoice-share.server";
import { deletePayment } from "~/models/payment.server";
import * as invoicePage from "~/routes/i.$token/route";
import { loader } from "~/routes/i.$token.receipts.$paymentId/route";
import { pdfText } from "../../../test/pdf-text";
import { receiptAccount } from "../../../test/receipt-fixtures";
import { runRoute } from "../../../test/route";
import { loadContextFor } from "../../../server/load-context";

const receipt = (token: string, paymentId: string, cookie?: string) =>
  runRoute(loader, `/i/${token}/receipts/${paymentId}`, { params: { token, paymentId }, cookie });

async function receiptPdf(token: string, paymentId: string) {
  const response = await receipt(token, paymentId);
  expect(response.status).toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return { response, body, text: await pdfText(body) };
}

/** A 2×2 blue PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQ9bsBRAwQCgAgdgUNo98pLgAAAABJRU5ErkJggg==",
  "base64",
);

describe("a payment's receipt from the customer's invoice page", () => {
  it("is the invoice payment's PDF receipt, with no sign-in, the company's logo and the balance after it", async () => {
    const s = await receiptAccount({ logo: PNG, logoMimeType: "image/png", logoUpdatedAt: new Date() });
    const { response, body, text } = await receiptPdf(s.invoiceToken, s.check.id);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="Receipt-${s.invoice.invoiceNumber}-2.pdf"`);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Cache-Control")).toMatch(/^private\b/);
    expect(body.toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
    for (const words of ["Volt Electric", "RECEIPT", "Ana Ruiz", s.invoice.invoiceNumber, "Feb 28, 2025", "Check", "$50.00"])
      expect(text).toContain(words);
    expect(text).toMatch(/Balance after this payment\s*\$60\.00/);
    // The earlier payment, and after it is deleted, the later one alone.
    expect((await receiptPdf(s.invoiceToken, s.cash.id)).text).toMatch(/Balance after this payment\s*\$110\.00/);
    await deletePayment(s.user.id, s.cash.id);
    expect((await receiptPdf(s.invoiceToken, s.check.id)).text).toMatch(/Balance after this payment\s*\$100\.00/);
  });

  it("draws no image without a logo", async () => {
    const s = await receiptAccount();
    expect((await receiptPdf(s.invoiceToken, s.check.id)).body.toString("latin1")).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it("answers 404 for a payment on another invoice, of another customer or account, a revoked link and malformed ids", async () => {
    const s = await receiptAccount();
    const notFound = async (token: string, paymentId: string, cookie?: string) => {
      const response = await receipt(token, paymentId, cookie);
      expect(response.status, `${token} ${paymentId}`).toBe(404);
      expect(await response.text()).toBe("Not Found");
    };
    // The same customer's other invoice: not this page's.
    await notFound(s.invoiceToken, s.heaterPayment.id);
    await notFound(s.invoiceToken, s.bobPayment.id);
    await notFound(s.invoiceToken, s.carlPayment.id);
    await notFound(s.invoiceToken, s.carlPayment.id, s.other.cookie);
    for (const id of [crypto.randomUUID(), "not-an-id!", "x".repeat(200), ""]) await notFound(s.invoiceToken, id);
    await notFound(s.hubToken, s.check.id);
    await notFound(`${s.invoiceToken.slice(0, -1)}!`, s.check.id);
    await revokeInvoiceShareLink(s.user.id, s.invoice.id);
    await notFound(s.invoiceToken, s.check.id);
  });

  it("is in the document language", async () => {
    const s = await receiptAccount({ documentLanguage: "es", appLanguage: "en" });
    const { response, text } = await receiptPdf(s.invoiceToken, s.cash.id);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="Recibo-${s.invoice.invoiceNumber}-1.pdf"`);
    expect(text).toContain("Efectivo");
    expect(text).toContain("20 feb 2025");
    expect(text).toMatch(/Saldo tras este pago\s*\$110\.00/);
    expect(text).not.toContain("Receipt");
  });

  it("is linked from each payment on the invoice page", async () => {
    const s = await receiptAccount();
    const handler = createStaticHandler([
      {
        id: "invoice",
        path: "/i/:token",
        loader: (args) => invoicePage.loader({ ...args, context: loadContextFor("GET", "test") }),
        Component: invoicePage.default,
      },
    ]);
    const context = await handler.query(new Request(`http://localhost/i/${s.invoiceToken}`));
    if (context instanceof Response) throw new Error(`answered ${context.status}`);
    const page = renderToString(
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
    );
    for (const payment of [s.check, s.cash]) expect(page).toContain(`href="/i/${s.invoiceToken}/receipts/${payment.id}"`);
    // Only this invoice's payments.
    expect(page).not.toContain(s.heaterPayment.id);
    expect(page.match(/>Receipt \(PDF\)</g)).toHaveLength(2);
  });
});
