// Real PDFs for estimates and invoices, read back with unpdf (PDF.js from npm).
import { readFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { Document, Page, renderToBuffer, Text } from "@react-pdf/renderer";
import { createElement } from "react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { accountSettings } from "#db/schema";
import { formatMoney } from "~/lib/money";
import { recordPayment } from "~/models/payment.server";
import { decideSharedEstimate, getOrCreateShareLink } from "~/models/share.server";
import { getSettings } from "~/models/settings.server";
import { loader as estimatePdfLoader } from "~/routes/app.estimates.$estimateId.pdf/route";
import { loader as invoicePdfLoader } from "~/routes/app.invoices.$invoiceId.pdf/route";
import { getDb } from "~/infrastructure/db.server";
import { estimatePdf, invoicePdf, pdfLogo } from "./pdf.server";
import { signedInAccount } from "../../test/accounts";
import { pdfPages, pdfText, pdfTextItems } from "../../test/pdf-text";
import { runRoute } from "../../test/route";

/** A small solid PNG, built by hand (no image library needed). */
function png(width = 8, height = 8): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function account(settings: Partial<typeof accountSettings.$inferInsert> = {}) {
  const signedIn = await signedInAccount();
  await getSettings(signedIn.user.id);
  const db = await getDb();
  await db
    .update(accountSettings)
    .set({ companyName: "Sparks & Sons Electric", ...settings })
    .where(eq(accountSettings.accountId, signedIn.user.id));
  const customer = await createCustomer(db, signedIn.user.id, {
    name: "José Peña Núñez",
    address: "12 Elm St",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
  });
  return { ...signedIn, customer, db };
}

const LINES = [
  { description: "Panel upgrade, 200A", quantity: 100, unitPrice: 185_000 },
  { description: "Dedicated circuit for the range", quantity: 250, unitPrice: 12_550 },
  { description: "Permit and inspection", quantity: 100, unitPrice: 7_500 },
];

describe("estimate and invoice PDFs", () => {
  it("renders an estimate: number, customer, items, formatted total and terms", async () => {
    const { user, customer, db } = await account();
    const estimate = await createEstimate(db, user.id, {
      customerId: customer.id,
      items: LINES,
      validUntil: null,
      notes: "Includes cleanup.",
    });
    const file = await estimatePdf(user.id, estimate.id);
    expect(file?.filename).toBe(`${estimate.estimateNumber}.pdf`);
    expect(file!.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(file!.body);
    expect(text).toContain("ESTIMATE");
    expect(text).toContain(estimate.estimateNumber);
    expect(text).toContain("José Peña Núñez");
    expect(text).toContain("Sparks & Sons Electric");
    expect(text).toContain("Dedicated circuit for the range");
    expect(text).toContain(formatMoney(estimate.total));
    expect(text).toContain("$2,238.75");
    expect(text).toContain("Tax (8.25%)");
    expect(text).toContain("Valid until 30 days from date.");
    expect(text).toContain("This estimate is valid for 30 days");
    expect(text).toContain("Includes cleanup.");
    expect(text).toContain("Page 1 of 1");
  });

  it("renders an invoice with its due date, payment terms and paid stamp", async () => {
    const { user, customer, db } = await account();
    const invoice = await createInvoice(db, user.id, {
      customerId: customer.id,
      items: LINES,
      createdAt: new Date("2025-06-01T15:00:00Z"),
      dueDate: "2025-07-01",
      status: "paid",
      paidDate: new Date("2025-06-20T15:00:00Z"),
    });
    const file = await invoicePdf(user.id, invoice.id);
    expect(file?.filename).toBe(`${invoice.invoiceNumber}.pdf`);
    expect(file!.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(file!.body);
    expect(text).toContain("INVOICE");
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain("José Peña Núñez");
    expect(text).toContain(formatMoney(invoice.total));
    expect(text).toContain("Jun 01, 2025");
    expect(text).toContain("Jul 01, 2025");
    expect(text).toContain("Jun 20, 2025");
    expect(text).toContain("PAID");
    expect(text).toContain("Payment is due within 30 days, by Jul 01, 2025.");
    expect(text).toContain("1.5% per month");
  });

  it("ends an invoice on its balance once something is paid: the total, what was paid, what is left", async () => {
    const { user, customer, db } = await account({ documentLanguage: "es" });
    const invoice = await createInvoice(db, user.id, {
      customerId: customer.id,
      items: LINES,
      status: "pending",
      dueDate: "2099-01-15",
    });
    const unpaid = (await pdfText((await invoicePdf(user.id, invoice.id))!.body)).replace(/\s+/g, " ");
    expect(unpaid).toContain(`Importe a pagar ${formatMoney(invoice.total, "es")}`);
    expect(unpaid).not.toContain("Saldo pendiente");

    expect((await recordPayment(user.id, invoice.id, { amount: 100_000, method: "check" })).status).toBe("recorded");
    const partial = (await pdfText((await invoicePdf(user.id, invoice.id))!.body)).replace(/\s+/g, " ");
    expect(partial).toContain(`Total ${formatMoney(invoice.total, "es")}`);
    expect(partial).toContain(`Pagado ${formatMoney(100_000, "es")}`);
    expect(partial).toContain(`Saldo pendiente ${formatMoney(invoice.total - 100_000, "es")}`);
    expect(partial).not.toContain("Importe a pagar");
  });

  it("prints the customer's typed signature and the day on an estimate approved on its page", async () => {
    const { user, customer, db } = await account({ timeZone: "America/Chicago" });
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, items: LINES, validUntil: "2099-01-31" });
    const unsigned = (await pdfText((await estimatePdf(user.id, estimate.id))!.body)).replace(/\s+/g, " ");
    expect(unsigned).not.toContain("María López");
    const token = (await getOrCreateShareLink(user.id, estimate.id))!.link.token;
    // 03:00 UTC on June 2 is still June 1 in Chicago.
    const at = new Date("2026-06-02T03:00:00Z");
    expect((await decideSharedEstimate(token, { kind: "approve", signature: "María López", message: null }, at)).status).toBe(
      "approved",
    );
    const signed = (await pdfText((await estimatePdf(user.id, estimate.id))!.body)).replace(/\s+/g, " ");
    expect(signed).toContain("María López Accepted by Jun 01, 2026 Date");
  });

  it("speaks the document language: Spanish headings with their accents", async () => {
    const { user, customer, db } = await account({ documentLanguage: "es", appLanguage: "en" });
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, items: LINES });
    const invoice = await createInvoice(db, user.id, { fromEstimate: estimate.id, status: "pending", dueDate: "2099-01-15" });
    const estimateText = await pdfText((await estimatePdf(user.id, estimate.id))!.body);
    expect(estimateText).toContain("PRESUPUESTO");
    expect(estimateText).toContain("Descripción");
    expect(estimateText).toContain("TÉRMINOS Y CONDICIONES");
    expect(estimateText).toContain("Página 1 de 1");
    expect(estimateText).toContain(formatMoney(estimate.total, "es"));
    const invoiceText = await pdfText((await invoicePdf(user.id, invoice.id))!.body);
    expect(invoiceText).toContain("FACTURA");
    expect(invoiceText).toContain("FACTURAR A");
    expect(invoiceText).toContain("Fecha de vencimiento");
    expect(invoiceText).toContain("15 ene 2099");
    expect(invoiceText).toContain("El pago vence dentro de 30 días");
    // The default terms, stored in English at sign-up, print in the document language.
    const flat = (text: string) => text.replace(/\s+/g, " ");
    expect(flat(invoiceText)).toContain("Se aplicará un recargo del 1.5% mensual");
    expect(flat(invoiceText)).not.toContain("service charge");
    expect(flat(estimateText)).toContain("Los precios pueden cambiar después de esa fecha.");
  });

  it("draws the company logo when one is set (PNG or JPEG)", async () => {
    const logo = png();
    const { user, customer, db } = await account({ logo, logoMimeType: "image/png", logoUpdatedAt: new Date() });
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, items: LINES });
    const withLogo = (await estimatePdf(user.id, estimate.id))!.body.toString("latin1");
    expect(withLogo).toMatch(/\/Subtype\s*\/Image/);
    expect(pdfLogo({ logo, logoMimeType: "image/webp" })).toBeNull();
    expect(pdfLogo({ logo: null, logoMimeType: null })).toBeNull();
  });

  it("runs onto more pages when there are many lines, numbering each page of the whole", async () => {
    const { user, customer, db } = await account();
    const items = Array.from({ length: 45 }, (_, i) => ({ description: `Line ${i + 1}`, quantity: 100, unitPrice: 1_000 }));
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, items });
    const pages = await pdfPages((await estimatePdf(user.id, estimate.id))!.body);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page.match(/Page \d+ of \d+/g)).toHaveLength(1);
    });
    // Every line once, in order, across the pages: the split loses and repeats none.
    const lines = pages.join("\n").match(/Line \d+/g);
    expect(lines).toEqual(items.map((item) => item.description));
    // The table's header repeats on the pages the rows run over.
    expect(pages[1]).toContain("Description");
    // Each page's number sits in its footer, below every line of the page.
    const placed = await pdfTextItems((await estimatePdf(user.id, estimate.id))!.body);
    for (let page = 1; page <= pages.length; page++) {
      const onPage = placed.filter((item) => item.page === page);
      const number = onPage.find((item) => item.text.includes(`Page ${page} of`));
      expect(number!.y).toBeLessThan(40);
      const lowestLine = Math.min(...onPage.filter((item) => /^Line \d+$/.test(item.text)).map((item) => item.y));
      expect(lowestLine).toBeGreaterThan(number!.y + 20);
    }
  });

  it("numbers the pages in the document language", async () => {
    const { user, customer, db } = await account();
    await db.update(accountSettings).set({ documentLanguage: "es" }).where(eq(accountSettings.accountId, user.id));
    const items = Array.from({ length: 45 }, (_, i) => ({ description: `Línea ${i + 1}`, quantity: 100, unitPrice: 1_000 }));
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, items });
    const pages = await pdfPages((await estimatePdf(user.id, estimate.id))!.body);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Página ${i + 1} de ${pages.length}`));
  });

  // react-pdf is changed at install (patches/@react-pdf+layout+5.2.0.patch, decisions 024 and
  // 026): a `render` node in an absolutely placed box on the page is resolved once the pages
  // are known, in its box alone. One in the flow must still be resolved as the library does.
  it("still resolves page-numbered text in the flow at every page, with the installed react-pdf change", async () => {
    const installed = (file: string) => readFileSync(path.resolve("node_modules", file), "utf8");
    expect(installed("@react-pdf/layout/lib/index.js")).toContain("tradedesk-patch: page numbers resolved in their own boxes");
    const rows = Array.from({ length: 80 }, (_, i) => `Row ${i + 1}`);
    const pdf = await renderToBuffer(
      createElement(
        Document,
        null,
        createElement(
          Page,
          { size: "LETTER", style: { padding: 40, fontSize: 10 } },
          createElement(Text, {
            fixed: true,
            render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
              `Flowing header ${pageNumber} of ${totalPages}`,
          }),
          ...rows.map((row) => createElement(Text, { key: row, style: { paddingVertical: 4 } }, row)),
        ),
      ),
    );
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Flowing header ${i + 1} of ${pages.length}`));
    expect(pages.join("\n").match(/Row \d+/g)).toEqual(rows);
  });

  it("downloads as an attachment named after the number; another account's id is 404", async () => {
    const { user, cookie, customer, db } = await account();
    const other = await signedInAccount();
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, items: LINES });
    const invoice = await createInvoice(db, user.id, { customerId: customer.id, items: LINES });

    const estimateResponse = await runRoute(estimatePdfLoader, `http://localhost/app/estimates/${estimate.id}/pdf`, {
      cookie,
      params: { estimateId: estimate.id },
    });
    expect(estimateResponse.status).toBe(200);
    expect(estimateResponse.headers.get("Content-Type")).toBe("application/pdf");
    expect(estimateResponse.headers.get("Content-Disposition")).toBe(`attachment; filename="${estimate.estimateNumber}.pdf"`);
    expect(
      Buffer.from(await estimateResponse.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe("%PDF");

    const invoiceResponse = await runRoute(invoicePdfLoader, `http://localhost/app/invoices/${invoice.id}/pdf`, {
      cookie,
      params: { invoiceId: invoice.id },
    });
    expect(invoiceResponse.headers.get("Content-Disposition")).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);

    expect(
      (await runRoute(estimatePdfLoader, "http://localhost/x", { cookie: other.cookie, params: { estimateId: estimate.id } }))
        .status,
    ).toBe(404);
    expect(
      (await runRoute(invoicePdfLoader, "http://localhost/x", { cookie: other.cookie, params: { invoiceId: invoice.id } }))
        .status,
    ).toBe(404);
  });
});
