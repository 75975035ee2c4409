// The counters in the database (rate_limits): one count per key whichever connection or
// process counts it, windows that start over, reset and the daily purge of ended windows. And
// the per-e-mail sign-in limit: a clear 429 on /login and /api/auth/login once an address
// has had too many attempts, whoever sends them, and the same for addresses with no account.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getConnection, openDatabase, type DatabaseConnection } from "./db.server";
import { createUser } from "~/models/user.server";
import { action as loginAction } from "~/routes/login/route";
import { action as apiLogin } from "~/routes/api.auth.login/route";
import { formRequest, jsonRequest } from "../../test/requests";
import { runRoute } from "../../test/route";
import {
  deleteStaleRateLimits,
  FixedWindowLimiter,
  resetSignInLimits,
  retryMinutes,
  SIGN_IN_ATTEMPTS_PER_EMAIL,
  SIGN_IN_WINDOW_MS,
  signInAttempt,
  signInSucceeded,
} from "./rate-limit.server";

const ORIGIN = "http://localhost";
const email = () => `limit-${crypto.randomUUID()}@example.com`;

afterEach(() => resetSignInLimits());

let made = 0;
/** A limiter with a name of its own (so no test meets another's counts), on the app's connection or `connection`. */
const limiter = (max: number, options: { name?: string; windowMs?: number; connection?: DatabaseConnection } = {}) =>
  new FixedWindowLimiter({
    name: options.name ?? `test-${++made}`,
    windowMs: options.windowMs ?? 60_000,
    max,
    connection: options.connection && (async () => options.connection!),
  });

async function rows() {
  const { client } = await getConnection();
  const result = await client.execute("SELECT key, count, reset_at FROM rate_limits ORDER BY key");
  return result.rows.map((row) => ({ key: String(row.key), count: Number(row.count), resetAt: Number(row.reset_at) }));
}

describe("FixedWindowLimiter", () => {
  // A second connection to the test file's database (a file, or a libSQL server in the sqld
  // project), as a second app server has.
  let second: DatabaseConnection;
  beforeAll(async () => {
    await getConnection(); // migrated
    second = await openDatabase(process.env.DATABASE_URL!);
  });
  afterAll(() => second.client.close());

  it("allows max hits per window, then refuses with the seconds left, and starts over after the window", async () => {
    const one = limiter(3);
    const t0 = 1_000_000;
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push((await one.hit("k", t0)).ok);
    expect(hits).toEqual([true, true, true, false]);
    expect(await one.hit("k", t0 + 15_000)).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect((await one.hit("other", t0)).ok).toBe(true);
    // The window ends at t0 + 60 s: a hit then starts a new one, of its own 60 s.
    expect(await one.hit("k", t0 + 60_000)).toEqual({ ok: true, retryAfterSeconds: 60 });
    expect((await one.hit("k", t0 + 60_001)).ok).toBe(true);
    expect((await one.hit("k", t0 + 60_002)).ok).toBe(true);
    expect(await one.hit("k", t0 + 119_999)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("reset() deletes the key's row, and only that key's of that limiter", async () => {
    const name = `test-${++made}`;
    const one = limiter(1, { name });
    const other = limiter(1);
    const t0 = 2_000_000;
    await one.hit("a", t0);
    await one.hit("b", t0);
    await other.hit("a", t0);
    expect((await one.hit("a", t0)).ok).toBe(false);
    await one.reset("a");
    expect((await rows()).filter((row) => row.key === `${name}:a`)).toEqual([]);
    expect((await one.hit("a", t0)).ok).toBe(true);
    expect((await one.hit("b", t0)).ok).toBe(false);
    expect((await other.hit("a", t0)).ok).toBe(false);
  });

  it("keeps each limiter's counts apart by its name, as rows keyed name:key", async () => {
    const name = `test-${++made}`;
    const first = limiter(2, { name });
    const another = limiter(2);
    await first.hit("203.0.113.7 /login", 5_000_000);
    await first.hit("203.0.113.7 /login", 5_000_000);
    expect((await another.hit("203.0.113.7 /login", 5_000_000)).ok).toBe(true);
    expect((await rows()).filter((row) => row.key.startsWith(`${name}:`))).toEqual([
      { key: `${name}:203.0.113.7 /login`, count: 2, resetAt: 5_060_000 },
    ]);
    expect(() => new FixedWindowLimiter({ name: "Sign In", windowMs: 1, max: 1 })).toThrow(/name/);
  });

  it("counts across two connections to one database: of 30 interleaved hits, exactly the 21st on are refused", async () => {
    const name = `test-${++made}`;
    const machines = [limiter(20, { name }), limiter(20, { name, connection: second })];
    const t0 = 3_000_000;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await machines[i % 2]!.hit("198.51.100.4 /register", t0 + i)).ok);
    expect(answers.indexOf(false)).toBe(20);
    expect(answers).toEqual([...Array<boolean>(20).fill(true), ...Array<boolean>(10).fill(false)]);
  });

  it("counts 30 hits made at once exactly 30 times, on one connection and over two", async () => {
    const one = limiter(20);
    const answers = await Promise.all(Array.from({ length: 30 }, () => one.hit("burst", 4_000_000)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(20);

    const name = `test-${++made}`;
    const machines = [limiter(20, { name }), limiter(20, { name, connection: second })];
    const spread = await Promise.all(Array.from({ length: 30 }, (_, i) => machines[i % 2]!.hit("burst", 4_000_000)));
    expect(spread.filter((answer) => answer.ok)).toHaveLength(20);
    expect((await rows()).find((row) => row.key === `${name}:burst`)?.count).toBe(30);
  });

  it("clear() forgets its own limiter's counts only", async () => {
    const name = `test-${++made}`;
    const one = limiter(1, { name });
    const other = limiter(1);
    await one.hit("x", 1);
    await one.hit("y", 1);
    await other.hit("x", 1);
    await one.clear();
    expect((await rows()).filter((row) => row.key.startsWith(`${name}:`))).toEqual([]);
    expect((await other.hit("x", 1)).ok).toBe(false);
  });

  it("the purge deletes the rows whose window has ended, and keeps the others", async () => {
    const name = `test-${++made}`;
    const one = limiter(5, { name });
    const now = new Date(10_000_000);
    await one.hit("ended", now.getTime() - 120_000); // window ended at now - 60 s
    await one.hit("ends-now", now.getTime() - 60_000); // ends at now exactly
    await one.hit("running", now.getTime() - 30_000); // ends at now + 30 s
    expect(await deleteStaleRateLimits(now)).toBeGreaterThanOrEqual(2);
    const left = (await rows()).filter((row) => row.key.startsWith(`${name}:`));
    expect(left).toEqual([{ key: `${name}:running`, count: 1, resetAt: now.getTime() + 30_000 }]);
    expect((await rows()).every((row) => row.resetAt > now.getTime())).toBe(true);
  });
});

describe("sign-in attempts per e-mail", () => {
  it("counts an address however it is written, and a success clears it", async () => {
    const address = email();
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL; i++)
      expect((await signInAttempt(i % 2 ? address.toUpperCase() : ` ${address} `)).ok).toBe(true);
    const refused = await signInAttempt(address);
    expect(refused.ok).toBe(false);
    expect(retryMinutes(refused.retryAfterSeconds)).toBe(SIGN_IN_WINDOW_MS / 60_000);
    await signInSucceeded(address.toUpperCase());
    expect((await signInAttempt(address)).ok).toBe(true);
    expect(retryMinutes(1)).toBe(1);
  });

  it("/login answers 429 with a clear message after too many attempts, even with the right password", async () => {
    const address = email();
    await createUser({ name: "Ana", email: address, password: "secret1" });
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL; i++) {
      const wrong = await runRoute(loginAction, formRequest(`${ORIGIN}/login`, { email: address, password: `guess-${i}` }));
      expect(wrong.status).toBe(401);
    }
    const limited = await runRoute(loginAction, formRequest(`${ORIGIN}/login`, { email: address, password: "secret1" }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.data).toMatchObject({
      toast: {
        type: "error",
        title: "security.tooManyTitle",
        description: "security.tooManyAttempts",
        values: { minutes: "15" },
      },
      result: { error: { "": ["security.tooManyAttemptsShort"] } },
    });
    expect(limited.headers.getSetCookie().join()).not.toContain("td_session");
  });

  it("a successful sign-in before the limit clears the count", async () => {
    const address = email();
    await createUser({ name: "Ana", email: address, password: "secret1" });
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL - 1; i++) {
      await runRoute(loginAction, formRequest(`${ORIGIN}/login`, { email: address, password: `guess-${i}` }));
    }
    expect((await runRoute(loginAction, formRequest(`${ORIGIN}/login`, { email: address, password: "secret1" }))).status).toBe(
      302,
    );
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL; i++) {
      expect(
        (await runRoute(loginAction, formRequest(`${ORIGIN}/login`, { email: address, password: `again-${i}` }))).status,
      ).toBe(401);
    }
  });

  it("/api/auth/login answers 429 JSON with Retry-After, the same for an address with no account", async () => {
    const known = email();
    await createUser({ name: "Ana", email: known, password: "secret1" });
    const unknown = email();
    for (const address of [known, unknown]) {
      for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL; i++) {
        const response = await runRoute(
          apiLogin,
          jsonRequest(`${ORIGIN}/api/auth/login`, { email: address, password: `guess-${i}` }),
        );
        expect(response.status).toBe(401);
      }
      const limited = await runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, { email: address, password: "secret1" }));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({
        message: "Too many sign-in attempts for this email. Please wait 15 minutes and try again.",
      });
    }
    // Another address is not affected.
    const other = await runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, { email: email(), password: "x" }));
    expect(other.status).toBe(401);
  });

  it("a burst of parallel guesses is cut off at the limit", async () => {
    const address = email();
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_ATTEMPTS_PER_EMAIL + 5 }, (_, i) =>
        runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, { email: address, password: `p-${i}` })),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_ATTEMPTS_PER_EMAIL);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});
