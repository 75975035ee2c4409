import type { NextFunction, Request, Response } from "express";

/**
 * A fixed-window limit on requests per client address, kept in memory (one Fly
 * machine keeps its own counts, which is enough to slow down password guessing).
 */
export function rateLimit(options: { windowMs: number; max: number; methods?: string[] }) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const methods = options.methods ?? ["POST"];
  return (req: Request, res: Response, next: NextFunction) => {
    if (!methods.includes(req.method)) return next();
    const now = Date.now();
    if (hits.size > 10_000) {
      for (const [key, entry] of hits) if (entry.resetAt <= now) hits.delete(key);
    }
    const key = `${clientAddress(req)} ${req.baseUrl}${req.path}`;
    const entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      hits.set(key, { count: 1, resetAt: now + options.windowMs });
      return next();
    }
    entry.count += 1;
    if (entry.count <= options.max) return next();
    const retryAfter = Math.ceil((entry.resetAt - now) / 1000);
    res.setHeader("Retry-After", String(retryAfter));
    const message = `Too many attempts. Please wait ${retryAfter} seconds and try again.`;
    if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
      res.status(429).json({ message });
    } else {
      res.status(429).type("html").send(`<!doctype html><meta charset="utf-8"><title>Too many attempts</title><p>${message}</p>`);
    }
  };
}

/** The caller's address: Fly puts it in Fly-Client-IP; elsewhere the socket's. */
export function clientAddress(req: Request): string {
  const fly = req.headers["fly-client-ip"];
  if (typeof fly === "string" && fly) return fly;
  return req.socket.remoteAddress ?? "unknown";
}
