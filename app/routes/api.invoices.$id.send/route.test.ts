// Sending an invoice by e-mail through a real SMTP server on loopback: the amount still due,
// the due date, the link to the invoice page and the PDF, in the document language; the
// refusals; and the invoice remembering it was sent.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createInvoice } from "#db/factories";
import { accountSettings, invoices } from "#db/schema";
import { getInvoiceShareLink } from "~/models/invoice-share.server";
import { recordPayment } from "~/models/payment.server";
import { getSettings } from "~/models/settings.server";
import { action as sendApi } from "~/routes/api.invoices.$id.send/route";
import { action as sendScreen } from "~/routes/app.invoices.$invoiceId.send/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "../../../test/accounts";
import { decodeWords, findPart, parseMime } from "../../../test/mime";
import { pdfText } from "../../../test/pdf-text";
import { apiRequest, formRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";
import { startSmtpServer } from "../../../test/smtp-server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const config = env();
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
afterEach(() => {
  config.SMTP_URL = undefined;
  config.APP_URL = undefined;
  smtp.received.length = 0;
});

async function invoiceFor(options: { language?: "en" | "es"; email?: string | null } = {}) {
  config.SMTP_URL = smtp.url;
  config.APP_URL = "https://tradedesk.example";
  const account = await signedInAccount("Casey Contractor");
  const db = await getDb();
  await getSettings(account.user.id);
  await db
    .update(accountSettings)
    .set({
      companyName: "Bluebonnet Eléctrica",
      email: "office@bluebonnet.test",
      phone: "(512) 555-0199",
      documentLanguage: options.language ?? "en",
    })
    .where(eq(accountSettings.accountId, account.user.id));
  const customer = await createCustomer(db, account.user.id, {
    name: "Ana Ruiz",
    email: options.email === undefined ? "ana@example.com" : options.email,
  });
  const invoice = await createInvoice(db, account.user.id, {
    customerId: customer.id,
    taxRate: 0,
    dueDate: "2026-12-24",
    items: [{ description: "Panel upgrade", quantity: 100, unitPrice: 120_000 }],
  });
  return { ...account, db, invoice };
}

const send = (cookie: string | null, id: string) =>
  runRoute(sendApi, apiRequest(`https://tradedesk.example/api/invoices/${id}/send`, "POST", cookie), { params: { id } });

describe("sending an invoice", () => {
  it("e-mails the amount still due, the due date, the link to its page and the PDF, and remembers it", async () => {
    const { user, cookie, db, invoice } = await invoiceFor();
    await recordPayment(user.id, invoice.id, { amount: 20_000, method: "check" }, { notify: false });
    const response = await send(cookie, invoice.id);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      sender: "Bluebonnet Eléctrica <office@bluebonnet.test>",
      recipient: "ana@example.com",
    });

    expect(smtp.received).toHaveLength(1);
    const message = parseMime(smtp.received[0].raw);
    expect(decodeWords(message.headers.get("subject") ?? "")).toBe(`Invoice ${invoice.invoiceNumber} from Bluebonnet Eléctrica`);
    const link = await getInvoiceShareLink(user.id, invoice.id);
    const url = `https://tradedesk.example/i/${link!.token}`;
    const text = findPart(message, "text/plain")!.body.toString("utf8");
    expect(text).toContain("Hello Ana Ruiz,");
    expect(text).toContain("Amount due: $1,000.00");
    expect(text).toContain("Due by Dec 24, 2026.");
    expect(text).toContain(url);
    expect(findPart(message, "text/html")!.body.toString("utf8")).toContain(`href="${url}"`);
    const pdf = findPart(message, "application/pdf");
    expect(await pdfText(pdf!.body)).toContain(invoice.invoiceNumber);

    const row = await db
      .select({ sentAt: invoices.sentAt, sentTo: invoices.sentTo })
      .from(invoices)
      .where(eq(invoices.id, invoice.id))
      .get();
    expect(row).toMatchObject({ sentAt: expect.any(Date), sentTo: "ana@example.com" });
  });

  it("writes in the document language", async () => {
    const { cookie, invoice } = await invoiceFor({ language: "es" });
    expect((await send(cookie, invoice.id)).status).toBe(200);
    const message = parseMime(smtp.received[0].raw);
    expect(decodeWords(message.headers.get("subject") ?? "")).toBe(`Factura ${invoice.invoiceNumber} de Bluebonnet Eléctrica`);
    const text = findPart(message, "text/plain")!.body.toString("utf8");
    expect(text).toContain("Hola, Ana Ruiz:");
    expect(text).toContain("Importe pendiente:");
  });

  it("refuses a customer without an e-mail (400, the screen's message too), another account's invoice (404), and sends nothing", async () => {
    const { cookie, db, invoice } = await invoiceFor({ email: null });
    const response = await send(cookie, invoice.id);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Customer email required" });
    const screen = await runRoute(
      sendScreen,
      formRequest(`https://tradedesk.example/app/invoices/${invoice.id}/send`, {}, { Cookie: cookie }),
      { params: { invoiceId: invoice.id } },
    );
    expect(screen.status).toBe(400);
    expect(screen.data).toEqual({ problem: "estimates.emailRequired" });
    const other = await signedInAccount("Other");
    expect((await send(other.cookie, invoice.id)).status).toBe(404);
    expect(smtp.received).toHaveLength(0);
    expect(
      (await db.select({ sentAt: invoices.sentAt }).from(invoices).where(eq(invoices.id, invoice.id)).get())?.sentAt,
    ).toBeNull();
  });

  it("the screen's send goes back to the list with a toast", async () => {
    const { cookie, invoice } = await invoiceFor();
    const answer = await runRoute(
      sendScreen,
      formRequest(`https://tradedesk.example/app/invoices/${invoice.id}/send?q=panel`, {}, { Cookie: cookie }),
      { params: { invoiceId: invoice.id } },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/app/invoices?q=panel");
    expect(smtp.received).toHaveLength(1);
  });

  it("the screen's reminders box: ticked, the invoice gets reminders; unticked (nothing sent), it does not", async () => {
    const { cookie, db, invoice } = await invoiceFor();
    const remindersOff = async () =>
      (await db.select({ off: invoices.remindersOff }).from(invoices).where(eq(invoices.id, invoice.id)).get())?.off;
    const post = (fields: Record<string, string>) =>
      runRoute(sendScreen, formRequest(`https://tradedesk.example/app/invoices/${invoice.id}/send`, fields, { Cookie: cookie }), {
        params: { invoiceId: invoice.id },
      });
    expect((await post({})).status).toBe(302);
    expect(await remindersOff()).toBe(true);
    expect((await post({ reminders: "on" })).status).toBe(302);
    expect(await remindersOff()).toBe(false);
  });
});
