import type { NextFunction, Request, Response } from "express";
import { FixedWindowLimiter } from "~/services/rate-limit.server";

/**
 * A fixed-window limit on requests per client address and path, kept in memory (one Fly
 * machine keeps its own counts, which is enough to slow down password guessing). The
 * sign-in forms also limit attempts per e-mail, inside their actions
 * (app/services/rate-limit.server.ts), where the body has been read.
 */
export function rateLimit(options: { windowMs: number; max: number; methods?: string[] }) {
  const limiter = new FixedWindowLimiter(options);
  const methods = options.methods ?? ["POST"];
  return (req: Request, res: Response, next: NextFunction) => {
    if (!methods.includes(req.method)) return next();
    const { ok, retryAfterSeconds } = limiter.hit(`${clientAddress(req)} ${routePath(req)}`);
    if (ok) return next();
    res.setHeader("Retry-After", String(retryAfterSeconds));
    const message = `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`;
    if (req.path.startsWith("/api/") || req.baseUrl.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
      res.status(429).json({ message });
    } else {
      res.status(429).type("html").send(`<!doctype html><meta charset="utf-8"><title>Too many attempts</title><p>${message}</p>`);
    }
  };
}

/**
 * The paths to mount a limit on, with the `.data` twin Remix's single fetch posts to when
 * JavaScript is on (`/login.data`): without it the limit would only see no-JS forms.
 */
export function withDataRoutes(paths: string[]): string[] {
  return paths.flatMap((p) => (p.startsWith("/api/") ? [p] : [p, `${p}.data`]));
}

/** `/login` and `/login.data` are one form: they share one count. */
function routePath(req: Request) {
  return `${req.baseUrl}${req.path}`.replace(/\/$/, "").replace(/\.data$/, "");
}

/**
 * The caller's address. Fly's proxy puts it in Fly-Client-IP (and overwrites one a client
 * sends), so the header is believed only on Fly; anywhere else a client could pick a new
 * address per request with it, and the socket's address is used.
 */
export function clientAddress(req: Request): string {
  const fly = req.headers["fly-client-ip"];
  if (process.env.FLY_APP_NAME && typeof fly === "string" && fly) return fly;
  return req.socket.remoteAddress ?? "unknown";
}
