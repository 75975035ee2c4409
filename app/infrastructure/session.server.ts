import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createCookie, redirect } from "@remix-run/node";
import { and, count, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { accountMembers, sessions, users, type Role, type User } from "#db/schema";
import { now as clockNow } from "~/lib/clock";
import { type Access, can, NO_ACCESS_MESSAGE } from "~/lib/permissions";
import { getDb, preparedQuery } from "./db.server";
import { env } from "./env.server";
import { memoInRequest } from "./request-memo.server";

/** Sessions end after two weeks without use, and after sixty days whatever happens. */
export const IDLE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 60 * 24 * 60 * 60 * 1000;
// Refreshing last-seen on every request would turn every read into a write.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

let secrets: string[] | undefined;

/**
 * The signing secret: SESSION_SECRET when set, else one generated on first start and
 * kept beside the database so `npm start` works on a fresh machine and sessions survive restarts.
 */
export function sessionSecrets(): string[] {
  if (secrets) return secrets;
  const fromEnv = env().SESSION_SECRET;
  if (fromEnv) {
    secrets = fromEnv
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    return secrets;
  }
  const file = path.resolve(process.cwd(), "data/session-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  secrets = [readFileSync(file, "utf8").trim()];
  return secrets;
}

/** Served over HTTPS (directly, behind Fly's proxy, or as APP_URL declares)? */
export function isSecureRequest(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  if (request.headers.get("x-forwarded-proto") === "https") return true;
  return env().APP_URL?.startsWith("https:") ?? false;
}

function sessionCookie(secure: boolean) {
  return createCookie(secure ? "__Host-td_session" : "td_session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: sessionSecrets(),
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
}

/** A token as it is stored: its SHA-256 (sessions, invitations). */
export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

async function readToken(request: Request): Promise<string | null> {
  const value = await sessionCookie(isSecureRequest(request)).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * Starts a new session for the user: a fresh random id every sign-in, stored hashed
 * (a copy of the database does not hand out live sessions). Returns the Set-Cookie header.
 */
export async function createUserSession(request: Request, userId: string): Promise<string> {
  const db = await getDb();
  const previous = await readToken(request);
  if (previous) await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.batch([
    db.insert(sessions).values({
      id: hashToken(token),
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + ABSOLUTE_TIMEOUT_MS),
    }),
    db
      .update(users)
      .set({ lastSignInAt: new Date(now) })
      .where(eq(users.id, userId)),
  ]);
  return sessionCookie(isSecureRequest(request)).serialize(token);
}

/**
 * A signed-in login and its place in an account (docs/decisions/029): `id` is the login's,
 * `accountId` the business's, which every query of the account's records takes.
 */
export type SessionUser = User & { accountId: string; memberId: string; role: Role };

/**
 * The signed-in user, or null when there is no live session. The root, the /app layout and
 * the page each ask; within one GET request the session is read once (request-memo.server.ts).
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  return memoInRequest(`session:${request.headers.get("Cookie") ?? ""}`, () => readSessionUser(request));
}

// The session, its user and the user's membership, on every signed-in request. A login without
// a membership (removed from its account) has no live session.
const sessionUserQuery = preparedQuery((db) =>
  db
    .select({
      session: sessions,
      user: users,
      member: { id: accountMembers.id, accountId: accountMembers.accountId, role: accountMembers.role },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accountMembers, eq(accountMembers.userId, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare(),
);

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  const token = await readToken(request);
  if (!token) return null;
  const db = await getDb();
  const now = Date.now();
  const id = hashToken(token);
  const row = await (await sessionUserQuery()).get({ id, now });
  if (!row) return null;
  if (now - row.session.lastSeenAt.getTime() > IDLE_TIMEOUT_MS) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return { ...row.user, accountId: row.member.accountId, memberId: row.member.id, role: row.member.role };
}

/** Ends the session on the server and returns the header that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  }
  return sessionCookie(isSecureRequest(request)).serialize("", { maxAge: 0 });
}

/** The stored id of the request's session (its token, hashed), or null without one. */
export async function currentSessionId(request: Request): Promise<string | null> {
  const token = await readToken(request);
  return token ? hashToken(token) : null;
}

/** Every other live session of the account: other browsers and devices signed in. */
export async function countOtherSessions(request: Request, userId: string): Promise<number> {
  const db = await getDb();
  const current = (await currentSessionId(request)) ?? "";
  const [row] = await db
    .select({ value: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, current), gt(sessions.expiresAt, new Date())));
  return row?.value ?? 0;
}

/** "Sign out of all other devices": deletes every session of the account but the request's own. */
export async function endOtherSessions(request: Request, userId: string): Promise<number> {
  const db = await getDb();
  const current = (await currentSessionId(request)) ?? "";
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, current)))
    .returning({ expiresAt: sessions.expiresAt });
  // Expired rows go too; only the live ones were devices still signed in.
  const now = Date.now();
  return ended.filter((row) => row.expiresAt.getTime() > now).length;
}

/**
 * Deletes the sessions that can no longer sign anyone in at `now`: past their end (sixty days),
 * or unused for longer than the idle timeout. The work runner does it once a day; how many went.
 */
export async function deleteExpiredSessions(now: Date = clockNow()): Promise<number> {
  const db = await getDb();
  const result = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))));
  return result.rowsAffected;
}

/** The answer to a member whose role lacks what a page, form or API call needs: 403 `{ message }`. */
export function noAccess(): Response {
  return new Response(JSON.stringify({ message: NO_ACCESS_MESSAGE }), {
    status: 403,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}

/**
 * The signed-in member, who must have `access` (app/lib/permissions.ts): without a session the
 * browser goes to sign-in and back; a role without it gets 403 (inside the shell for a page).
 */
export async function requireUser(request: Request, access: Access): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) {
    if (!can(user.role, access)) throw noAccess();
    return user;
  }
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

export async function requireAnonymous(request: Request) {
  if (await getSessionUser(request)) throw redirect("/app");
}
