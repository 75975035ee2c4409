import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "#db/schema";
import { createUser } from "~/models/user.server";
import { getDb, onQuery } from "./db.server";
import { inRequestScope } from "./request-memo.server";
import {
  ABSOLUTE_TIMEOUT_MS,
  countOtherSessions,
  createUserSession,
  currentSessionId,
  endOtherSessions,
  destroyUserSession,
  getSessionUser,
  IDLE_TIMEOUT_MS,
  requireUser,
} from "./session.server";

const BASE = "http://localhost/app";

async function signedIn() {
  const user = await createUser({ name: "Sam", email: `sam-${crypto.randomUUID()}@example.com`, password: "secret1" });
  const setCookie = await createUserSession(new Request(BASE), user.id);
  const cookie = setCookie.split(";")[0];
  return { user, cookie, request: () => new Request(BASE, { headers: { Cookie: cookie } }) };
}

describe("sessions", () => {
  it("a signed session cookie identifies the user; its id is stored only hashed", async () => {
    const { user, cookie, request } = await signedIn();
    expect((await getSessionUser(request()))?.id).toBe(user.id);
    const db = await getDb();
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(cookie).not.toContain(rows[0].id);
  });

  it("a tampered cookie is no session", async () => {
    const { cookie } = await signedIn();
    const tampered = cookie.slice(0, -3) + (cookie.endsWith("A") ? "BBB" : "AAA");
    expect(await getSessionUser(new Request(BASE, { headers: { Cookie: tampered } }))).toBeNull();
  });

  it("signing out deletes the session on the server", async () => {
    const { user, request } = await signedIn();
    const header = await destroyUserSession(request());
    expect(header).toMatch(/Max-Age=0/);
    expect(await getSessionUser(request())).toBeNull();
    const db = await getDb();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("signing in again replaces the old session with a new id", async () => {
    const { user, request, cookie } = await signedIn();
    const next = (await createUserSession(request(), user.id)).split(";")[0];
    expect(next).not.toBe(cookie);
    expect(await getSessionUser(request())).toBeNull();
    expect((await getSessionUser(new Request(BASE, { headers: { Cookie: next } })))?.id).toBe(user.id);
  });

  it("ends after the idle timeout and after the absolute timeout", async () => {
    const db = await getDb();
    const idle = await signedIn();
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - IDLE_TIMEOUT_MS - 1000) })
      .where(eq(sessions.userId, idle.user.id));
    expect(await getSessionUser(idle.request())).toBeNull();

    const old = await signedIn();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - ABSOLUTE_TIMEOUT_MS - 1000) })
      .where(eq(sessions.userId, old.user.id));
    expect(await getSessionUser(old.request())).toBeNull();
  });

  it("uses a __Host- Secure cookie over HTTPS and a plain one over HTTP", async () => {
    const { user } = await signedIn();
    const secure = await createUserSession(new Request("https://tradedesk.example/app"), user.id);
    expect(secure).toMatch(/^__Host-td_session=/);
    expect(secure).toMatch(/Secure/);
    expect(secure).toMatch(/HttpOnly/);
    expect(secure).toMatch(/SameSite=Lax/);
    const plain = await createUserSession(new Request("http://localhost/app"), user.id);
    expect(plain).toMatch(/^td_session=/);
    expect(plain).not.toMatch(/Secure/);
  });
});

describe("guards", () => {
  it("requireUser sends a visitor to /login with the way back", async () => {
    const thrown = await requireUser(new Request("http://localhost/app/customers?q=ana"), "customers").catch((error) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/login?redirectTo=%2Fapp%2Fcustomers%3Fq%3Dana");
  });
});

describe("other sessions", () => {
  it("counts and ends every session of the account but the current one, and nobody else's", async () => {
    const { user, request } = await signedIn();
    const elsewhere = [
      (await createUserSession(new Request(BASE), user.id)).split(";")[0],
      (await createUserSession(new Request(BASE), user.id)).split(";")[0],
    ];
    const stranger = await signedIn();
    expect(await countOtherSessions(request(), user.id)).toBe(2);
    expect(await currentSessionId(request())).toMatch(/^[0-9a-f]{64}$/);
    expect(await currentSessionId(new Request(BASE))).toBeNull();

    expect(await endOtherSessions(request(), user.id)).toBe(2);
    expect((await getSessionUser(request()))?.id).toBe(user.id);
    for (const other of elsewhere) expect(await getSessionUser(new Request(BASE, { headers: { Cookie: other } }))).toBeNull();
    expect((await getSessionUser(stranger.request()))?.id).toBe(stranger.user.id);
    expect(await countOtherSessions(request(), user.id)).toBe(0);
  });
});

describe("one session read per GET request", () => {
  it("reads the session once within a request, and a session ended shows on the very next request", async () => {
    const { user, request } = await signedIn();
    const reads: string[] = [];
    const stop = onQuery(({ sql }) => {
      if (/from "sessions"/i.test(sql)) reads.push(sql);
    });
    try {
      // The root, the /app layout and the page each ask, each with a Request of its own.
      const users = await inRequestScope(() =>
        Promise.all([getSessionUser(request()), requireUser(request(), "member"), getSessionUser(request())]),
      );
      expect(users.map((found) => found?.id)).toEqual([user.id, user.id, user.id]);
      expect(reads).toHaveLength(1);
      // Outside a request's scope (actions, scripts), every call reads.
      await getSessionUser(request());
      await getSessionUser(request());
      expect(reads).toHaveLength(3);
    } finally {
      stop();
    }
    // Another browser with no session in the same scope gets none: the cookie is part of the key.
    expect(await inRequestScope(() => getSessionUser(new Request(BASE)))).toBeNull();
    // "Sign out of all other devices" from another browser: the next request is signed out.
    const other = await createUserSession(new Request(BASE), user.id);
    await endOtherSessions(new Request(BASE, { headers: { Cookie: other.split(";")[0] } }), user.id);
    expect(await inRequestScope(() => getSessionUser(request()))).toBeNull();
    await expect(inRequestScope(() => requireUser(request(), "member"))).rejects.toMatchObject({ status: 302 });
  });
});
