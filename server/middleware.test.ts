// The Express middleware in front of Remix, exercised over real HTTP on loopback.
import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { resetConnection } from "~/infrastructure/db.server";
import { FixedWindowLimiter } from "~/infrastructure/rate-limit.server";
import { serverRuntime } from "~/server-runtime.server";
import { healthCheck } from "./health";
import { clientAddress, rateLimit, routeKey } from "./rate-limit";
import { readYourWrites, WROTE_COOKIE, WROTE_COOKIE_SECONDS } from "./replica";
import { routeManifest } from "../test/route-manifest";
import { formBodiesOnly, MAX_FORM_BYTES, sameOriginOnly, securityHeaders, UPLOAD_PATHS } from "./security";

const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(setup: (app: express.Express) => void): Promise<string> {
  const app = express();
  setup(app);
  app.all("*", (_req, res) => res.status(200).send("ok"));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("sameOriginOnly", () => {
  it("refuses a POST from another origin and lets same-origin and GET through", async () => {
    const base = await serve((app) => app.set("trust proxy", true).use(sameOriginOnly()));
    const host = new URL(base).host;
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: "https://evil.example" } })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: "null" } })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: `http://${host}` } })).status).toBe(200);
    // Same host, another scheme or port: another origin.
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: `https://${host}` } })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: `ws://${host}` } })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: "http://127.0.0.1" } })).status).toBe(403);
    // Behind Fly's proxy the page is https (X-Forwarded-Proto): then https is the same origin and http is not.
    const proxied = (origin: string) => ({ Origin: origin, "X-Forwarded-Proto": "https" });
    expect((await fetch(`${base}/login`, { method: "POST", headers: proxied(`https://${host}`) })).status).toBe(200);
    expect((await fetch(`${base}/login`, { method: "POST", headers: proxied(`http://${host}`) })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST" })).status).toBe(200);
    expect((await fetch(`${base}/login`, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
    const refused = await fetch(`${base}/api/customers`, { method: "DELETE", headers: { Origin: "https://evil.example" } });
    expect(await refused.json()).toEqual({ message: "Cross-site request refused." });
  });
});

describe("rateLimit", () => {
  it("answers 429 with a clear message after the limit, per path", async () => {
    const base = await serve((app) =>
      app.use(rateLimit({ limiter: new FixedWindowLimiter({ windowMs: 60_000, max: 3 }), routes: ["/login", "/register"] })),
    );
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${base}/login`, { method: "POST" })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await fetch(`${base}/login`, { method: "POST", headers: { Accept: "application/json" } });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await limited.json()).message).toMatch(/Too many attempts/);
    expect((await fetch(`${base}/register`, { method: "POST" })).status).toBe(200);
    expect((await fetch(`${base}/login`)).status).toBe(200);
  });
});

describe("rateLimit with Remix's single fetch", () => {
  it("counts /login and /login.data (what a form posts to with JavaScript on) as one", async () => {
    const base = await serve((app) =>
      app.use(
        rateLimit({ limiter: new FixedWindowLimiter({ windowMs: 60_000, max: 2 }), routes: ["/login", "/api/auth/login"] }),
      ),
    );
    const statuses = [];
    for (const path of ["/login", "/login.data", "/login.data", "/login"])
      statuses.push((await fetch(`${base}${path}`, { method: "POST" })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it("answers an API path in JSON whatever the Accept header", async () => {
    const base = await serve((app) =>
      app.use(rateLimit({ limiter: new FixedWindowLimiter({ windowMs: 60_000, max: 1 }), routes: ["/api/auth/login"] })),
    );
    await fetch(`${base}/api/auth/login`, { method: "POST" });
    const limited = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { Accept: "text/html" } });
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });

  it("believes Fly-Client-IP only on Fly, so a client cannot pick a new address per request elsewhere", () => {
    const req = (headers: Record<string, string>) =>
      ({ headers, socket: { remoteAddress: "10.0.0.9" } }) as unknown as Parameters<typeof clientAddress>[0];
    const saved = process.env.FLY_APP_NAME;
    try {
      delete process.env.FLY_APP_NAME;
      expect(clientAddress(req({ "fly-client-ip": "203.0.113.7" }))).toBe("10.0.0.9");
      process.env.FLY_APP_NAME = "tradedesk";
      expect(clientAddress(req({ "fly-client-ip": "203.0.113.7" }))).toBe("203.0.113.7");
      expect(clientAddress(req({}))).toBe("10.0.0.9");
    } finally {
      if (saved === undefined) delete process.env.FLY_APP_NAME;
      else process.env.FLY_APP_NAME = saved;
    }
  });
});

describe("rateLimit keys on the route that runs, not on the path's spelling", () => {
  it("counts case, percent-escape, dot-segment and slash variants of a path as the one route", async () => {
    const base = await serve((app) =>
      app.use(
        rateLimit({
          limiter: new FixedWindowLimiter({ windowMs: 60_000, max: 3 }),
          routes: ["/login", "/api/auth/register", "/demo", "/e/*"],
        }),
      ),
    );
    const post = async (path: string) => (await fetch(`${base}${path}`, { method: "POST" })).status;
    const login = [];
    for (const path of [
      "/login",
      "/Login",
      "/LOGIN",
      "/log%69n",
      "/LOG%49N/",
      "/./login",
      "//login",
      "/x/../login",
      "/login//",
      "/%6C%6F%67%69%6E.data",
    ])
      login.push(await post(path));
    expect(login).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    const register = [];
    for (const path of ["/api/auth/Register", "/API/AUTH/REGISTER", "/api//auth/register", "/api/auth/regist%65r"])
      register.push(await post(path));
    expect(register).toEqual([200, 200, 200, 429]);
    const demo = [];
    for (const path of ["/demo", "/Demo", "/DEMO/", "/dem%6F"]) demo.push(await post(path));
    expect(demo).toEqual([200, 200, 200, 429]);
    // Every share link is one route: a new token per post does not get a fresh count.
    const share = [];
    for (const path of ["/e/aaa", "/E/bbb", "/e/%63cc", "/e/ddd"]) share.push(await post(path));
    expect(share).toEqual([200, 200, 200, 429]);
    // Other routes are not counted, and neither are GETs.
    expect(await post("/app/customers/new")).toBe(200);
    expect((await fetch(`${base}/LOGIN`)).status).toBe(200);
  });

  it("routeKey spells a path the way the router matches it", () => {
    expect(routeKey("/LOG%69N/?redirectTo=/x")).toBe("/login");
    expect(routeKey("/login.data")).toBe("/login");
    expect(routeKey("/%2e/login")).toBe("/login");
    expect(routeKey("//api///auth/Login/")).toBe("/api/auth/login");
    expect(routeKey("/log%2Fin")).toBe("/log%2fin");
    expect(routeKey("/bad%zzescape")).toBe("/bad%zzescape");
    expect(routeKey("/")).toBe("/");
  });
});

describe("securityHeaders", () => {
  it("sends an enforced CSP with a fresh nonce per response in production", async () => {
    const base = await serve((app) => app.use(securityHeaders({ production: true })));
    const first = await fetch(base);
    const second = await fetch(base);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline' 'nonce");
    expect(csp).not.toBe(second.headers.get("content-security-policy"));
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("healthCheck", () => {
  it("is 200 while the database answers and 503 when it cannot be opened", async () => {
    const base = await serve((app) => app.get("/healthz", healthCheck(serverRuntime)));
    const ok = await fetch(`${base}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "ok" });

    const original = process.env.DATABASE_URL;
    await resetConnection();
    const { env } = await import("~/infrastructure/env.server");
    const config = env();
    // A path under a regular file can never be created.
    config.DATABASE_URL = "file:/etc/hostname/db.sqlite";
    try {
      const down = await fetch(`${base}/healthz`);
      expect(down.status).toBe(503);
    } finally {
      config.DATABASE_URL = original!;
      await resetConnection();
    }
  });
});

describe("formBodiesOnly", () => {
  it("lets form posts through and refuses other bodies to page actions with 415, oversize ones with 413", async () => {
    const base = await serve((app) => app.use(formBodiesOnly()));
    const post = (path: string, headers: Record<string, string>, body?: string) =>
      fetch(`${base}${path}`, { method: "POST", headers, body });
    expect((await post("/login", { "Content-Type": "application/x-www-form-urlencoded" }, "email=a")).status).toBe(200);
    const multipart = { "Content-Type": "multipart/form-data; boundary=abc" };
    // Only the upload pages read multipart bodies (with JavaScript on they post to the .data twin).
    for (const upload of [
      "/app/settings",
      "/app/settings.data",
      "/app/customers/import",
      "/app/customers/import.data?_data=x",
      "/app/price-book/import",
    ]) {
      expect((await post(upload, multipart, "--abc--")).status).toBe(200);
    }
    for (const page of ["/app/customers/new", "/app/customers/new.data", "/app/settings/security", "/login"]) {
      const refused = await post(page, multipart, "--abc\r\nbroken");
      expect(refused.status).toBe(415);
      expect((await refused.json()).message).toMatch(/takes no file/);
    }
    expect((await post("/app/customers/new", { "Content-Type": "application/json" }, "{}")).status).toBe(415);
    expect((await post("/app/customers/new", { "Content-Type": "text/plain" }, "name=x")).status).toBe(415);
    expect((await post("/app/customers/new", { "Content-Type": "multipart/form-data" }, "x")).status).toBe(415);
    expect((await fetch(`${base}/logout`, { method: "POST" })).status).toBe(415);
    const refused = await post("/app/customers/new", { "Content-Type": "application/json" }, "{}");
    expect((await refused.json()).message).toMatch(/application\/x-www-form-urlencoded/);
    expect((await post("/api/customers", { "Content-Type": "application/json" }, "{}")).status).toBe(200);
    expect((await fetch(`${base}/app/customers`)).status).toBe(200);
    const big = await post(
      "/app/settings",
      { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(MAX_FORM_BYTES + 1) },
      "x".repeat(MAX_FORM_BYTES + 1),
    );
    expect(big.status).toBe(413);
  });
});

describe("UPLOAD_PATHS", () => {
  it("names every page that renders a file form, and only those", async () => {
    // A file form is a multipart one: in the route itself or in a component it imports.
    const app = path.resolve(import.meta.dirname, "../app");
    const multipart = /encType="multipart\/form-data"/;
    const components = path.join(app, "components");
    const fileForms = readdirSync(components, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && multipart.test(readFileSync(path.join(components, file), "utf8")))
      .map((file) =>
        file
          .replace(/\.tsx?$/, "")
          .split(path.sep)
          .join("/"),
      );
    expect(fileForms.length).toBeGreaterThan(0);
    const pages = (await routeManifest())
      .filter((route) => {
        const source = readFileSync(path.join(app, route.file), "utf8");
        return multipart.test(source) || fileForms.some((name) => source.includes(`"~/components/${name}"`));
      })
      .map((route) => route.path);
    expect(pages.sort()).toEqual([...UPLOAD_PATHS].sort());
  });
});

describe("readYourWrites (embedded replicas)", () => {
  it("marks a browser that posts, and syncs the replica before its requests while the mark lives", async () => {
    let syncs = 0;
    const base = await serve((app) => app.use(readYourWrites(async () => void syncs++)));
    // A browser that has not written reads without a sync.
    expect((await fetch(`${base}/app/customers`)).status).toBe(200);
    expect(syncs).toBe(0);
    // A post marks it (and syncs nothing: it has no mark yet)...
    const posted = await fetch(`${base}/app/customers/new`, { method: "POST" });
    const mark = posted.headers.get("set-cookie") ?? "";
    expect(mark).toMatch(new RegExp(`^${WROTE_COOKIE}=1; Max-Age=${WROTE_COOKIE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`));
    expect(syncs).toBe(0);
    // ...and its next requests, on whichever machine, sync first.
    const cookie = mark.split(";")[0];
    await fetch(`${base}/app/customers`, { headers: { Cookie: `theme=dark; ${cookie}` } });
    await fetch(`${base}/app`, { headers: { Cookie: cookie } });
    expect(syncs).toBe(2);
  });

  it("answers from the replica as it is when the sync fails or takes too long", async () => {
    const base = await serve((app) =>
      app
        .use(
          "/slow",
          readYourWrites(() => new Promise(() => {}), { timeoutMs: 50 }),
        )
        .use(
          "/broken",
          readYourWrites(async () => Promise.reject(new Error("primary down"))),
        ),
    );
    const cookie = `${WROTE_COOKIE}=1`;
    const started = Date.now();
    expect((await fetch(`${base}/slow/app`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await fetch(`${base}/broken/app`, { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
