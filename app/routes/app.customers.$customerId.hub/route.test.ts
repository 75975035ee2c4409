// The customer's hub dialog in the app: loading it makes no link; "Create hub link" and
// revoke; "Send hub link" e-mails the link over a real SMTP server on loopback, in the
// account's document language; a customer without an e-mail, another account's customer and a
// technician are refused and nothing is made or sent; what the customer changed is listed.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "#db/factories";
import { accountSettings } from "#db/schema";
import { getHub, getOrCreateHub, updateHubDetails } from "~/models/customer-hub.server";
import { getSettings } from "~/models/settings.server";
import { action, loader } from "~/routes/app.customers.$customerId.hub/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount, signedInMember } from "../../../test/accounts";
import { mailText } from "../../../test/mime";
import { runRoute, toastOf } from "../../../test/route";
import { captureMail } from "../../../test/mail-capture";
import { startSmtpServer } from "../../../test/smtp-server";

const smtp = captureMail();

async function setUp(settings: Partial<typeof accountSettings.$inferInsert> = {}, email: string | null = "ana@example.com") {
  const account = await signedInAccount("Rosa Peña");
  await getSettings(account.user.id);
  const db = await getDb();
  await db
    .update(accountSettings)
    .set({ companyName: "Volt Electric", email: "office@volt.example", ...settings })
    .where(eq(accountSettings.accountId, account.user.id));
  const customer = await createCustomer(db, account.user.id, { name: "Ana Ruiz", email });
  return { ...account, customer };
}

const path = (id: string) => `/app/customers/${id}/hub`;
const open = (cookie: string, id: string) => runRoute(loader, path(id), { cookie, params: { customerId: id } });
const post = (cookie: string, id: string, intent: string) =>
  runRoute(action, path(id), { cookie, params: { customerId: id }, form: { intent } });

type Dialog = Awaited<ReturnType<typeof loader>>;

describe("the customer's hub dialog", () => {
  it("makes no link when opened; Create makes one; Revoke kills it", async () => {
    const { user, cookie, customer } = await setUp();
    const first = await open(cookie, customer.id);
    expect((first.data as Dialog).link).toBeNull();
    expect(await getHub(user.id, customer.id)).toBeUndefined();
    expect((await post(cookie, customer.id, "create")).status).toBe(302);
    const hub = await getHub(user.id, customer.id);
    expect(((await open(cookie, customer.id)).data as Dialog).link?.url).toBe(`http://localhost/c/${hub!.token}`);
    const revoked = await post(cookie, customer.id, "revoke");
    expect((await toastOf(revoked.headers))?.title).toBe("hub.app.revoked");
    expect(await getHub(user.id, customer.id)).toBeUndefined();
  });

  it("sends the hub link to the customer's e-mail over SMTP, making the link", async () => {
    const { user, cookie, customer } = await setUp();
    const sent = await post(cookie, customer.id, "send");
    expect(sent.status).toBe(302);
    expect(await toastOf(sent.headers)).toMatchObject({ title: "hub.app.sent", description: "hub.app.sentBody" });
    const hub = await getHub(user.id, customer.id);
    expect(smtp.received.map((mail) => mail.to)).toEqual([["ana@example.com"]]);
    const { subject, text } = mailText(smtp.received[0].raw);
    expect(subject).toBe("Your account with Volt Electric");
    expect(text).toContain("Hello Ana Ruiz,");
    expect(text).toContain(`http://localhost/c/${hub!.token}`);
    // Sent again: the same link.
    await post(cookie, customer.id, "send");
    expect(mailText(smtp.received[1].raw).text).toContain(`http://localhost/c/${hub!.token}`);
  });

  it("writes the e-mail in the document language", async () => {
    const { cookie, customer } = await setUp({ documentLanguage: "es", appLanguage: "en" });
    await post(cookie, customer.id, "send");
    const { subject, text } = mailText(smtp.received[0].raw);
    expect(subject).toBe("Su cuenta con Volt Electric");
    expect(text).toContain("Hola, Ana Ruiz:");
  });

  it("refuses a customer without an e-mail, making and sending nothing", async () => {
    const { user, cookie, customer } = await setUp({}, null);
    const refused = await post(cookie, customer.id, "send");
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ problem: "hub.app.noEmail" });
    expect(smtp.received).toEqual([]);
    expect(await getHub(user.id, customer.id)).toBeUndefined();
  });

  it("says so when the mail server refuses the recipient", async () => {
    const refusing = await startSmtpServer({ refuse: () => true });
    env().SMTP_URL = refusing.url;
    try {
      const { cookie, customer } = await setUp();
      const failed = await post(cookie, customer.id, "send");
      expect(failed.status).toBe(502);
      expect(failed.data).toEqual({ problem: "estimates.sendErrors.recipient" });
    } finally {
      env().SMTP_URL = smtp.url;
      await refusing.close();
    }
  });

  it("is a 404 for another account's customer, and closed to a technician; nothing is made or sent", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    for (const intent of ["create", "send", "revoke"])
      expect((await post(mine.cookie, theirs.customer.id, intent)).status).toBe(404);
    expect((await open(mine.cookie, theirs.customer.id)).status).toBe(404);
    const tech = await signedInMember(mine.user.id, "technician");
    const closed = await post(tech.cookie, mine.customer.id, "send");
    expect(closed.status).not.toBe(302);
    expect([403, 404]).toContain(closed.status);
    expect(await getHub(theirs.user.id, theirs.customer.id)).toBeUndefined();
    expect(await getHub(mine.user.id, mine.customer.id)).toBeUndefined();
    expect(smtp.received).toEqual([]);
  });

  it("lists what the customer changed from the hub", async () => {
    const { user, cookie, customer } = await setUp();
    const { token } = (await getOrCreateHub(user.id, customer.id))!;
    const { address, city, state, zipCode } = customer;
    await updateHubDetails(token, { phone: "555-0199", email: "ana@example.com", address, city, state, zipCode });
    const dialog = (await open(cookie, customer.id)).data as Dialog;
    expect(dialog.changes.map((c) => c.fields)).toEqual([[{ field: "phone", to: "555-0199" }]]);
  });
});
