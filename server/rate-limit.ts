import type { NextFunction, Request, Response } from "express";
import type { RequestLimiter } from "./runtime";

/**
 * A limit on requests per client address and route, counted by `limiter` (the app's
 * fixed-window counter in the database, shared by every server on it, from the build's
 * runtime: server/runtime.ts). Only the limited requests (POSTs to these routes) pay for the
 * count: one statement, one round trip on a libSQL server. The sign-in forms
 * also limit attempts per e-mail, inside their actions (app/infrastructure/rate-limit.server.ts),
 * where the body has been read.
 *
 * `routes` are the routes limited, in their canonical spelling (routeKey): `/login`, or
 * `/e/*` for every path under `/e/`. The request is matched and counted by the route it
 * will actually reach, not by how its path is spelled: `/LOGIN`, `/log%69n`, `/login/`,
 * `/./login` and `/login.data` (what a form posts to with JavaScript on) are all `/login`.
 */
export function rateLimit(options: { limiter: RequestLimiter; routes: string[]; methods?: string[] }) {
  const { limiter } = options;
  const methods = options.methods ?? ["POST"];
  const exact = new Set(options.routes.filter((route) => !route.endsWith("/*")).map(routeKey));
  const prefixes = options.routes.filter((route) => route.endsWith("/*")).map((route) => `${routeKey(route.slice(0, -2))}/`);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!methods.includes(req.method)) return next();
    const route = routeKey(req.originalUrl);
    const prefix = prefixes.find((p) => route.startsWith(p));
    if (!exact.has(route) && !prefix) return next();
    // Every path under a prefix shares one count (a new token per guess is no way around it).
    // The count is in the database: a failure to reach it is the request's error (a 500), not a pass.
    let counted: { ok: boolean; retryAfterSeconds: number };
    try {
      counted = await limiter.hit(`${clientAddress(req)} ${prefix ?? route}`);
    } catch (error) {
      return next(error);
    }
    const { ok, retryAfterSeconds } = counted;
    if (ok) return next();
    res.setHeader("Retry-After", String(retryAfterSeconds));
    const message = `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`;
    if (route.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
      res.status(429).json({ message });
    } else {
      res.status(429).type("html").send(`<!doctype html><meta charset="utf-8"><title>Too many attempts</title><p>${message}</p>`);
    }
  };
}

/**
 * The route a path reaches, spelled one way. The URL parser resolves `.` and `..` segments
 * (`%2e` too) as Remix's request URL does; each segment is then percent-decoded as Remix's
 * router decodes it (an encoded slash stays one), and the router matches without regard to
 * case and ignores a trailing slash. Empty segments are collapsed as well: a path the
 * router would not match anyway may share a count, which only errs on the safe side.
 * The single-fetch twin (`/login.data`) is the page's form too.
 */
export function routeKey(url: string): string {
  // `//login` would read as a host to the URL parser: collapse empty segments first.
  const raw = url.split(/[?#]/)[0]!.replace(/\/{2,}/g, "/");
  let pathname: string;
  try {
    pathname = new URL(raw, "http://route.invalid").pathname;
  } catch {
    pathname = raw;
  }
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/");
  return (
    decoded
      .toLowerCase()
      .replace(/\/{2,}/g, "/")
      .replace(/\/+$/, "")
      .replace(/\.data$/, "")
      .replace(/\/+$/, "") || "/"
  );
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
