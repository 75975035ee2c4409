import type { NextFunction, Request, Response } from "express";

/**
 * Read-your-writes across machines with embedded replicas (DATABASE_SYNC_URL).
 *
 * Each Fly machine reads from its own replica, which pulls the primary's writes every few
 * seconds. A write made through machine A is in A's replica at once, but Fly's proxy may
 * send the very next request (the redirect after signing in or saving a customer) to
 * machine B, whose replica can still be behind: the new session or customer would seem
 * missing. So a request that may write leaves a short-lived cookie, and while it lives
 * every request of that browser first syncs the replica that serves it. Browsers that
 * have not written recently read without waiting.
 */
export const WROTE_COOKIE = "td_wrote";
/** Twice the replica's sync interval (5 s, app/infrastructure/db.server.ts). */
export const WROTE_COOKIE_SECONDS = 10;

const READ_ONLY = new Set(["GET", "HEAD", "OPTIONS"]);

export function readYourWrites(sync: () => Promise<unknown>, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 2000;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!READ_ONLY.has(req.method)) {
      res.append("Set-Cookie", `${WROTE_COOKIE}=1; Max-Age=${WROTE_COOKIE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`);
    }
    if (hasCookie(req.headers.cookie, WROTE_COOKIE)) {
      let timer: NodeJS.Timeout | undefined;
      try {
        // A slow primary must not hold the page: past the limit the replica answers as it is.
        await Promise.race([
          sync(),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timed out")), timeoutMs))),
        ]);
      } catch (error) {
        console.warn("Replica sync before a read failed:", error instanceof Error ? error.message : error);
      } finally {
        clearTimeout(timer);
      }
    }
    next();
  };
}

function hasCookie(header: string | undefined, name: string): boolean {
  return (header ?? "").split(";").some((part) => part.trim().startsWith(`${name}=`));
}
