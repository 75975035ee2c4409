// The address an account's people reach the app at, kept for the links in e-mails sent with no
// request behind them (payment reminders, estimate follow-ups, recurring invoices) when the
// server has no APP_URL. One row per account in app_origins (migration 0027): a Host header is
// whatever the client sends, so it is only taken from the account's own signed-in people, and
// only ever used for that account's mail.
import { eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { appOrigins } from "#db/schema";
import { now as clockNow } from "~/lib/clock";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";

/**
 * The origin the browser reached the app at: the request's host, over https when the request
 * came that way or Fly's proxy says so (X-Forwarded-Proto; the proxy speaks http to the app),
 * as `isSecureRequest` (app/infrastructure/session.server.ts) decides, without its APP_URL
 * fallback (a stored address is only used when APP_URL is not set). Null for anything that is
 * not http(s) or has no host.
 */
export function requestOrigin(request: Request): string | null {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  if (forwarded === "https") url.protocol = "https:";
  return url.origin;
}

/**
 * Keeps the address of this request as the account's (after a sign-in or a registration). One
 * statement, and no write at all when it is the one already stored. True when it was written.
 */
export async function recordAppOrigin(accountId: string, request: Request, at: Date = clockNow()): Promise<boolean> {
  const origin = requestOrigin(request);
  if (!origin) return false;
  const db = await getDb();
  const written = await db
    .insert(appOrigins)
    .values({ accountId, origin, updatedAt: at })
    .onConflictDoUpdate({
      target: appOrigins.accountId,
      set: { origin, updatedAt: at },
      setWhere: sql`${appOrigins.origin} is not ${origin}`,
    })
    .returning({ accountId: appOrigins.accountId });
  return written.length > 0;
}

/** The account's stored address, or null. */
export async function storedAppOrigin(accountId: string): Promise<string | null> {
  const db = await getDb();
  const row = await db.select({ origin: appOrigins.origin }).from(appOrigins).where(eq(appOrigins.accountId, accountId)).get();
  return row?.origin ?? null;
}

/**
 * The stored address of the account, recording this request's when there is none yet (a save of
 * Settings: an account signed in before addresses were kept). One read when one is stored.
 */
export async function appOriginOrRecord(accountId: string, request: Request): Promise<string | null> {
  const stored = await storedAppOrigin(accountId);
  if (stored) return stored;
  const origin = requestOrigin(request);
  if (!origin) return null;
  const db = await getDb();
  await db.insert(appOrigins).values({ accountId, origin, updatedAt: clockNow() }).onConflictDoNothing();
  return storedAppOrigin(accountId);
}

/** APP_URL without its trailing slashes, when the server has one. */
export function configuredAppUrl(): string | null {
  return env().APP_URL?.replace(/\/+$/, "") || null;
}

/**
 * Where the links of e-mails sent with no request behind them point, for each of these accounts:
 * APP_URL when it is set, else the account's stored address. Accounts with neither are absent.
 */
export async function linkOrigins(accountIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(accountIds)];
  const configured = configuredAppUrl();
  if (configured) return new Map(ids.map((id) => [id, configured]));
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const found = new Map<string, string>();
  // In slices: SQLite allows a bounded number of parameters per statement.
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .select({ accountId: appOrigins.accountId, origin: appOrigins.origin })
      .from(appOrigins)
      .where(inArray(appOrigins.accountId, ids.slice(start, start + 500)));
    for (const row of rows) found.set(row.accountId, row.origin);
  }
  return found;
}

/**
 * The condition, for a due query, that the account `accountId` names has somewhere for links to
 * point: nothing to check when APP_URL is set, else a stored address. In the query, before its
 * limit, so accounts that must wait never fill the limit and starve the others (decision 014).
 */
export function hasLinkOrigin(accountId: SQLWrapper): SQL | undefined {
  if (configuredAppUrl()) return undefined;
  return sql`exists (select 1 from ${appOrigins} where ${appOrigins.accountId} = ${accountId})`;
}

/** Where this account's links in e-mails sent with no request behind them point, or null (they are not sent). */
export async function linkOrigin(accountId: string): Promise<string | null> {
  return (await linkOrigins([accountId])).get(accountId) ?? null;
}
