import { normalizeEmail } from "~/lib/email";

/**
 * Fixed-window counters kept in memory: one Fly machine keeps its own counts, which is
 * enough to slow down password guessing. Shared by the Express per-address limits
 * (server/rate-limit.ts) and the per-e-mail sign-in limit below.
 */
export class FixedWindowLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly options: { windowMs: number; max: number }) {}

  /** Counts one attempt for the key; refused once the window holds more than `max`. */
  hit(key: string, now = Date.now()): { ok: boolean; retryAfterSeconds: number } {
    if (this.hits.size > 10_000) {
      for (const [stale, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(stale);
    }
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.options.windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    return { ok: entry.count <= this.options.max, retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  clear() {
    this.hits.clear();
  }
}

/** Sign-in attempts per e-mail address, whoever sends them, in a quarter of an hour. */
export const SIGN_IN_ATTEMPTS_PER_EMAIL = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

const signIns = new FixedWindowLimiter({ windowMs: SIGN_IN_WINDOW_MS, max: SIGN_IN_ATTEMPTS_PER_EMAIL });

/**
 * Counts a sign-in attempt for the e-mail before the password is checked, so a burst of
 * parallel guesses is cut off too. Unknown and known addresses are counted alike: the
 * 429 says nothing about whether an account exists.
 */
export function signInAttempt(email: string, now = Date.now()) {
  return signIns.hit(normalizeEmail(email), now);
}

/** A successful sign-in clears the e-mail's count: the owner is not locked out by their own typos. */
export function signInSucceeded(email: string) {
  signIns.reset(normalizeEmail(email));
}

/** The 429 message, in whole minutes (at least one). */
export function retryMinutes(retryAfterSeconds: number) {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** For tests: forget every count. */
export function resetSignInLimits() {
  signIns.clear();
}
