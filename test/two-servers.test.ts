// Two production servers (build/server.js, as Fly runs them) on ports of their own against one
// real libSQL server (sqld; the Vitest project "sqld" gives this file its own, test/setup-db.ts),
// and what two machines must agree on: the work that runs on its own is done once (both
// servers' minute runners and two `npm run jobs -- --once` at the same moment), a Stripe event
// delivered to both records one payment, 50 estimates and 50 invoices made at once over both
// get 50 distinct numbers and no error, and the limits on sign-in attempts count both servers'
// requests. Sessions and sign-out across machines, and browsers through a proxy that
// alternates machines, are in e2e/multi-machine.spec.ts.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { accountSettings, estimates, invoices } from "#db/schema";
import { addDays, today } from "~/lib/clock";
import { getDb } from "~/infrastructure/db.server";
import { listInvoicePayments } from "~/models/payment.server";
import { createRecurringInvoice } from "~/models/recurring-invoice.server";
import { getSettings } from "~/models/settings.server";
import { buildIsStale } from "../scripts/build-freshness.mjs";
import { freePort } from "../scripts/sqld.mjs";
import { signedInAccount } from "./accounts";
import { decodeWords, parseMime } from "./mime";
import { startSmtpServer } from "./smtp-server";
import { startStripeServer } from "./stripe-server";

const root = path.resolve(import.meta.dirname, "..");
const WEBHOOK_SECRET = "whsec_two_servers_0123456789";
const DAY = 86_400_000;

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let stripe: Awaited<ReturnType<typeof startStripeServer>>;
const servers: Server[] = [];

function serverEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production" as const,
    DATABASE_URL: process.env.DATABASE_URL,
    SESSION_SECRET: process.env.SESSION_SECRET,
    SMTP_URL: smtp.url,
    MAIL_FROM: "",
    APP_URL: "https://tradedesk.example",
    STRIPE_SECRET_KEY: "sk_test_two_servers",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    QUIET_LOG: "1",
  };
}

function collect(child: ChildProcess, output: string[]) {
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
}

async function startServer(name: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env: { ...serverEnv(), PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = { name, url: `http://127.0.0.1:${port}`, child, output: [] as string[] };
  collect(child, server.output);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited ${child.exitCode}:\n${server.output.join("")}`);
    const ok = await fetch(`${server.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server ${name} not healthy after 30 s:\n${server.output.join("")}`);
}

/** `npm run jobs -- --once` (build/jobs.js) as a process of its own, on the same database. */
function jobsCommand(): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "build/jobs.js"), "--once"], {
      cwd: root,
      env: serverEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: string[] = [];
    collect(child, output);
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out: output.join("") }));
  });
}

/** `npm run build`, without blocking the test worker. */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const output: string[] = [];
    collect(child, output);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed:\n${output.join("")}`))));
  });
}

/** A request as a signed-in browser's page sends it (same origin). */
function send(server: Server, pathname: string, init: { cookie?: string; json?: unknown; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { Origin: server.url };
  // APP_URL is https: the servers name the session cookie as an HTTPS site does.
  if (init.cookie) headers.Cookie = init.cookie.replace(/^td_session=/, "__Host-td_session=");
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  return fetch(`${server.url}${pathname}`, { method: "POST", headers, body, redirect: "manual" });
}

const waitFor = async (check: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
};

describe.runIf(process.env.TEST_DATABASE === "sqld")("two app servers on one libSQL server", () => {
  beforeAll(async () => {
    if (buildIsStale(root, "build")) await build();
    smtp = await startSmtpServer();
    stripe = await startStripeServer();
    // One after the other, as a rolling deploy starts them (both at once is safe too: test/sqld.test.ts).
    servers.push(await startServer("A"));
    servers.push(await startServer("B"));
  }, 600_000);

  afterAll(async () => {
    await Promise.all(
      servers.splice(0).map(async (server) => {
        if (server.child.exitCode !== null) return;
        const exited = new Promise((resolve) => server.child.once("exit", resolve));
        server.child.kill("SIGTERM");
        await exited;
        // SIGTERM, as Fly stops a machine: requests finished, the database closed, exit 0.
        expect(server.child.exitCode, `server ${server.name}:\n${server.output.join("")}`).toBe(0);
      }),
    );
    await smtp?.close();
    await stripe?.close();
  });

  it("does each payment reminder, estimate follow-up and recurring invoice once: both servers' runners and two jobs commands at one moment", async () => {
    const { user } = await signedInAccount("Casey Contractor");
    const db = await getDb();
    await getSettings(user.id);
    // One reminder day (a week after the due date), so exactly one reminder is due.
    await db
      .update(accountSettings)
      .set({ companyName: "Bluebonnet Electric", email: "office@bluebonnet.test", reminderSteps: "7" })
      .where(eq(accountSettings.accountId, user.id));
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
    const now = new Date();
    const day = today(null, now);
    // Sent ten days ago, due eight days ago: the reminder of day 7 (yesterday) is due.
    const overdue = await createInvoice(db, user.id, {
      customerId: customer.id,
      title: "Panel upgrade",
      status: "pending",
      dueDate: addDays(day, -8),
      sentAt: new Date(now.getTime() - 10 * DAY),
      sentTo: "ana@example.com",
      createdAt: new Date(now.getTime() - 10 * DAY),
    });
    // Sent four days ago and not answered: its follow-up is due (after three days).
    const unanswered = await createEstimate(db, user.id, {
      customerId: customer.id,
      title: "Kitchen rewire",
      validUntil: "2099-03-15",
    });
    await db
      .update(estimates)
      .set({ sentAt: new Date(now.getTime() - 4 * DAY), sentTo: "ana@example.com" })
      .where(eq(estimates.id, unanswered.id));
    // Monthly from yesterday, sent by itself: yesterday's invoice is due.
    const recurring = await createRecurringInvoice(
      user.id,
      {
        customerId: customer.id,
        title: "Furnace maintenance plan",
        description: null,
        notes: null,
        taxRate: 0,
        frequency: "monthly",
        startDate: addDays(day, -1),
        endDate: null,
        count: null,
        autoSend: true,
        items: [{ description: "Tune-up", quantity: 100, unitPrice: 8_000 }],
      },
      new Date(now.getTime() - 2 * DAY),
    );

    // Both servers' runners fire at the top of the minute: start the two commands then too.
    await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) - 300));
    const [first, second] = await Promise.all([jobsCommand(), jobsCommand()]);
    expect(first.code, first.out).toBe(0);
    expect(second.code, second.out).toBe(0);
    // The runners may still be sending: wait for the three e-mails, then a little more for a fourth.
    await waitFor(() => smtp.received.length >= 3, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const subjects = smtp.received.map((mail) => decodeWords(parseMime(mail.raw).headers.get("subject") ?? "")).sort();
    const made = await db
      .select({ invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.accountId, user.id), eq(invoices.title, recurring.title)));
    expect(made).toHaveLength(1);
    expect(subjects).toHaveLength(3);
    expect(subjects.filter((s) => s.includes(overdue.invoiceNumber))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes(unanswered.estimateNumber))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes(made[0]!.invoiceNumber))).toHaveLength(1);
  }, 150_000);

  it("records one payment for a Stripe event delivered to both servers at the same moment", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id);
    const invoice = await createInvoice(db, user.id, {
      customerId: customer.id,
      status: "pending",
      items: [{ description: "Service call", quantity: 100, unitPrice: 20_000 }],
      taxRate: 0,
    });
    const payload = JSON.stringify({
      id: "evt_two_servers",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_two_servers",
          object: "checkout.session",
          client_reference_id: invoice.id,
          amount_total: 7_500,
          currency: "usd",
          payment_status: "paid",
          status: "complete",
        },
      },
    });
    const signature = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const deliveries = await Promise.all(
      [...servers, ...servers, ...servers].map((server) =>
        fetch(`${server.url}/webhooks/stripe`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
          body: payload,
        }),
      ),
    );
    expect(deliveries.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const payments = await listInvoicePayments(user.id, invoice.id);
    expect(payments.map((p) => [p.externalId, p.amount])).toEqual([["cs_two_servers", 7_500]]);
  });

  it("gives 50 estimates and 50 invoices made at once over both servers 50 distinct numbers each, with no error", async () => {
    const { user, cookie } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, { name: "Rae Racer" });
    const estimate = (i: number, status = "pending") => ({
      customerId: customer.id,
      title: `Race ${i}`,
      status,
      validUntil: null,
      items: [{ description: "Labor", quantity: "1", unitPrice: "80.00" }],
    });
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(servers[i % 2]!, "/api/estimates", { cookie, json: estimate(i) })),
    );
    expect(created.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = await Promise.all(created.map(async (r) => ((await r.json()) as { estimateNumber: string }).estimateNumber));
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `EST-${String(i + 1).padStart(4, "0")}`));

    const approved = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createEstimate(db, user.id, { customerId: customer.id, status: "approved", title: `Go ${i}` }),
      ),
    );
    const invoiced = await Promise.all(
      approved.map((e, i) => send(servers[i % 2]!, `/api/invoices/from-estimate/${e.id}`, { cookie })),
    );
    expect(invoiced.map((r) => r.status)).toEqual(Array(50).fill(201));
    const invoiceNumbers = await Promise.all(
      invoiced.map(async (r) => ((await r.json()) as { invoiceNumber: string }).invoiceNumber),
    );
    expect(invoiceNumbers.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(4, "0")}`));
  }, 60_000);

  it("counts sign-in attempts over both servers: the 21st registration from one address in a minute and the 11th wrong password get 429", async () => {
    const outcomes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const email = `limit-${i}-${crypto.randomUUID()}@example.com`;
      const response = await send(servers[i % 2]!, "/register", {
        form: { name: `Limit ${i}`, email, password: "secret123", confirmPassword: "secret123" },
      });
      outcomes.push(response.status);
    }
    expect(outcomes.slice(0, 20)).toEqual(Array(20).fill(302));
    expect(outcomes[20]).toBe(429);

    const { user } = await signedInAccount();
    const wrong = { email: user.email, password: "not-the-password" };
    const attempts: number[] = [];
    for (let i = 0; i < 11; i++) attempts.push((await send(servers[i % 2]!, "/api/auth/login", { json: wrong })).status);
    expect(attempts).toEqual([...Array(10).fill(401), 429]);
  }, 60_000);

  it("neither server logged an error", () => {
    for (const server of servers) expect(server.output.join(""), `server ${server.name}`).not.toMatch(/error|unhandled/i);
  });
});
