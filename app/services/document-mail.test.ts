// The one layout of document e-mails (app/components/document-mail.tsx), rendered by
// app/services/mail.server.ts: estimate and invoice mails, their reminders, in English and
// Spanish, share the HTML and say in the plain-text part what the HTML says.
import { describe, expect, it } from "vitest";
import { estimateMail, invoiceMail } from "./mail.server";

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

describe("document e-mails", () => {
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
