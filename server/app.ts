import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { healthCheck } from "./health";
import { loadContextFor } from "./load-context";
import { rateLimit } from "./rate-limit";
import { readYourWrites } from "./replica";
import { bodyLimits, bodyRefusalErrors } from "./body-limit";
import { compressResponses } from "./compression";
import { formBodiesOnly, sameOriginOnly, securityHeaders, STRIPE_CHECKOUT_ORIGIN } from "./security";
import { buildDirectory, importProductionBuild, runtimeOf, type AppRuntime } from "./runtime";

const READ_METHODS = new Set(["GET", "HEAD"]);
const AUTH_PATHS = ["/login", "/register", "/api/auth/login", "/api/auth/register", "/demo", "/contact-sales"];

/**
 * The Express app around the Remix build, and the app's runtime taken from that build (the
 * server holds no other copy of the app's modules: server/runtime.ts). In development the
 * build comes from Vite's dev server, whose module graph is one for the runtime and the routes.
 */
/**
 * Where card payment forms go: Stripe Checkout, or the origin of STRIPE_API_URL when the app is
 * pointed at a stand-in for Stripe (the tests' loopback server hosts its checkout page there).
 */
function checkoutOrigin(stripeApiUrl: string | undefined): string {
  if (!stripeApiUrl) return STRIPE_CHECKOUT_ORIGIN;
  try {
    return `${STRIPE_CHECKOUT_ORIGIN} ${new URL(stripeApiUrl).origin}`;
  } catch {
    return STRIPE_CHECKOUT_ORIGIN;
  }
}

export async function createApp(options: { mode: "production" | "development"; root: string }) {
  const production = options.mode === "production";
  const loaded = production ? await productionBuild(options.root) : await developmentBuild();
  const { runtime } = loaded;
  const config = runtime.config();
  const app = express();
  app.disable("x-powered-by");
  // Fly's proxy terminates TLS and says so in X-Forwarded-Proto.
  app.set("trust proxy", true);
  app.use(compressResponses());
  app.use(securityHeaders({ production, checkoutOrigin: checkoutOrigin(process.env.STRIPE_API_URL) }));

  app.get("/healthz", healthCheck(runtime));

  // Bodies are capped as they stream in, and an unread one closes its connection (server/body-limit.ts).
  app.use(bodyLimits());
  app.use(sameOriginOnly());
  app.use(formBodiesOnly());
  // Matched by the route a request reaches, however its path is spelled (server/rate-limit.ts).
  const limit = (routes: string[]) =>
    rateLimit({ routes, limiter: runtime.rateLimiter({ windowMs: 60_000, max: config.RATE_LIMIT_AUTH_PER_MINUTE }) });
  app.use(limit(AUTH_PATHS));
  // The customer's approve and decline forms on a shared estimate (POST /e/{token}) and "Pay now"
  // on a shared invoice (POST /i/{token}) are public too, and so is the customer hub's form (POST /c/{token}).
  app.use(limit(["/e/*", "/i/*", "/c/*"]));
  // The work request form of a contractor's public page (POST /request/{slug}).
  app.use(limit(["/request/*"]));

  let clientDir: string | undefined;
  if (production) {
    const client = path.join(buildDirectory(options.root), "client");
    clientDir = client;
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(publicFiles(express.static(client, { maxAge: "1h" })));
    app.use(requestLog());
  } else if ("middlewares" in loaded) {
    app.use(requestLog());
    app.use(loaded.middlewares);
  }

  // With an embedded replica per machine, a browser that just wrote reads its writes on any machine.
  if (config.replica) app.use(readYourWrites(() => runtime.syncReplica()));

  const remix = createRequestHandler({
    build: loaded.build,
    mode: options.mode,
    getLoadContext: (req, res) => loadContextFor(req.method, res.locals.cspNonce as string, clientDir),
  });
  // A GET runs no action: its loaders share one read of the session and the shell's settings.
  // Mounted with use(), not all("*"): a route path makes Express decode the URL first and
  // answer its own HTML 400 (with a stack in the log) to a malformed escape such as "%E0%A4%A".
  // Remix's router keeps such a segment as it is, so the page or the API answers its own 404.
  app.use((req, res, next) =>
    READ_METHODS.has(req.method) ? runtime.inRequestScope(() => remix(req, res, next)) : remix(req, res, next),
  );
  app.use(bodyRefusalErrors());
  return { app, runtime };
}

async function productionBuild(root: string) {
  const build = await importProductionBuild(root);
  return { build, runtime: runtimeOf(build) };
}

/**
 * Vite's dev server: the build is loaded afresh when a module changed, and the runtime is the
 * same module instance the build's entry exports (one Vite module graph).
 */
async function developmentBuild() {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  const build = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  const runtime = runtimeOf(await build());
  return { build, runtime, middlewares: devServer.middlewares };
}

export type { AppRuntime };

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
