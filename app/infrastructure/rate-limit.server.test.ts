// The per-e-mail sign-in limit: a clear 429 on /login and /api/auth/login once an address
// has had too many attempts, whoever sends them, and the same for addresses with no account.
import { afterEach, describe, expect, it } from "vitest";
import { createUser } from "~/models/user.server";
import { action as loginAction } from "~/routes/login/route";
import { action as apiLogin } from "~/routes/api.auth.login/route";
import { formRequest, jsonRequest } from "../../test/requests";
import { runRoute } from "../../test/route";
import {
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

describe("FixedWindowLimiter", () => {
  it("allows max hits per window, then refuses with the seconds left, and starts over after the window", () => {
    const limiter = new FixedWindowLimiter({ windowMs: 60_000, max: 3 });
    const t0 = 1_000_000;
    expect([1, 2, 3, 4].map(() => limiter.hit("k", t0).ok)).toEqual([true, true, true, false]);
    expect(limiter.hit("k", t0 + 15_000)).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect(limiter.hit("other", t0).ok).toBe(true);
    expect(limiter.hit("k", t0 + 60_000).ok).toBe(true);
    limiter.reset("other");
    expect(limiter.hit("other", t0).ok).toBe(true);
  });
});

describe("sign-in attempts per e-mail", () => {
  it("counts an address however it is written, and a success clears it", () => {
    const address = email();
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL; i++)
      expect(signInAttempt(i % 2 ? address.toUpperCase() : ` ${address} `).ok).toBe(true);
    const refused = signInAttempt(address);
    expect(refused.ok).toBe(false);
    expect(retryMinutes(refused.retryAfterSeconds)).toBe(SIGN_IN_WINDOW_MS / 60_000);
    signInSucceeded(address.toUpperCase());
    expect(signInAttempt(address).ok).toBe(true);
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
