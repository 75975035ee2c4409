// `npm run jobs -- --once --now <instant>` as two processes at once on one database file:
// each estimate follow-up and expiry reminder is e-mailed once (real SMTP on loopback), and
// running it again sends nothing more. It runs the production command (build/jobs.js, which
// takes the work from the Remix build), built first when the build is missing or stale.
import { spawn } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { accountSettings, estimates } from "#db/schema";
import { getSettings } from "~/models/settings.server";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "./accounts";
import { decodeWords, parseMime } from "./mime";
import { startSmtpServer } from "./smtp-server";
import { buildIsStale } from "../scripts/build-freshness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const T = new Date("2026-11-25T15:00:00Z");
const DAY = 86_400_000;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  if (buildIsStale(root, "build")) await build();
  smtp = await startSmtpServer();
}, 600_000);
afterAll(() => smtp.close());

/** `npm run build`, without blocking the test worker (Vitest's own messages must get through). */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed:\n${out}`))));
  });
}

/** Runs the one-pass command as its own process against this test's database file. */
function jobsCommand(now: Date, ...extra: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "build/jobs.js"), "--once", "--now", now.toISOString(), ...extra], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", SMTP_URL: smtp.url, APP_URL: "https://tradedesk.example", MAIL_FROM: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out }));
  });
}

describe("npm run jobs -- --once", () => {
  it("two at once send each due follow-up once; a second pass sends nothing", async () => {
    const { user } = await signedInAccount("Casey Contractor");
    const db = await getDb();
    await getSettings(user.id);
    await db
      .update(accountSettings)
      .set({ companyName: "Bluebonnet Electric", email: "office@bluebonnet.test" })
      .where(eq(accountSettings.accountId, user.id));
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
    // Sent four days ago, valid for long: its follow-up is due (after 3 days).
    const unanswered = await createEstimate(db, user.id, {
      customerId: customer.id,
      title: "Kitchen rewire",
      validUntil: "2099-03-15",
    });
    // Sent yesterday, valid until the day after tomorrow: no follow-up yet, but its expiry reminder.
    const expiring = await createEstimate(db, user.id, { customerId: customer.id, title: "Attic fan", validUntil: "2026-11-27" });
    // Answered, and never sent: nothing.
    const approved = await createEstimate(db, user.id, {
      customerId: customer.id,
      title: "Porch light",
      status: "approved",
      validUntil: "2026-11-26",
    });
    await createEstimate(db, user.id, { customerId: customer.id, title: "Never sent", validUntil: "2026-11-26" });
    await db
      .update(estimates)
      .set({ sentAt: new Date(T.getTime() - 4 * DAY), sentTo: "ana@example.com" })
      .where(eq(estimates.id, unanswered.id));
    await db
      .update(estimates)
      .set({ sentAt: new Date(T.getTime() - DAY), sentTo: "ana@example.com" })
      .where(eq(estimates.id, expiring.id));
    await db
      .update(estimates)
      .set({ sentAt: new Date(T.getTime() - 5 * DAY), sentTo: "ana@example.com" })
      .where(eq(estimates.id, approved.id));

    const [a, b] = await Promise.all([jobsCommand(T), jobsCommand(T)]);
    expect(a.code, a.out).toBe(0);
    expect(b.code, b.out).toBe(0);
    const subjects = smtp.received.map((mail) => decodeWords(parseMime(mail.raw).headers.get("subject") ?? "")).sort();
    expect(subjects).toEqual([
      `Estimate ${expiring.estimateNumber} from Bluebonnet Electric expires on Nov 27, 2026`,
      `Following up: estimate ${unanswered.estimateNumber} from Bluebonnet Electric`,
    ]);
    expect(smtp.received.every((mail) => mail.to.join() === "ana@example.com")).toBe(true);

    const again = await jobsCommand(new Date(T.getTime() + 60_000));
    expect(again.code, again.out).toBe(0);
    expect(JSON.parse(again.out.trim().split("\n").at(-1)!)).toMatchObject({ done: [], failed: [] });
    expect(smtp.received).toHaveLength(2);
  }, 120_000);

  it("--only does just the named kinds and sweeps, and refuses a name it does not know", async () => {
    const { user } = await signedInAccount("Casey Contractor");
    const db = await getDb();
    await getSettings(user.id);
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
    const past = await createEstimate(db, user.id, { customerId: customer.id, title: "Old quote", validUntil: "2026-11-01" });
    // Sent long ago: a follow-up would be due too.
    await db
      .update(estimates)
      .set({ sentAt: new Date(T.getTime() - 30 * DAY), sentTo: "ana@example.com" })
      .where(eq(estimates.id, past.id));
    const sent = smtp.received.length;

    const followUpsOnly = await jobsCommand(T, "--only", "invoice-reminder");
    expect(followUpsOnly.code, followUpsOnly.out).toBe(0);
    expect(JSON.parse(followUpsOnly.out.trim().split("\n").at(-1)!)).toMatchObject({ swept: {}, done: [] });
    const [still] = await db.select({ status: estimates.status }).from(estimates).where(eq(estimates.id, past.id));
    expect(still.status).toBe("pending");

    const sweepOnly = await jobsCommand(T, "--only", "estimates-expired");
    expect(sweepOnly.code, sweepOnly.out).toBe(0);
    expect(JSON.parse(sweepOnly.out.trim().split("\n").at(-1)!)).toMatchObject({ swept: { "estimates-expired": 1 }, done: [] });
    const [expired] = await db.select({ status: estimates.status }).from(estimates).where(eq(estimates.id, past.id));
    expect(expired.status).toBe("expired");
    expect(smtp.received.length).toBe(sent);

    const unknown = await jobsCommand(T, "--only", "follow-ups");
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain(
      '--only takes names among recurring-invoice, estimate-follow-up, estimate-expiry, invoice-reminder, sessions-purge, estimates-expired, files-purge; not "follow-ups"',
    );
  }, 120_000);

  it("refuses a --now that is not an instant, and runs nothing without --once", async () => {
    const bad = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(root, "build/jobs.js"), "--once", "--now", "tomorrow"], {
        cwd: root,
        env: { ...process.env, NODE_ENV: "production" },
      });
      let out = "";
      child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("exit", (code) => resolve({ code, out }));
    });
    expect(bad.code).toBe(2);
    expect(bad.out).toContain("--now must be an ISO instant");
  }, 60_000);
});
