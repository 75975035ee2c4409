// The customer's hub page (/c/{token}): its loader's data and its HTML hold the customer's own
// records and nobody else's; a revoked link is a 404 at once; a document opens through a post
// that makes its share link; the customer's new details are applied and told to the
// contractor; bad input changes nothing; the page speaks the account's document language.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { accountSettings, customers, estimates, invoices, notifications, payments, workRequests } from "#db/schema";
import { getOrCreateHub, listDetailChanges, revokeHub } from "~/models/customer-hub.server";
import { recordPayment } from "~/models/payment.server";
import { getSettings } from "~/models/settings.server";
import * as hubPage from "~/routes/c.$token/route";
import { loader as receiptLoader } from "~/routes/c.$token.receipts.$paymentId/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { runRoute } from "../../../test/route";
import { loadContextFor } from "../../../server/load-context";

/** The account's customer_updated notifications (a payment recorded in the set-up has its own). */
const notices = async (accountId: string) =>
  (await getDb())
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), eq(notifications.type, "customer_updated")));

const line = (unitPrice: number) => [{ description: "Work", quantity: 100, unitPrice }];

async function setUp(settings: Partial<typeof accountSettings.$inferInsert> = {}) {
  const { user, cookie } = await signedInAccount("Rosa Peña");
  const other = await signedInAccount("Other Co");
  await getSettings(user.id);
  const db = await getDb();
  await db
    .update(accountSettings)
    .set({
      companyName: "Volt Electric",
      phone: "555-0100",
      email: "office@volt.example",
      paymentInstructions: "Zelle to pay@volt.example",
      ...settings,
    })
    .where(eq(accountSettings.accountId, user.id));
  const ana = await createCustomer(db, user.id, {
    name: "Ana Ruiz",
    phone: "555-0111",
    email: "ana@example.com",
    city: null,
    state: null,
    zipCode: null,
    address: null,
  });
  const bob = await createCustomer(db, user.id, { name: "Bob Stone" });
  const carl = await createCustomer(db, other.user.id, { name: "Carl Other" });
  const estimate = await createEstimate(db, user.id, {
    customerId: ana.id,
    title: "Panel upgrade",
    validUntil: "2999-01-01",
    items: line(120_000),
  });
  const invoice = await createInvoice(db, user.id, {
    customerId: ana.id,
    title: "Service call",
    taxRate: 0,
    items: line(15_000),
  });
  await recordPayment(user.id, invoice.id, { amount: 5_000, method: "check" });
  const bobEstimate = await createEstimate(db, user.id, { customerId: bob.id, title: "Bob's deck lights", items: line(9_000) });
  const bobInvoice = await createInvoice(db, user.id, {
    customerId: bob.id,
    title: "Bob's outlet",
    taxRate: 0,
    items: line(7_000),
  });
  const carlInvoice = await createInvoice(db, other.user.id, {
    customerId: carl.id,
    title: "Carl's rewire",
    taxRate: 0,
    items: line(8_000),
  });
  const { token } = (await getOrCreateHub(user.id, ana.id))!;
  return { user, cookie, db, ana, bob, carl, estimate, invoice, bobEstimate, bobInvoice, carlInvoice, token };
}

const load = (token: string) => runRoute(hubPage.loader, `/c/${token}`, { params: { token } });
const post = (token: string, form: Record<string, string>) =>
  runRoute(hubPage.action, `/c/${token}`, { params: { token }, form });

/** The page as the server renders it without JavaScript. */
async function html(token: string) {
  const handler = createStaticHandler([
    {
      id: "hub",
      path: "/c/:token",
      loader: (args) => hubPage.loader({ ...args, context: loadContextFor("GET", "test") }),
      Component: hubPage.default,
    },
  ]);
  const context = await handler.query(new Request(`http://localhost/c/${token}`));
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

const details = { intent: "details", phone: "555-0111", email: "ana@example.com", address: "", city: "", state: "", zipCode: "" };

describe("the customer's hub", () => {
  it("shows the customer's estimates, invoices, balance, payments and the company, and nothing of other customers", async () => {
    const s = await setUp();
    const response = await load(s.token);
    expect(response.status).toBe(200);
    const data = response.data as Awaited<ReturnType<typeof hubPage.loader>>;
    expect(data.company).toEqual({ name: "Volt Electric", phone: "555-0100", email: "office@volt.example" });
    expect(data.estimates.map((e) => e.title)).toEqual(["Panel upgrade"]);
    expect(data.invoices.map((i) => [i.title, i.balance])).toEqual([["Service call", 10_000]]);
    expect(data.balanceDue).toBe(10_000);
    expect(data.paymentInstructions).toBe("Zelle to pay@volt.example");
    expect(data.payments.map((p) => [p.amount, p.method, p.invoiceNumber])).toEqual([[5_000, "check", s.invoice.invoiceNumber]]);
    const page = await html(s.token);
    for (const text of [
      "Volt Electric",
      "Hello, Ana Ruiz",
      "Panel upgrade",
      "Service call",
      "$100.00",
      "Zelle to pay@volt.example",
    ])
      expect(page).toContain(text);
    for (const body of [JSON.stringify(data), page]) {
      for (const foreign of [
        "Bob",
        "Carl",
        s.bob.id,
        s.carl.id,
        s.bobEstimate.id,
        s.bobInvoice.id,
        s.carlInvoice.id,
        s.bobEstimate.estimateNumber === s.estimate.estimateNumber ? "" : s.bobEstimate.estimateNumber,
      ].filter(Boolean))
        expect(body).not.toContain(foreign);
    }
  });

  it("reads in Spanish when the account's document language is Spanish", async () => {
    const s = await setUp({ documentLanguage: "es", appLanguage: "en" });
    const page = await html(s.token);
    expect(page).toContain('lang="es"');
    expect(page).toContain("Hola, Ana Ruiz");
    expect(page).toContain("Saldo pendiente");
    expect(page).toContain("Guardar mis datos");
    expect(page).not.toContain("Save my details");
  });

  it("answers 404 for a revoked link at once, and for a made-up token", async () => {
    const s = await setUp();
    expect((await load(s.token)).status).toBe(200);
    await revokeHub(s.user.id, s.ana.id);
    expect((await load(s.token)).status).toBe(404);
    expect((await post(s.token, { ...details, phone: "1" })).status).toBe(404);
    expect((await load("A".repeat(43))).status).toBe(404);
    const [row] = await s.db.select().from(customers).where(eq(customers.id, s.ana.id));
    expect(row.phone).toBe("555-0111");
  });

  it("opens its customer's documents through their share links, and 404s another customer's or account's ids", async () => {
    const s = await setUp();
    const opened = await post(s.token, { intent: "open", kind: "estimate", id: s.estimate.id });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toMatch(/^\/e\/[A-Za-z0-9_-]{43}$/);
    // Opened once, the hub links to the page directly.
    const data = (await load(s.token)).data as Awaited<ReturnType<typeof hubPage.loader>>;
    expect(data.estimates[0].href).toBe(opened.headers.get("Location"));
    expect((await post(s.token, { intent: "open", kind: "invoice", id: s.invoice.id })).headers.get("Location")).toMatch(
      /^\/i\//,
    );
    for (const [kind, id] of [
      ["estimate", s.bobEstimate.id],
      ["invoice", s.bobInvoice.id],
      ["invoice", s.carlInvoice.id],
      ["estimate", "not-an-id"],
      ["job", s.estimate.id],
    ])
      expect((await post(s.token, { intent: "open", kind, id })).status).toBe(404);
  });

  it("applies the customer's new details at once and tells the contractor", async () => {
    const s = await setUp();
    const saved = await post(s.token, { ...details, phone: "555-0199", city: "Austin" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/c/${s.token}?updated=1#details`);
    const [row] = await s.db.select().from(customers).where(eq(customers.id, s.ana.id));
    expect([row.phone, row.city, row.name, row.email]).toEqual(["555-0199", "Austin", "Ana Ruiz", "ana@example.com"]);
    const [note] = await notices(s.user.id);
    expect(note.type).toBe("customer_updated");
    expect(note.message).toBe("Ana Ruiz updated their details from their hub: Phone 555-0199; City Austin");
    expect((await listDetailChanges(s.user.id, s.ana.id)).map((c) => c.changes)).toEqual([
      { phone: { from: "555-0111", to: "555-0199" }, city: { from: null, to: "Austin" } },
    ]);
    // The same again changes nothing and says so.
    const same = await post(s.token, { ...details, phone: "555-0199", city: "Austin" });
    expect(same.headers.get("Location")).toBe(`/c/${s.token}?updated=0#details`);
    expect(await notices(s.user.id)).toHaveLength(1);
  });

  it("refuses bad input with its messages and changes nothing", async () => {
    const s = await setUp();
    for (const bad of [
      { email: "not-an-address" },
      { phone: "5".repeat(41) },
      { address: "line\u0007bell" },
      { zipCode: "1".repeat(21) },
    ]) {
      const refused = await post(s.token, { ...details, ...bad });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data)).toMatch(/common\.invalidEmail|validation\./);
    }
    // A field sent twice is refused too.
    const twice = await runRoute(hubPage.action, `/c/${s.token}`, {
      params: { token: s.token },
      form: [...Object.entries(details), ["phone", "1"]],
    });
    expect(twice.status).toBe(400);
    expect((await post(s.token, { intent: "other" })).status).toBe(400);
    const [row] = await s.db.select().from(customers).where(eq(customers.id, s.ana.id));
    expect([row.phone, row.email]).toEqual(["555-0111", "ana@example.com"]);
    expect(await notices(s.user.id)).toEqual([]);
  });

  it("thanks a bot that fills the honeypot and records nothing", async () => {
    const s = await setUp();
    const bot = await post(s.token, { ...details, phone: "999", website: "http://spam.example" });
    expect(bot.status).toBe(302);
    const [row] = await s.db.select().from(customers).where(eq(customers.id, s.ana.id));
    expect(row.phone).toBe("555-0111");
  });

  it("counts the customer's views, not the contractor's own nor the answer to a save", async () => {
    const s = await setUp();
    await load(s.token);
    await runRoute(hubPage.loader, `/c/${s.token}`, { params: { token: s.token }, cookie: s.cookie });
    // The page answering the customer's own save is not another view.
    await runRoute(hubPage.loader, `/c/${s.token}?updated=1`, { params: { token: s.token } });
    expect((await getOrCreateHub(s.user.id, s.ana.id))!.viewCount).toBe(1);
  });
});

describe("Request work from the hub", () => {
  const requestsOf = async (accountId: string) =>
    (await getDb()).select().from(workRequests).where(eq(workRequests.accountId, accountId));

  it("records a work request linked to the customer, with their details, and tells the contractor", async () => {
    const { user, ana, token } = await setUp();
    await (await getDb()).update(customers).set({ address: "12 Oak St", city: "Austin" }).where(eq(customers.id, ana.id));
    const answer = await post(token, {
      intent: "request",
      description: "The porch light flickers",
      preferredTimes: "Saturday morning",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/c/${token}?requested=1#hub-request`);
    expect(await requestsOf(user.id)).toEqual([
      expect.objectContaining({
        customerId: ana.id,
        name: "Ana Ruiz",
        phone: "555-0111",
        email: "ana@example.com",
        address: "12 Oak St, Austin",
        description: "The porch light flickers",
        preferredTimes: "Saturday morning",
        status: "new",
      }),
    ]);
    const bell = await (
      await getDb()
    )
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, user.id), eq(notifications.type, "new_inquiry")));
    expect(bell).toHaveLength(1);
    expect(bell[0]!.message).toContain("Ana Ruiz");
    // The thanks, in the page the customer is sent back to.
    const thanked = await runRoute(hubPage.loader, `/c/${token}?requested=1`, { params: { token } });
    expect(await thanked.json()).toMatchObject({ requested: true });
  });

  it("refuses a request without what is needed with the field named, records nothing; a bot's is thanked and dropped", async () => {
    const { user, token } = await setUp();
    const refused = await post(token, { intent: "request", description: "   ", preferredTimes: "" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("hub.request.descriptionRequired");
    const bot = await post(token, { intent: "request", description: "Cheap pills", website: "http://spam.example" });
    expect(bot.status).toBe(302);
    expect(await requestsOf(user.id)).toEqual([]);
  });

  it("answers 404 to a request through a revoked link", async () => {
    const { user, ana, token } = await setUp();
    await revokeHub(user.id, ana.id);
    const answer = await post(token, { intent: "request", description: "A new outlet" }).catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(404);
    expect(await requestsOf(user.id)).toEqual([]);
  });
});

describe("a hub holds its customer's records only", () => {
  it("answers 404 for every other customer's estimate, invoice and payment, of its account and of another", async () => {
    const s = await setUp();
    // More of everything: payments of Bob's and Carl's, and a second Bob estimate.
    await recordPayment(s.user.id, s.bobInvoice.id, { amount: 1_000, method: "cash" });
    const carlsAccount = (await s.db.select().from(customers).where(eq(customers.id, s.carl.id)))[0]!.accountId;
    await recordPayment(carlsAccount, s.carlInvoice.id, { amount: 2_000, method: "check" });
    await createEstimate(s.db, s.user.id, { customerId: s.bob.id, title: "Bob's second", items: line(1_000) });

    const others = <T extends { id: string; customerId: string | null }>(rows: T[]) =>
      rows.filter((row) => row.customerId !== s.ana.id).map((row) => row.id);
    const otherEstimates = others(await s.db.select({ id: estimates.id, customerId: estimates.customerId }).from(estimates));
    const otherInvoices = others(await s.db.select({ id: invoices.id, customerId: invoices.customerId }).from(invoices));
    const otherPayments = others(
      await s.db
        .select({ id: payments.id, customerId: invoices.customerId })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId)),
    );
    expect(otherEstimates.length).toBeGreaterThanOrEqual(2);
    expect(otherInvoices.length).toBeGreaterThanOrEqual(2);
    expect(otherPayments.length).toBeGreaterThanOrEqual(2);

    for (const id of otherEstimates) expect((await post(s.token, { intent: "open", kind: "estimate", id })).status).toBe(404);
    for (const id of otherInvoices) expect((await post(s.token, { intent: "open", kind: "invoice", id })).status).toBe(404);
    for (const paymentId of otherPayments) {
      const answer = await runRoute(receiptLoader, `/c/${s.token}/receipts/${paymentId}`, {
        params: { token: s.token, paymentId },
      });
      expect(answer.status).toBe(404);
    }
    // And the page names none of them.
    const page = await html(s.token);
    for (const id of [...otherEstimates, ...otherInvoices, ...otherPayments]) expect(page).not.toContain(id);
    for (const title of ["Bob's deck lights", "Bob's outlet", "Carl's rewire", "Bob's second"]) expect(page).not.toContain(title);
  });
});
