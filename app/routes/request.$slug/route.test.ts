// The public request page /request/{slug}: a visitor's request is recorded, notified and
// (with notification e-mails on) e-mailed over a real loopback SMTP server; bad input, a
// honeypot, an unknown or closed page write nothing.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountSettings, notifications, workRequests } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { getSettings } from "~/models/settings.server";
import { saveRequestPage } from "~/models/work-request.server";
import { workRequestMailSettled } from "~/services/work-request.server";
import { loader, action } from "./route";
import { signedInAccount } from "../../../test/accounts";
import { mailText } from "../../../test/mime";
import { runRoute } from "../../../test/route";
import { captureMail } from "../../../test/mail-capture";

const smtp = captureMail();

async function contractor(settings: Partial<typeof accountSettings.$inferInsert> = {}, enabled = true) {
  const { user } = await signedInAccount("Rosa Peña");
  await getSettings(user.id);
  const db = await getDb();
  if (Object.keys(settings).length) await db.update(accountSettings).set(settings).where(eq(accountSettings.accountId, user.id));
  const slug = `rosa-${crypto.randomUUID().slice(0, 8)}`;
  await saveRequestPage(user.id, { slug, enabled });
  return { user, slug };
}

const post = (slug: string, form: Record<string, string>) => runRoute(action, `/request/${slug}`, { form, params: { slug } });

async function rowsOf(accountId: string) {
  const db = await getDb();
  const [requests] = await db.select({ n: count() }).from(workRequests).where(eq(workRequests.accountId, accountId));
  const [notes] = await db.select({ n: count() }).from(notifications).where(eq(notifications.accountId, accountId));
  return { requests: requests.n, notifications: notes.n };
}

const good = {
  name: "Luis Gómez",
  phone: "555 010 2020",
  email: "",
  address: "12 Elm St",
  description: "The kitchen sink leaks\nunder the cabinet",
  preferredTimes: "Weekday mornings",
  website: "",
};

describe("POST /request/{slug}", () => {
  it("records the request, notifies the account, e-mails the owner and answers 303 to the confirmation", async () => {
    const { user, slug } = await contractor();
    const answer = await post(slug, good);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/request/${slug}?sent=1`);
    const db = await getDb();
    const [row] = await db.select().from(workRequests).where(eq(workRequests.accountId, user.id));
    expect(row).toMatchObject({ name: "Luis Gómez", phone: "555 010 2020", email: null, status: "new" });
    expect(row.description).toBe("The kitchen sink leaks\nunder the cabinet");
    const [note] = await db.select().from(notifications).where(eq(notifications.accountId, user.id));
    expect(note.title).toBe("New work request");
    expect(note.message).toContain("Luis Gómez (555 010 2020)");
    await workRequestMailSettled();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual([user.email]);
    const { subject, text } = mailText(smtp.received[0].raw);
    expect(subject).toBe("New work request from Luis Gómez");
    expect(text).toContain("The kitchen sink leaks");
    expect(text).toContain(`/app/requests/${row.id}`);
  });

  it("sends no e-mail while notification e-mails are off, and still notifies", async () => {
    const { user, slug } = await contractor({ notifications: false });
    expect((await post(slug, good)).status).toBe(303);
    await workRequestMailSettled();
    expect(smtp.received).toHaveLength(0);
    expect(await rowsOf(user.id)).toEqual({ requests: 1, notifications: 1 });
  });

  it("refuses a body without a name or a way to reach the visitor with 400, naming the fields, and writes nothing", async () => {
    const { user, slug } = await contractor();
    const answer = await post(slug, { ...good, name: " ", phone: "", email: "" });
    expect(answer.status).toBe(400);
    const errors = (answer.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.name).toEqual(["requests.form.nameRequired"]);
    expect(errors.phone).toEqual(["requests.form.contactRequired"]);
    expect(errors.email).toEqual(["requests.form.contactRequired"]);
    const badEmail = await post(slug, { ...good, phone: "", email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    await workRequestMailSettled();
    expect(smtp.received).toHaveLength(0);
    expect(await rowsOf(user.id)).toEqual({ requests: 0, notifications: 0 });
  });

  it("accepts an e-mail alone as the way to reach the visitor", async () => {
    const { user, slug } = await contractor({ notifications: false });
    expect((await post(slug, { name: "Ana", email: "ANA@example.com" })).status).toBe(303);
    const db = await getDb();
    const [row] = await db.select().from(workRequests).where(eq(workRequests.accountId, user.id));
    expect(row.email).toBe("ana@example.com");
  });

  it("thanks a bot that filled the honeypot the same way and records nothing", async () => {
    const { user, slug } = await contractor();
    const answer = await post(slug, { ...good, website: "http://spam.example" });
    expect(answer.status).toBe(303);
    await workRequestMailSettled();
    expect(smtp.received).toHaveLength(0);
    expect(await rowsOf(user.id)).toEqual({ requests: 0, notifications: 0 });
  });

  it("answers 404 for an unknown slug and for a page turned off, and writes nothing", async () => {
    const { user, slug } = await contractor({}, false);
    for (const target of [slug, "no-such-page-here"]) {
      expect((await post(target, good)).status).toBe(404);
      expect((await runRoute(loader, `/request/${target}`, { params: { slug: target } })).status).toBe(404);
    }
    expect(await rowsOf(user.id)).toEqual({ requests: 0, notifications: 0 });
  });
});

describe("GET /request/{slug}", () => {
  it("speaks the account's document language and shows the confirmation after ?sent=1", async () => {
    const { slug } = await contractor({ documentLanguage: "es", companyName: "Fontanería Rosa" });
    const page = await runRoute(loader, `/request/${slug}?sent=1`, { params: { slug } });
    expect(page.data).toMatchObject({ language: "es", company: "Fontanería Rosa", sent: true, slug });
  });
});
