// The per-address rate limits (server/rate-limit.ts) over real HTTP on loopback, counted in
// the test file's database (app/infrastructure/rate-limit.server.ts).
import { afterAll, describe, expect, it } from "vitest";
import { getConnection, openDatabase, type DatabaseConnection } from "~/infrastructure/db.server";
import { FixedWindowLimiter } from "~/infrastructure/rate-limit.server";
import { clientAddress, rateLimit, routeKey } from "./rate-limit";
import { serve } from "../test/loopback-app";

// Every limiter of this file has a name of its own, so no test meets another's counts.
let made = 0;
const limiter = (max: number, connection?: () => Promise<DatabaseConnection>) =>
  new FixedWindowLimiter({ name: `test-${++made}`, windowMs: 60_000, max, connection });

describe("rateLimit", () => {
  it("answers 429 with a clear message after the limit, per path", async () => {
    const base = await serve((app) => app.use(rateLimit({ limiter: limiter(3), routes: ["/login", "/register"] })));
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

describe("rateLimit on two servers over one database", () => {
  const connections: DatabaseConnection[] = [];
  afterAll(() => connections.forEach((connection) => connection.client.close()));

  /** Two app servers: each counts through its own connection to the one database, as two machines do. */
  async function twoServers(max: number) {
    await getConnection(); // migrated
    const second = await openDatabase(process.env.DATABASE_URL!);
    connections.push(second);
    const name = `machines-${++made}`;
    const limiters = [
      new FixedWindowLimiter({ name, windowMs: 60_000, max }),
      new FixedWindowLimiter({ name, windowMs: 60_000, max, connection: async () => second }),
    ];
    return Promise.all(limiters.map((one) => serve((app) => app.use(rateLimit({ limiter: one, routes: ["/register"] })))));
  }

  it("refuses the 21st registration from one address spread over both servers (limit 20)", async () => {
    const bases = await twoServers(20);
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await fetch(`${bases[i % 2]}/register`, { method: "POST" })).status);
    expect(statuses).toEqual([...Array<number>(20).fill(200), ...Array<number>(10).fill(429)]);
  });

  it("lets exactly the limit through when 30 arrive at once on both", async () => {
    const bases = await twoServers(20);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => (await fetch(`${bases[i % 2]}/register`, { method: "POST" })).status),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it("answers 500 when the count cannot be made, and lets nothing through", async () => {
    const failing = { hit: () => Promise.reject(new Error("no database")) };
    let reached = 0;
    const base = await serve((app) => {
      app.use(rateLimit({ limiter: failing, routes: ["/login"] }));
      app.use((_req, _res, next) => {
        reached += 1;
        next();
      });
    });
    expect((await fetch(`${base}/login`, { method: "POST" })).status).toBe(500);
    expect(reached).toBe(0);
    expect((await fetch(`${base}/login`)).status).toBe(200);
  });
});

describe("rateLimit with Remix's single fetch", () => {
  it("counts /login and /login.data (what a form posts to with JavaScript on) as one", async () => {
    const base = await serve((app) => app.use(rateLimit({ limiter: limiter(2), routes: ["/login", "/api/auth/login"] })));
    const statuses = [];
    for (const path of ["/login", "/login.data", "/login.data", "/login"])
      statuses.push((await fetch(`${base}${path}`, { method: "POST" })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it("answers an API path in JSON whatever the Accept header", async () => {
    const base = await serve((app) => app.use(rateLimit({ limiter: limiter(1), routes: ["/api/auth/login"] })));
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
          limiter: limiter(3),
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
