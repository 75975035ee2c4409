import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { getConnection } from "~/infrastructure/db.server";
import { inRequestScope } from "~/infrastructure/request-memo.server";
import { env } from "~/infrastructure/env.server";
import { healthCheck } from "./health";
import { loadContextFor } from "./load-context";
import { rateLimit } from "./rate-limit";
import { readYourWrites } from "./replica";
import { bodyLimits, bodyRefusalErrors } from "./body-limit";
import { compressResponses } from "./compression";
import { formBodiesOnly, sameOriginOnly, securityHeaders } from "./security";

const READ_METHODS = new Set(["GET", "HEAD"]);
const AUTH_PATHS = ["/login", "/register", "/api/auth/login", "/api/auth/register", "/demo", "/contact-sales"];

export async function createApp(options: { mode: "production" | "development"; root: string }) {
  const production = options.mode === "production";
  const app = express();
  app.disable("x-powered-by");
  // Fly's proxy terminates TLS and says so in X-Forwarded-Proto.
  app.set("trust proxy", true);
  app.use(compressResponses());
  app.use(securityHeaders({ production }));

  app.get("/healthz", healthCheck);

  // Bodies are capped as they stream in, and an unread one closes its connection (server/body-limit.ts).
  app.use(bodyLimits());
  app.use(sameOriginOnly());
  app.use(formBodiesOnly());
  // Matched by the route a request reaches, however its path is spelled (server/rate-limit.ts).
  app.use(rateLimit({ windowMs: 60_000, max: env().RATE_LIMIT_AUTH_PER_MINUTE, routes: AUTH_PATHS }));
  // The customer's approve and decline forms on a shared estimate (POST /e/{token}) and "Pay now"
  // on a shared invoice (POST /i/{token}) are public too.
  app.use(rateLimit({ windowMs: 60_000, max: env().RATE_LIMIT_AUTH_PER_MINUTE, routes: ["/e/*", "/i/*"] }));

  if (!production) app.use(requestLog());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let clientDir: string | undefined;
  if (production) {
    const buildDir = path.join(options.root, process.env.BUILD_DIR ?? "build");
    const client = path.join(buildDir, "client");
    clientDir = client;
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(publicFiles(express.static(client, { maxAge: "1h" })));
    app.use(requestLog());
    build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    build = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  }

  // With an embedded replica per machine, a browser that just wrote reads its writes on any machine.
  if (env().DATABASE_SYNC_URL) app.use(readYourWrites(async () => (await getConnection()).client.sync()));

  const remix = createRequestHandler({
    build,
    mode: options.mode,
    getLoadContext: (req, res) => loadContextFor(req.method, res.locals.cspNonce as string, clientDir),
  });
  // A GET runs no action: its loaders share one read of the session and the shell's settings.
  // Mounted with use(), not all("*"): a route path makes Express decode the URL first and
  // answer its own HTML 400 (with a stack in the log) to a malformed escape such as "%E0%A4%A".
  // Remix's router keeps such a segment as it is, so the page or the API answers its own 404.
  app.use((req, res, next) =>
    READ_METHODS.has(req.method) ? inRequestScope(() => remix(req, res, next)) : remix(req, res, next),
  );
  app.use(bodyRefusalErrors());
  return app;
}

/**
 * The public files (robots.txt, the icons, the web manifest) all have an extension, and the
 * app's pages and API paths do not: those skip the disk. Every page used to cost a stat of a
 * file that is not there and the error object that says so (about 0.5 ms of CPU).
 */
function publicFiles(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => (/\.[^/]*$/.test(req.path) ? serve(req, res, next) : next());
}

function requestLog() {
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (process.env.NODE_ENV === "test" || process.env.QUIET_LOG) return next();
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}
