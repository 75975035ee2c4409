// /app/settings/security (change password, sign out of other devices) and the sign-in
// answers that must not tell an unknown e-mail from a wrong password.
import { afterEach, describe, expect, it } from "vitest";
import { createUser } from "~/models/user.server";
import { action as apiLogin } from "~/routes/api.auth.login/route";
import { action as loginAction } from "~/routes/login/route";
import { action as securityAction, loader as securityLoader } from "~/routes/app.settings_.security/route";
import { cookiesFrom, formRequest, jsonRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";
import { resetSignInLimits } from "~/infrastructure/rate-limit.server";
import { createUserSession, getSessionUser } from "~/infrastructure/session.server";

const ORIGIN = "http://localhost";
const URL = `${ORIGIN}/app/settings/security`;
const email = () => `sec-${crypto.randomUUID()}@example.com`;

afterEach(() => resetSignInLimits());

async function account(password = "secret1") {
  const address = email();
  const user = await createUser({ name: "Rosa", email: address, password });
  const session = async () => (await createUserSession(new Request(`${ORIGIN}/`), user.id)).split(";")[0];
  const cookie = await session();
  const others = [await session(), await session()];
  return { user, address, cookie, others };
}

const signedIn = async (cookie: string) => (await getSessionUser(new Request(URL, { headers: { Cookie: cookie } })))?.id ?? null;

async function post(cookie: string, fields: Record<string, string>) {
  return runRoute(securityAction, formRequest(URL, fields, { Cookie: cookie }));
}

const change = (current: string, next: string, confirm = next) => ({
  intent: "password",
  currentPassword: current,
  newPassword: next,
  confirmPassword: confirm,
});

describe("/app/settings/security", () => {
  it("shows how many other devices are signed in", async () => {
    const { cookie } = await account();
    const loaded = await runRoute(securityLoader, new Request(URL, { headers: { Cookie: cookie } }));
    expect(loaded.data).toEqual({ otherSessions: 2, canDeleteAccount: true });
  });

  it("refuses a missing or wrong current password, a short new one and a mismatched confirmation, changing nothing", async () => {
    const { user, address, cookie, others } = await account();
    const cases: [Record<string, string>, string, string][] = [
      [change("", "better1"), "currentPassword", "security.currentRequired"],
      [change("secret1", "short"), "newPassword", "auth.passwordTooShort"],
      [change("secret1", "better1", "better2"), "confirmPassword", "auth.passwordMismatch"],
      [{ intent: "password", currentPassword: "secret1", newPassword: "better1" }, "confirmPassword", "security.confirmRequired"],
      [change("wrong-one", "better1"), "currentPassword", "security.currentWrong"],
    ];
    for (const [fields, field, message] of cases) {
      const result = await post(cookie, fields);
      expect(result.status, message).toBe(400);
      const body = result.data as { result: { error: Record<string, string[]>; initialValue?: Record<string, unknown> } };
      expect(body.result.error[field], message).toContain(message);
      // Passwords are never sent back to the page.
      expect(JSON.stringify(body.result.initialValue ?? {})).not.toContain("secret1");
    }
    const wrong = await post(cookie, change("wrong-one", "better1"));
    expect(wrong.data).toMatchObject({
      toast: { type: "error", title: "security.changeFailed", description: "security.currentWrong" },
    });
    for (const session of [cookie, ...others]) expect(await signedIn(session)).toBe(user.id);
    const login = await runRoute(loginAction, formRequest(`${ORIGIN}/login`, { email: address, password: "secret1" }));
    expect(login.status).toBe(302);
  });

  it("changes the password, signs out every other device and renews this one's session", async () => {
    const { user, address, cookie, others } = await account();
    const result = await post(cookie, change("secret1", "better-password"));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app/settings/security");
    const renewed = cookiesFrom(new Response(null, { headers: result.headers }));
    expect(renewed).toMatch(/td_session=/);
    expect(renewed).toMatch(/td_toast=/);
    const fresh = renewed.split("; ").find((part) => part.startsWith("td_session="))!;
    expect(await signedIn(fresh)).toBe(user.id);
    for (const session of [cookie, ...others]) expect(await signedIn(session)).toBeNull();

    const old = await runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, { email: address, password: "secret1" }));
    expect(old.status).toBe(401);
    const next = await runRoute(
      apiLogin,
      jsonRequest(`${ORIGIN}/api/auth/login`, { email: address, password: "better-password" }),
    );
    expect(next.status).toBe(200);
  });

  it("signs out of all other devices and keeps this one", async () => {
    const { user, cookie, others } = await account();
    const stranger = await account();
    const result = await post(cookie, { intent: "sign-out-others" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app/settings/security");
    expect(result.headers.getSetCookie().join()).toMatch(/td_toast=/);
    expect(await signedIn(cookie)).toBe(user.id);
    for (const session of others) expect(await signedIn(session)).toBeNull();
    expect(await signedIn(stranger.cookie)).toBe(stranger.user.id);
    const loaded = await runRoute(securityLoader, new Request(URL, { headers: { Cookie: cookie } }));
    expect(loaded.data).toEqual({ otherSessions: 0, canDeleteAccount: true });
  });

  it("refuses an unknown intent, and sends a visitor to sign in", async () => {
    const { cookie } = await account();
    expect((await post(cookie, { intent: "delete-account" })).status).toBe(400);
    const visitor = await runRoute(securityAction, formRequest(URL, { intent: "sign-out-others" }));
    expect((visitor as Response).status).toBe(302);
    expect((visitor as Response).headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("sign-in answers do not tell an unknown e-mail from a wrong password", () => {
  it("the page and the API answer both exactly alike", async () => {
    const address = email();
    await createUser({ name: "Lee", email: address, password: "secret1" });
    const unknown = email();

    const form = async (who: string) =>
      await runRoute(loginAction, formRequest(`${ORIGIN}/login`, { email: who, password: "wrong-pass" }));
    const [a, b] = [await form(address), await form(unknown)];
    expect(a.status).toBe(401);
    expect(b.status).toBe(a.status);
    const strip = (body: unknown, who: string) => JSON.stringify(body).replaceAll(who, "<email>");
    expect(strip(b.data, unknown)).toBe(strip(a.data, address));

    const api = async (who: string) =>
      runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, { email: who, password: "wrong-pass" }));
    const [c, d] = [await api(address), await api(unknown)];
    expect([c.status, d.status]).toEqual([401, 401]);
    expect(await d.text()).toBe(await c.text());
  });

  // Timed in CPU (this process's, argon2's threads included), not on the wall clock: the other
  // test files running beside this one slowed the wall clock of either side at random. An
  // unknown e-mail must still cost a password hash, or it would answer in a fraction of the time.
  it("and cost the server about as much (median CPU of 10 tries each within a factor of 2)", async () => {
    const address = email();
    await createUser({ name: "Lee", email: address, password: "secret1" });
    const time = async (who: string) => {
      const started = process.cpuUsage();
      const response = await runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, { email: who, password: "wrong-pass" }));
      expect(response.status).toBe(401);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    await time(email());
    await time(address);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 10; i++) {
      await resetSignInLimits();
      known.push(await time(address));
      unknown.push(await time(email()));
    }
    const median = (list: number[]) => [...list].sort((x, y) => x - y)[5];
    const [k, u] = [median(known), median(unknown)];
    expect(Math.max(k, u) / Math.min(k, u), `wrong password ${k.toFixed(1)} ms, unknown e-mail ${u.toFixed(1)} ms`).toBeLessThan(
      2,
    );
  });
});
