// Sending estimates by e-mail, through a real SMTP server on loopback (smtp-server) and
// through the data/outbox/ fallback; the messages are read back as MIME. Then the document
// e-mails themselves, as estimateMail and invoiceMail compose them.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { accountSettings, estimates } from "#db/schema";
import { today } from "~/lib/clock";
import { getSettings } from "~/models/settings.server";
import { getShareLink } from "~/models/share.server";
import { action as sendApi, loader as sendApiLoader } from "~/routes/api.estimates.$id.send/route";
import { action as shareApi } from "~/routes/api.estimates.$id.share/route";
import { action as sendScreen } from "~/routes/app.estimates.$estimateId.send/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "../../test/accounts";
import { startSmtpServer, type ReceivedMail } from "../../test/smtp-server";
import { decodeWords, findPart, parseMime, type MimePart } from "../../test/mime";
import { pdfText } from "../../test/pdf-text";
import { apiRequest, formRequest } from "../../test/requests";
import { runRoute } from "../../test/route";
import { estimateMail, invoiceMail, sendMail } from "./mail.server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smtpUrl = "";
let received: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: (address) => address.endsWith("@refused.test") });
  smtpUrl = smtp.url;
  received = smtp.received;
});

afterAll(() => smtp.close());

const config = env();
afterEach(() => {
  config.SMTP_URL = undefined;
  config.MAIL_FROM = undefined;
  config.APP_URL = undefined;
  received.length = 0;
});

const LINES = [
  { description: "Main panel upgrade, 200A", quantity: 100, unitPrice: 185000 },
  { description: "Dedicated 20A circuit", quantity: 250, unitPrice: 12550 },
];

async function account(options: { language?: "en" | "es"; customerEmail?: string | null; validUntil?: string | null } = {}) {
  const { user, cookie } = await signedInAccount("Casey Contractor");
  const db = await getDb();
  await getSettings(user.id);
  await db
    .update(accountSettings)
    .set({
      companyName: "Bluebonnet Eléctrica",
      email: "office@bluebonnet.test",
      phone: "(512) 555-0199",
      documentLanguage: options.language ?? "en",
    })
    .where(eq(accountSettings.accountId, user.id));
  const customer = await createCustomer(db, user.id, {
    name: "Ana Ruiz",
    email: options.customerEmail === undefined ? "ana@example.com" : options.customerEmail,
  });
  const estimate = await createEstimate(db, user.id, {
    customerId: customer.id,
    title: "Kitchen rewire",
    validUntil: options.validUntil === undefined ? "2099-03-15" : options.validUntil,
    items: LINES,
  });
  return { user, cookie, db, customer, estimate };
}

const send = (cookie: string | null, id: string, origin = "http://localhost") =>
  runRoute(sendApi, apiRequest(`${origin}/api/estimates/${id}/send`, "POST", cookie), { params: { id } });

/** The send dialog's POST (the screen's action), for its answer and `problem`. */
const sendOnScreen = (cookie: string, id: string) =>
  runRoute(sendScreen, formRequest(`http://localhost/app/estimates/${id}/send`, {}, { Cookie: cookie }), {
    params: { estimateId: id },
  });

function textOf(part: MimePart | undefined) {
  return part ? part.body.toString("utf8") : "";
}

describe("POST /api/estimates/{id}/send over SMTP", () => {
  it("delivers the estimate to the customer: recipient, subject, total, validity, link and the PDF", async () => {
    config.SMTP_URL = smtpUrl;
    config.APP_URL = "https://tradedesk.example";
    const { cookie, user, estimate } = await account();
    const response = await send(cookie, estimate.id);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      sender: "Bluebonnet Eléctrica <office@bluebonnet.test>",
      recipient: "ana@example.com",
    });

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.from).toBe("office@bluebonnet.test");
    const message = parseMime(mail.raw);
    expect(decodeWords(message.headers.get("subject") ?? "")).toBe(
      `Estimate ${estimate.estimateNumber} from Bluebonnet Eléctrica`,
    );
    expect(decodeWords(message.headers.get("from") ?? "")).toContain("Bluebonnet Eléctrica");
    expect(message.headers.get("to")).toContain("ana@example.com");
    expect(message.headers.get("content-language")).toBe("en");

    const link = await getShareLink(user.id, estimate.id);
    expect(link).toBeDefined();
    const url = `https://tradedesk.example/e/${link!.token}`;
    const text = textOf(findPart(message, "text/plain"));
    expect(text).toContain("Hello Ana Ruiz,");
    // 1,850.00 + 313.75 = 2,163.75; tax 8.25% = 178.51; total 2,342.26.
    expect(text).toContain("Total: $2,342.26");
    expect(text).toContain("Valid until Mar 15, 2099.");
    expect(text).toContain(url);
    const html = textOf(findPart(message, "text/html"));
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain("View and approve the estimate");

    const attachment = findPart(message, "application/pdf");
    expect(attachment).toBeDefined();
    expect(attachment!.headers.get("content-disposition")).toContain(`filename=${estimate.estimateNumber}.pdf`);
    expect(attachment!.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await pdfText(attachment!.body);
    expect(pdf).toContain(estimate.estimateNumber);
    expect(pdf).toContain("ESTIMATE");
    expect(pdf).toContain("$2,342.26");

    // The estimate remembers it was sent, and to whom (the follow-up starts from it).
    const { db } = await account();
    expect(
      await db
        .select({ sentAt: estimates.sentAt, sentTo: estimates.sentTo })
        .from(estimates)
        .where(eq(estimates.id, estimate.id))
        .get(),
    ).toMatchObject({
      sentAt: expect.any(Date),
      sentTo: "ana@example.com",
    });
  });

  it("writes in the document language: a Spanish account sends a Spanish e-mail and PDF", async () => {
    config.SMTP_URL = smtpUrl;
    const { cookie, estimate } = await account({ language: "es", validUntil: null });
    const response = await send(cookie, estimate.id, "http://192.0.2.10:3000");
    expect(response.status).toBe(200);
    const message = parseMime(received[0].raw);
    expect(decodeWords(message.headers.get("subject") ?? "")).toBe(
      `Presupuesto ${estimate.estimateNumber} de Bluebonnet Eléctrica`,
    );
    expect(message.headers.get("content-language")).toBe("es");
    const text = textOf(findPart(message, "text/plain"));
    expect(text).toContain("Hola, Ana Ruiz:");
    expect(text).toContain("Adjuntamos nuestro presupuesto");
    expect(text).toContain("Válido por 30 días desde el");
    expect(text).toContain("Puede verlo y aprobarlo en línea:");
    // Without APP_URL the link is built from the request's own origin.
    expect(text).toMatch(/http:\/\/192\.0\.2\.10:3000\/e\/[A-Za-z0-9_-]{43}/);
    const pdf = await pdfText(findPart(message, "application/pdf")!.body);
    expect(pdf).toContain("PRESUPUESTO");
    expect(pdf).toContain(estimate.estimateNumber);
  });

  it("sends from MAIL_FROM's address under the company name, replies going to the company", async () => {
    config.SMTP_URL = smtpUrl;
    config.MAIL_FROM = "TradeDesk Mailer <mailer@tradedesk.test>";
    const { cookie, estimate } = await account();
    const response = await send(cookie, estimate.id);
    expect(await response.json()).toEqual({
      sender: "Bluebonnet Eléctrica <mailer@tradedesk.test>",
      recipient: "ana@example.com",
    });
    expect(received[0].from).toBe("mailer@tradedesk.test");
    expect(parseMime(received[0].raw).headers.get("reply-to")).toBe("office@bluebonnet.test");
  });

  it("refuses a customer without an e-mail (400), with the screen's message too, and sends nothing", async () => {
    config.SMTP_URL = smtpUrl;
    const { cookie, estimate } = await account({ customerEmail: null });
    const response = await send(cookie, estimate.id);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Customer email required" });
    const screen = await sendOnScreen(cookie, estimate.id);
    expect((screen.data as { problem?: string } | null)?.problem ?? null).toBe("estimates.emailRequired");
    expect(screen.status).toBe(400);
    expect(received).toHaveLength(0);
  });

  it("refuses an estimate past its last valid day (400), on the screen too, and sends nothing", async () => {
    config.SMTP_URL = smtpUrl;
    const { cookie, estimate, db } = await account({ validUntil: "2020-01-31" });
    const response = await send(cookie, estimate.id);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Estimate expired on 2020-01-31: set a later validUntil to send it" });
    const screen = await sendOnScreen(cookie, estimate.id);
    expect(screen.status).toBe(400);
    expect((screen.data as { problem?: string } | null)?.problem ?? null).toBe("estimates.sendExpired");
    expect(received).toHaveLength(0);
    const after = await db.select().from(estimates).where(eq(estimates.id, estimate.id)).get();
    expect(after?.sentAt).toBeNull();
    expect(await getShareLink(after!.accountId, estimate.id)).toBeFalsy();

    // Its last valid day still counts: sent that day.
    const lastDay = await account({ validUntil: today() });
    expect((await send(lastDay.cookie, lastDay.estimate.id)).status).toBe(200);
  });

  it("answers the mail server's refusal clearly and leaves the estimate as it was", async () => {
    config.SMTP_URL = smtpUrl;
    const { cookie, estimate, db } = await account({ customerEmail: "nobody@refused.test" });
    const before = await db.select().from(estimates).where(eq(estimates.id, estimate.id)).get();
    const response = await send(cookie, estimate.id);
    expect(response.status).toBe(502);
    const { message } = (await response.json()) as { message: string };
    expect(message).toContain("The mail server refused the recipient address.");
    expect(message).toContain("No such user here");
    expect(await db.select().from(estimates).where(eq(estimates.id, estimate.id)).get()).toEqual(before);
    expect(received).toHaveLength(0);
  });

  it("says the mail server cannot be reached when nothing listens at SMTP_URL", async () => {
    // A port a server listened on a moment ago: nothing listens there now.
    const closed = await startSmtpServer();
    await closed.close();
    config.SMTP_URL = closed.url;
    const { cookie, estimate } = await account();
    const response = await send(cookie, estimate.id);
    expect(response.status).toBe(502);
    expect((await response.json()).message).toMatch(/^Could not reach the mail server/);
  });

  it("answers 401 without a session, 404 for another account's estimate, 405 for GET", async () => {
    const { estimate } = await account();
    const stranger = await signedInAccount("Someone Else");
    expect((await send(null, estimate.id)).status).toBe(401);
    const foreign = await send(stranger.cookie, estimate.id);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: "Not found" });
    expect(
      (await runRoute(sendApiLoader, apiRequest("http://localhost/api/estimates/x/send", "GET", stranger.cookie))).status,
    ).toBe(405);
    expect(await getShareLink(stranger.user.id, estimate.id)).toBeUndefined();
  });
});

describe("the outbox fallback", () => {
  it("without SMTP_URL writes the message to data/outbox/ as an .eml and says where", async () => {
    const { cookie, estimate } = await account();
    const response = await send(cookie, estimate.id);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sender: string; recipient: string; outbox: string };
    expect(body.recipient).toBe("ana@example.com");
    expect(body.outbox).toMatch(new RegExp(`^data/outbox/.+-${estimate.estimateNumber}-[a-z0-9]+\\.eml$`));
    try {
      const message = parseMime(readFileSync(path.resolve(process.cwd(), body.outbox)));
      expect(message.headers.get("to")).toContain("ana@example.com");
      expect(textOf(findPart(message, "text/plain"))).toContain(`/e/`);
      expect(findPart(message, "application/pdf")!.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    } finally {
      rmSync(path.resolve(process.cwd(), body.outbox), { force: true });
    }
    expect(received).toHaveLength(0);
  });

  it("writes into the folder it is given", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "tradedesk-outbox-"));
    try {
      const delivery = await sendMail(
        {
          from: { name: "Co", address: "co@example.com" },
          to: { name: "Ana", address: "ana@example.com" },
          subject: "Hello",
          text: "Hi",
          html: "<p>Hi</p>",
          language: "en",
          attachments: [],
        },
        { outbox: dir },
      );
      expect(delivery.via).toBe("outbox");
      const file = delivery.via === "outbox" ? path.resolve(process.cwd(), delivery.file) : "";
      expect(path.dirname(file)).toBe(dir);
      expect(readFileSync(file, "latin1")).toContain("\r\nSubject: Hello\r\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("POST /api/estimates/{id}/share", () => {
  const share = (cookie: string | null, id: string, origin = "http://localhost") =>
    runRoute(shareApi, apiRequest(`${origin}/api/estimates/${id}/share`, "POST", cookie), { params: { id } });

  it("answers the estimate number and an absolute link from APP_URL, the same link every time", async () => {
    // Set first: with an https APP_URL the session cookie is the __Host- one.
    config.APP_URL = "https://tradedesk.example/";
    const { cookie, estimate } = await account();
    const first = await share(cookie, estimate.id);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { estimateNumber: string; shareableLink: string };
    expect(body.estimateNumber).toBe(estimate.estimateNumber);
    expect(body.shareableLink).toMatch(/^https:\/\/tradedesk\.example\/e\/[A-Za-z0-9_-]{43}$/);
    expect(await (await share(cookie, estimate.id)).json()).toEqual(body);
    config.APP_URL = undefined;
    const fromRequest = (await (await share(cookie, estimate.id, "https://10.0.0.5:8080")).json()) as { shareableLink: string };
    expect(fromRequest.shareableLink).toBe(body.shareableLink.replace("https://tradedesk.example", "https://10.0.0.5:8080"));
  });

  it("answers 401 without a session and 404 for another account's estimate", async () => {
    const { estimate } = await account();
    const stranger = await signedInAccount("Someone Else");
    expect((await share(null, estimate.id)).status).toBe(401);
    expect((await share(stranger.cookie, estimate.id)).status).toBe(404);
    expect((await share(stranger.cookie, "no-such-id")).status).toBe(404);
  });
});

// The one layout of document e-mails (app/components/document-mail.tsx), rendered by
// app/services/mail.server.ts: estimate and invoice mails, their reminders, in English and
// Spanish, share the HTML and say in the plain-text part what the HTML says.
describe("document e-mails", () => {
  const company = { name: "Bluebonnet <Eléctrica> & Sons", phone: "(512) 555-0199", email: "office@bluebonnet.test" };

  const estimate = (language: "en" | "es", reminder?: "followUp" | "expiry") =>
    estimateMail({
      language,
      company,
      customerName: 'Ana "Ruiz"',
      number: "EST-1001",
      title: "Panel upgrade",
      total: 234226,
      currency: "USD",
      issuedOn: "2099-02-13",
      validUntil: "2099-03-15",
      validDays: 30,
      link: "https://app.test/e/abc?x=1&y=2",
      reminder,
    });

  const invoice = (language: "en" | "es", reminderStep?: number) =>
    invoiceMail({
      language,
      company,
      customerName: "Ana Ruiz",
      number: "INV-2002",
      title: "Panel upgrade",
      amountDue: 120050,
      currency: "USD",
      dueDate: "2099-04-01",
      link: "https://app.test/i/xyz",
      payByCard: true,
      reminderStep,
    });

  /** The visible text of an HTML part, tags removed and entities read. */
  const visible = (html: string) =>
    html
      .replace(/<br\s*\/?>/g, "\n")
      .replace(/<[^>]+>/g, "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&");

  it("render one layout to static markup, the text escaped, with the link as a button and in full", () => {
    const mail = estimate("en");
    expect(mail.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(mail.html).toContain(`<title>${"Estimate EST-1001 from Bluebonnet &lt;Eléctrica&gt; &amp; Sons"}</title>`);
    expect(mail.html).toContain('href="https://app.test/e/abc?x=1&amp;y=2"');
    expect(mail.html).not.toContain("<Eléctrica>");
    expect(mail.html).toContain("Hello Ana &quot;Ruiz&quot;,");
    expect(mail.html).toContain("<strong>Total: $2,342.26</strong>");
    expect(mail.text).toContain('Hello Ana "Ruiz",\n\n');
    expect(mail.text).toContain("Total: $2,342.26\nValid until Mar 15, 2099.");
    expect(mail.text).toContain("https://app.test/e/abc?x=1&y=2");
  });

  it("say the same in the plain-text part as in the HTML, in both languages, for every kind", () => {
    const mails = [
      estimate("en"),
      estimate("es"),
      estimate("en", "followUp"),
      estimate("es", "expiry"),
      invoice("en"),
      invoice("es"),
      invoice("en", -3),
      invoice("es", 0),
      invoice("en", 7),
    ];
    for (const mail of mails) {
      const lines = mail.text.split("\n").filter(Boolean);
      const html = visible(mail.html);
      for (const line of lines)
        expect(html, line).toContain(
          line
            .replace(/^(.*)$/, "$1")
            .split(" ")
            .slice(0, 3)
            .join(" "),
        );
      // One layout: the same frame around every mail.
      expect(mail.html).toContain("max-width:560px");
      expect(mail.html.match(/<a /g)).toHaveLength(2);
    }
    expect(new Set(mails.map((mail) => mail.subject)).size).toBe(mails.length);
  });

  it("write Spanish mails in Spanish, marked as such", () => {
    const mail = invoice("es");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).toContain("Hola, Ana Ruiz:");
    expect(mail.text).not.toContain("Hello");
    expect(estimate("es").text).toContain("Puede verlo y aprobarlo en línea:");
  });
});
