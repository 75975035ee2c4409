import { now as clockNow } from "~/lib/clock";
import { normalizeEmail } from "~/lib/email";
import { getConnection, type DatabaseConnection } from "./db.server";

/**
 * Fixed-window counters kept in the database (`rate_limits`), so every app server on one
 * database counts the same attempts: a client spread over two machines gets the allowance of
 * one (docs/decisions/033-rate-limits-in-the-database.md). Shared by the Express per-address
 * limits (server/rate-limit.ts), the per-e-mail sign-in limit below, the AI calls per account
 * and the registration notices.
 *
 * Each limiter has a name that prefixes its keys (`sign-in:<e-mail>`), so two limiters never
 * share a count. A hit is one statement, atomic whatever the number of processes and
 * connections: the row is inserted, or counted on, or started over when its window has ended,
 * and the count and the window's end come back with it.
 */
export class FixedWindowLimiter {
  private readonly prefix: string;

  constructor(
    private readonly options: {
      /** Prefixes the keys: `sign-in`, `ai`, `notice`, `address`. */
      name: string;
      windowMs: number;
      max: number;
      /** The database (tests open a second connection); the application's by default. */
      connection?: () => Promise<DatabaseConnection>;
    },
  ) {
    if (!/^[a-z][a-z0-9-]*$/.test(options.name))
      throw new Error(`A limiter's name is lowercase letters, digits and dashes: ${options.name}`);
    this.prefix = `${options.name}:`;
  }

  private async client() {
    return (await (this.options.connection ?? getConnection)()).client;
  }

  /** Counts one attempt for the key; refused once the window holds more than `max`. */
  async hit(key: string, now = clockNow().getTime()): Promise<{ ok: boolean; retryAfterSeconds: number }> {
    const result = await (await this.client()).execute({ sql: HIT, args: [this.prefix + key, now, this.options.windowMs] });
    const row = result.rows[0]!;
    const count = Number(row.count);
    const resetAt = Number(row.reset_at);
    return { ok: count <= this.options.max, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }

  /** Forgets the key's count. */
  async reset(key: string) {
    await (await this.client()).execute({ sql: "DELETE FROM rate_limits WHERE key = ?", args: [this.prefix + key] });
  }

  /** For tests: forgets every count of this limiter (its keys are `name:` up to `name;`, on the primary key). */
  async clear() {
    await (
      await this.client()
    ).execute({
      sql: "DELETE FROM rate_limits WHERE key >= ? AND key < ?",
      args: [this.prefix, `${this.options.name};`],
    });
  }
}

// ?1 the key, ?2 now, ?3 the window. SQLite evaluates every SET expression on the row as it
// was, so both CASEs see the old reset_at.
const HIT = `INSERT INTO rate_limits (key, count, reset_at) VALUES (?1, 1, ?2 + ?3)
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN reset_at <= ?2 THEN 1 ELSE count + 1 END,
  reset_at = CASE WHEN reset_at <= ?2 THEN ?2 + ?3 ELSE reset_at END
RETURNING count, reset_at`;

/**
 * Deletes the counts whose window ended at or before `now`: their keys name addresses and
 * e-mails, which are kept no longer than they count. The work runner does it once a day
 * (`sessions-purge`, app/services/work-kinds.server.ts); how many went.
 */
export async function deleteStaleRateLimits(now: Date = clockNow()): Promise<number> {
  const { client } = await getConnection();
  const result = await client.execute({ sql: "DELETE FROM rate_limits WHERE reset_at <= ?", args: [now.getTime()] });
  return result.rowsAffected;
}

/** Sign-in attempts per e-mail address, whoever sends them, in a quarter of an hour. */
export const SIGN_IN_ATTEMPTS_PER_EMAIL = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

const signIns = new FixedWindowLimiter({ name: "sign-in", windowMs: SIGN_IN_WINDOW_MS, max: SIGN_IN_ATTEMPTS_PER_EMAIL });

/**
 * Counts a sign-in attempt for the e-mail before the password is checked, so a burst of
 * parallel guesses is cut off too. Unknown and known addresses are counted alike: the
 * 429 says nothing about whether an account exists.
 */
export function signInAttempt(email: string, now?: number) {
  return signIns.hit(normalizeEmail(email), now);
}

/** A successful sign-in clears the e-mail's count: the owner is not locked out by their own typos. */
export function signInSucceeded(email: string) {
  return signIns.reset(normalizeEmail(email));
}

/** The 429 message, in whole minutes (at least one). */
export function retryMinutes(retryAfterSeconds: number) {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** For tests: forget every sign-in count. */
export function resetSignInLimits() {
  return signIns.clear();
}
