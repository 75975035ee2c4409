// Tenant isolation, proven from the route manifest (app/routes.ts as Remix reads it), not
// from a hand-written list: every route with an id in its path is called as a second
// account with the first account's id, by loader and by action, and must answer 404 and
// write nothing. A route whose id this file does not know how to fill in fails the suite
// by name, so a new route is never skipped silently. Without a session, every /app page
// goes to /login and every /api endpoint answers 401.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { callRoute, jsonMessage, type Answer } from "./route-call";
import { changedTables, tableChecksums } from "./db-checksum";
import { isApiRoute, isAppRoute, loadRouteModule, routeManifest, urlFor, type ManifestRoute } from "./route-manifest";
import { paramKind, paramsOf } from "./route-params";
import { RECORD_TYPES, tenantAccount, type RecordType, type TenantAccount } from "./tenant-fixtures";
import { signedInMember } from "./accounts";

const routes = await routeManifest();

const dynamicRoutes = routes.filter((route) => route.params.length > 0);
const unknownParams = dynamicRoutes.flatMap((route) =>
  route.params.filter((param) => !paramKind(route, param)).map((param) => `${route.path} (app/${route.file}) has :${param}`),
);
const idRoutes = dynamicRoutes.filter((route) =>
  route.params.every((param) => {
    const kind = paramKind(route, param);
    return kind && kind !== "token" && kind !== "slug" && kind !== "splat";
  }),
);
// A public page's key: a link's token, or a request page's slug (/request/{slug}).
const tokenRoutes = dynamicRoutes.filter((route) =>
  route.params.some((param) => paramKind(route, param) === "token" || paramKind(route, param) === "slug"),
);
const splatRoutes = dynamicRoutes.filter((route) => route.params.includes("*"));

const neverIssued = (route: ManifestRoute) =>
  Object.fromEntries(
    route.params.map((param) => [
      param,
      param === "token"
        ? randomBytes(32).toString("base64url")
        : param === "slug"
          ? `no-page-${randomBytes(6).toString("hex")}`
          : crypto.randomUUID(),
    ]),
  );

// --- Requests ----------------------------------------------------------------------------

let a: TenantAccount;
let b: TenantAccount;

beforeAll(async () => {
  a = await tenantAccount("Alpha");
  b = await tenantAccount("Bravo");
}, 60_000);

type Body = Record<string, string> | Record<string, unknown> | undefined;

function request(route: ManifestRoute, url: string, method: string, cookie: string | null, body?: Body): Request {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (method === "GET" || body === undefined) return new Request(url, { method, headers });
  if (isApiRoute(route)) {
    headers["Content-Type"] = "application/json";
    return new Request(url, { method, headers, body: JSON.stringify(body) });
  }
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return new Request(url, { method, headers, body: new URLSearchParams(body as Record<string, string>) });
}

/** Valid API payloads for a record type, as the second account would send them (its own customer). */
function apiBody(type: RecordType, owner: TenantAccount): Body {
  switch (type) {
    case "customer":
      return { name: "Taken over", email: "taken@example.com" };
    case "job":
      return { customerId: owner.ids.customer, title: "Taken over", status: "completed", totalAmount: "10.00" };
    case "estimate":
      return {
        customerId: owner.ids.customer,
        title: "Taken over",
        status: "approved",
        items: [{ description: "Labor", quantity: "1", unitPrice: "10.00" }],
      };
    case "invoice":
      return { status: "paid" };
    case "appointment":
      return { customerId: owner.ids.customer, title: "Taken over", scheduledDate: "2026-07-01T09:30:00Z", status: "completed" };
    case "recurringInvoice":
      return {
        customerId: owner.ids.customer,
        title: "Taken over",
        frequency: "weekly",
        startDate: "2099-01-01",
        paused: true,
        items: [{ description: "Labor", quantity: "1", unitPrice: "10.00" }],
      };
    case "priceItem":
      return { name: "Taken over", unitPrice: "1.00" };
    case "member":
      return { role: "owner" };
    case "workRequest":
      return { status: "archived" };
    case "file":
      return { caption: "Taken over", showToCustomer: false, order: 0 };
    case "notification":
    case "payment":
    case "deposit":
    case "invitation":
      return {};
  }
}

/** Valid form posts for the pages of a record type: each action gets all of its type's bodies. */
function formBodies(type: RecordType, owner: TenantAccount): Record<string, string>[] {
  switch (type) {
    case "customer":
      return [{ name: "Taken over", email: "taken@example.com" }];
    case "job":
      return [{ customerId: owner.ids.customer, title: "Taken over", status: "completed", totalAmount: "10.00" }];
    case "estimate":
      return [
        {
          customerId: owner.ids.customer,
          jobId: "none",
          title: "Taken over",
          status: "approved",
          taxRate: "8.25",
          validUntil: "2026-12-31",
          "items[0].description": "Labor",
          "items[0].quantity": "1",
          "items[0].unitPrice": "10.00",
        },
        { intent: "create" },
        { intent: "revoke" },
        { intent: "ask", depositType: "percent", depositValue: "25" },
        { intent: "record", amount: "1.00", method: "cash" },
        { intent: "delete", depositId: owner.ids.deposit },
      ];
    case "invoice":
      return [{}];
    case "appointment":
      return [
        { intent: "complete" },
        { intent: "cancel" },
        { intent: "reschedule", scheduledDate: "2026-07-01T09:30" },
        {
          customerId: owner.ids.customer,
          appointmentType: "other",
          title: "Taken over",
          scheduledDate: "2026-07-01T09:30",
          duration: "60",
        },
      ];
    case "notification":
      return [{ intent: "read" }, { intent: "delete" }];
    case "payment":
    case "deposit":
      return [{ intent: "delete" }];
    case "member":
    case "invitation":
    case "file":
      return [];
    case "workRequest":
      return [{ intent: "customer" }, { intent: "estimate" }, { intent: "archive" }];
    case "recurringInvoice":
      return [
        { paused: "true" },
        { paused: "false" },
        {
          customerId: owner.ids.customer,
          title: "Taken over",
          taxRate: "8.25",
          frequency: "weekly",
          startDate: "2099-01-01",
          ends: "never",
          "items[0].description": "Labor",
          "items[0].quantity": "1",
          "items[0].unitPrice": "10.00",
        },
      ];
    case "priceItem":
      return [{ name: "Taken over", unitPrice: "1.00", taxable: "on" }];
  }
}

function recordTypeOf(route: ManifestRoute): RecordType {
  // /files/{id}/{variant}: the variant names a copy, not a record.
  const kinds = route.params.map((param) => paramKind(route, param)).filter((kind) => kind !== "variant");
  return kinds[kinds.length - 1] as RecordType;
}

/** The same answer as for an id nobody was ever given (so the route never looked the id up). */
function sameAnswer(one: Answer, other: Answer, oneParams: Record<string, string>, otherParams: Record<string, string>) {
  const normalize = (text: string | null, params: Record<string, string>) =>
    Object.entries(params).reduce(
      (out, [name, value]) => out.replaceAll(value, `:${name}`).replaceAll(encodeURIComponent(value), `:${name}`),
      text ?? "",
    );
  return (
    one.status === other.status &&
    normalize(one.location, oneParams) === normalize(other.location, otherParams) &&
    normalize(one.text, oneParams) === normalize(other.text, otherParams)
  );
}

function expectNotFound(route: ManifestRoute, answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.status} ${answer.text.slice(0, 200)}`).toBe(404);
  if (isApiRoute(route)) expect(jsonMessage(answer), `${what}: a JSON { message }`).toBeTruthy();
}

async function unchanged<T>(what: string, run: () => Promise<T>): Promise<T> {
  const before = await tableChecksums();
  const result = await run();
  expect(changedTables(before, await tableChecksums()), `${what} changed the database`).toEqual([]);
  return result;
}

const actionMethods = (route: ManifestRoute) => (isApiRoute(route) ? ["POST", "PUT", "DELETE"] : ["POST"]);

// --- The tests ---------------------------------------------------------------------------

describe("the route manifest", () => {
  it("is read from app/routes.ts and holds the app's pages and API", () => {
    const paths = routes.map((route) => route.path);
    expect(paths).toEqual(expect.arrayContaining(["/app", "/app/customers/:customerId/edit", "/api/customers/:id", "/e/:token"]));
  });

  it("names a record type for every dynamic segment of every route", () => {
    expect(unknownParams, "routes with an id this test cannot fill in: map the param in NAMED_PARAMS or COLLECTIONS").toEqual([]);
  });
});

describe("another account's id answers 404 and changes nothing", () => {
  for (const route of idRoutes) {
    it(`${route.path} (${route.file})`, async () => {
      const module = await loadRouteModule(route);
      expect(module.loader || module.action, `${route.file} has neither loader nor action`).toBeTruthy();
      const theirs = paramsOf(route, a);
      const random = neverIssued(route);
      const url = urlFor(route, theirs);

      if (module.loader) {
        const what = `GET ${route.path} as another account`;
        const answer = await unchanged(what, () => callRoute(module.loader, request(route, url, "GET", b.cookie), theirs));
        if (answer.status !== 404) {
          // A loader that never reads the id (a 405, a fixed redirect) answers the same for any id.
          const control = await callRoute(module.loader, request(route, urlFor(route, random), "GET", b.cookie), random);
          expect(
            sameAnswer(answer, control, theirs, random) && [301, 302, 303, 405].includes(answer.status),
            `${what}: ${answer.status} ${answer.text.slice(0, 200)}`,
          ).toBe(true);
        }
        // The owner does get the record: the id above really named it.
        const own = await callRoute(module.loader, request(route, url, "GET", a.cookie), theirs);
        expect(own.status, `GET ${route.path} as its owner`).not.toBe(404);
      }

      if (module.action) {
        const type = recordTypeOf(route);
        let notFound = 0;
        let served = 0;
        for (const method of actionMethods(route)) {
          const bodies = method === "DELETE" ? [undefined] : isApiRoute(route) ? [apiBody(type, b)] : formBodies(type, b);
          for (const body of bodies) {
            const what = `${method} ${route.path} as another account with ${JSON.stringify(body)}`;
            const answer = await unchanged(what, () =>
              callRoute(module.action, request(route, url, method, b.cookie, body), theirs),
            );
            if (answer.status === 404) {
              expectNotFound(route, answer, what);
              notFound++;
              served++;
              continue;
            }
            const control = await unchanged(what, () =>
              callRoute(module.action, request(route, urlFor(route, random), method, b.cookie, body), random),
            );
            expect(
              sameAnswer(answer, control, theirs, random),
              `${what}: ${answer.status} ${answer.text.slice(0, 300)} (an id never issued gets ${control.status})`,
            ).toBe(true);
            expect(answer.status, `${what}: never a success`).toBeGreaterThanOrEqual(300);
            if (answer.status !== 405) served++;
          }
        }
        if (served > 0) {
          expect(
            notFound,
            `${route.path}: no request reached the record (all were refused before the id was looked up); give it a valid body in formBodies/apiBody`,
          ).toBeGreaterThan(0);
        }
      }
    });
  }
});

describe("each role of another account, and another technician of the same account, gets nothing", () => {
  // For the office and the technician of account B, every route with an id of A's answers 404
  // (or 403, 405 where their role may not open it at all), by loader and by action, and nothing
  // changes. A second technician of A gets the same for the job and the visit assigned to the
  // first (the fixture's), through the routes a technician may open.
  const refusals = [403, 404, 405];
  async function sweep(cookie: string, routes: ManifestRoute[], who: string) {
    for (const route of routes) {
      const module = await loadRouteModule(route);
      const theirs = paramsOf(route, a);
      const url = urlFor(route, theirs);
      if (module.loader) {
        const what = `GET ${route.path} as ${who}`;
        const answer = await unchanged(what, () => callRoute(module.loader, request(route, url, "GET", cookie), theirs));
        if (!refusals.includes(answer.status) && ![301, 302, 303].includes(answer.status))
          expect.fail(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
        expect(answer.text, what).not.toContain(a.marker);
      }
      if (module.action) {
        const type = recordTypeOf(route);
        for (const method of actionMethods(route)) {
          const bodies = method === "DELETE" ? [undefined] : isApiRoute(route) ? [apiBody(type, b)] : formBodies(type, b);
          for (const body of bodies.length ? bodies : [{}]) {
            const what = `${method} ${route.path} as ${who} with ${JSON.stringify(body)}`;
            const answer = await unchanged(what, () =>
              callRoute(module.action, request(route, url, method, cookie, body), theirs),
            );
            expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(300);
            expect(answer.text, what).not.toContain(a.marker);
          }
        }
      }
    }
  }

  for (const role of ["office", "technician"] as const) {
    it(`B's ${role}`, async () => {
      const member = await signedInMember(b.accountId, role, `Bravo ${role}`);
      await sweep(member.cookie, idRoutes, `B's ${role}`);
    }, 120_000);
  }

  it("A's second technician, for the first one's job and visit", async () => {
    const other = await signedInMember(a.accountId, "technician", "Alpha second technician");
    const assigned = idRoutes.filter((route) => ["job", "appointment"].includes(recordTypeOf(route)));
    expect(assigned.length).toBeGreaterThan(5);
    await sweep(other.cookie, assigned, "A's other technician");
    // And what they may open answers 404 exactly: the job page of My day, the API's job and visit.
    for (const path of ["/app/my-day/jobs/:jobId", "/api/jobs/:id", "/api/appointments/:id"]) {
      const route = idRoutes.find((r) => r.path === path)!;
      const module = await loadRouteModule(route);
      const theirs = paramsOf(route, a);
      const answer = await callRoute(module.loader, request(route, urlFor(route, theirs), "GET", other.cookie), theirs);
      expect(answer.status, path).toBe(404);
      // The technician it is assigned to does open it.
      const own = await callRoute(module.loader, request(route, urlFor(route, theirs), "GET", a.technicianCookie), theirs);
      expect(own.status, `${path} for its technician`).toBe(200);
    }
  }, 120_000);
});

describe("public token routes", () => {
  for (const route of tokenRoutes) {
    it(`${route.path} answers 404 for a wrong token and changes nothing`, async () => {
      const module = await loadRouteModule(route);
      // A well-formed token nobody was given, and a malformed one.
      for (const [wrong, cookie] of [
        [neverIssued(route), null],
        [neverIssued(route), b.cookie],
        [route.params.includes("slug") ? { slug: `${a.requestSlug}!` } : { token: `${a.token.slice(0, -1)}!` }, null],
      ] as const) {
        const url = urlFor(route, wrong);
        if (module.loader) {
          const answer = await unchanged(`GET ${url}`, () => callRoute(module.loader, request(route, url, "GET", cookie), wrong));
          expectNotFound(route, answer, `GET ${route.path} with a wrong token`);
        }
        if (module.action) {
          for (const body of [
            { intent: "approve", signature: "Mallory Stranger", message: "ok" },
            { intent: "decline", name: "Mallory", reason: "no" },
          ]) {
            const answer = await unchanged(`POST ${url}`, () =>
              callRoute(module.action, request(route, url, "POST", cookie, body), wrong),
            );
            expectNotFound(route, answer, `POST ${route.path} with a wrong token`);
          }
        }
      }
      if (module.loader) {
        // The right token opens it (as its owner, so no view is recorded): the wrong one was the only difference.
        const right = paramsOf(route, a);
        const own = await callRoute(module.loader, request(route, urlFor(route, right), "GET", a.cookie), right);
        expect(own.status, `GET ${route.path} with the right token`).toBe(200);
      }
    });
  }
});

describe("catch-all routes", () => {
  for (const route of splatRoutes) {
    it(`${route.path} answers 404 for another account's path`, async () => {
      const module = await loadRouteModule(route);
      const params = paramsOf(route, a);
      const url = urlFor(route, params);
      expect(module.loader ?? module.action, `${route.path} has neither a loader nor an action`).toBeTypeOf("function");
      if (module.loader)
        expectNotFound(
          route,
          await unchanged(url, () => callRoute(module.loader, request(route, url, "GET", b.cookie), params)),
          `GET ${url}`,
        );
      if (module.action) {
        expectNotFound(
          route,
          await unchanged(url, () => callRoute(module.action, request(route, url, "POST", b.cookie, {}), params)),
          `POST ${url}`,
        );
      }
    });
  }
});

describe("nothing of another account shows up in an account's own pages, lists, searches and exports, and no GET writes", () => {
  for (const route of routes.filter((r) => !r.params.includes("*"))) {
    it(`GET ${route.path}`, async () => {
      const module = await loadRouteModule(route);
      if (!module.loader) {
        // Without a loader a route reads no data: it is a static page (the landing page) or it
        // only takes posts, which the action tests above cover.
        expect(module.action ?? module.default, `${route.path} has no loader, no action and no page`).toBeTypeOf("function");
        return;
      }
      const own = paramsOf(route, b);
      const url = new URL(urlFor(route, own));
      // Searches and filters look for the other account's marker too (the page may echo the query,
      // so what must not appear is the marker as the other account's records carry it: "Alpha-… Customer").
      url.searchParams.set("q", a.marker);
      url.searchParams.set("range", "365");
      // (The customer's /e/{token} page counts views by others: its owner, here, is not counted.)
      const answer = await unchanged(`GET ${url.pathname}`, () =>
        callRoute(module.loader, request(route, url.href, "GET", b.cookie), own),
      );
      expect(answer.status, `GET ${url.pathname}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      expect(answer.text, `GET ${url.pathname} shows the other account's data`).not.toContain(`${a.marker} `);
      for (const id of [...Object.values(a.ids), a.pendingEstimateId, a.invoiceFileId, a.accountId, a.token]) {
        expect(answer.text, `GET ${url.pathname} shows the other account's id`).not.toContain(id);
      }
    });
  }
});

describe("ids inside request bodies", () => {
  it("a notification id of another account in the bell's form answers 404", async () => {
    const route = routes.find((r) => r.path === "/app/notifications");
    expect(route, "/app/notifications").toBeTruthy();
    const module = await loadRouteModule(route!);
    for (const intent of ["read", "delete"]) {
      const answer = await unchanged(`notifications ${intent}`, () =>
        callRoute(
          module.action,
          request(route!, "http://localhost/app/notifications", "POST", b.cookie, { intent, id: a.ids.notification }),
        ),
      );
      expect(answer.status).toBe(404);
    }
  });

  it("a customer or job of another account is refused by every create and edit that references one", async () => {
    const json = (path: string) => routes.find((r) => r.path === path)!;
    const cases: { path: string; method: string; body: Record<string, unknown>; params?: Record<string, string> }[] = [
      { path: "/api/jobs", method: "POST", body: { customerId: a.ids.customer, title: "Mine now" } },
      {
        path: "/api/jobs/:id",
        method: "PUT",
        body: { customerId: a.ids.customer, title: "Mine now" },
        params: { id: b.ids.job },
      },
      {
        path: "/api/estimates",
        method: "POST",
        body: { customerId: a.ids.customer, title: "Mine now", items: [{ description: "x", quantity: 1, unitPrice: 1 }] },
      },
      {
        path: "/api/estimates",
        method: "POST",
        body: {
          customerId: b.ids.customer,
          jobId: a.ids.job,
          title: "Mine now",
          items: [{ description: "x", quantity: 1, unitPrice: 1 }],
        },
      },
      {
        path: "/api/appointments",
        method: "POST",
        body: { customerId: a.ids.customer, title: "Mine now", scheduledDate: "2026-07-01T09:30:00Z" },
      },
      {
        path: "/api/appointments",
        method: "POST",
        body: { customerId: b.ids.customer, jobId: a.ids.job, title: "Mine now", scheduledDate: "2026-07-01T09:30:00Z" },
      },
      { path: "/app/jobs/new", method: "POST", body: { customerId: a.ids.customer, title: "Mine now" } },
      {
        path: "/app/jobs/:jobId/edit",
        method: "POST",
        body: { customerId: a.ids.customer, title: "Mine now" },
        params: { jobId: b.ids.job },
      },
      {
        path: "/app/schedule/new",
        method: "POST",
        body: { customerId: a.ids.customer, title: "Mine now", scheduledDate: "2026-07-01T09:30" },
      },
      {
        path: "/app/estimates/new",
        method: "POST",
        body: {
          customerId: a.ids.customer,
          jobId: "none",
          title: "Mine now",
          taxRate: "8.25",
          "items[0].description": "x",
          "items[0].quantity": "1",
          "items[0].unitPrice": "1",
        },
      },
    ];
    for (const { path, method, body, params = {} } of cases) {
      const route = json(path);
      expect(route, path).toBeTruthy();
      const module = await loadRouteModule(route);
      const what = `${method} ${path} with ${JSON.stringify(body)}`;
      const answer = await unchanged(what, () =>
        callRoute(module.action, request(route, urlFor(route, params), method, b.cookie, body as Body), params),
      );
      expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, what).toBeLessThan(500);
    }
  });
});

// --- Without a session ------------------------------------------------------------------

/** The /api endpoints anyone may call; /api/auth/me answers 401 like the rest. */
const PUBLIC_API = new Set([
  "/api/auth/login", // signing in
  "/api/auth/register", // creating an account
  "/api/auth/logout", // signing out without a session is a harmless no-op
  "/api/*", // unknown API paths: 404 JSON for everyone
  "/api/join/:token", // joining a team from an invitation's link, before one has a login
]);

describe("without a session", () => {
  for (const route of routes.filter(isAppRoute)) {
    it(`${route.path} sends the visitor to /login and changes nothing`, async () => {
      const module = await loadRouteModule(route);
      const params = route.params.length ? paramsOf(route, a) : {};
      const url = urlFor(route, params);
      const handlers = [
        ["GET", module.loader],
        ["POST", module.action],
      ] as const;
      expect(module.loader ?? module.action, `${route.path} has neither a loader nor an action`).toBeTypeOf("function");
      for (const [method, handler] of handlers) {
        if (!handler) continue;
        const body = method === "POST" ? { intent: "delete", id: a.ids.notification, name: "x" } : undefined;
        const answer = await unchanged(`${method} ${url}`, () =>
          callRoute(handler, request(route, url, method, null, body), params),
        );
        expect(answer.status, `${method} ${route.path}: ${answer.text.slice(0, 200)}`).toBe(302);
        expect(answer.location, `${method} ${route.path}`).toMatch(/^\/login(\?|$)/);
      }
    });
  }

  for (const route of routes.filter((r) => isApiRoute(r) && !PUBLIC_API.has(r.path))) {
    it(`${route.path} answers 401 JSON and changes nothing`, async () => {
      const module = await loadRouteModule(route);
      const params = route.params.length ? paramsOf(route, a) : {};
      const url = urlFor(route, params);
      const calls: [string, unknown][] = [["GET", module.loader]];
      if (module.action) for (const method of ["POST", "PUT", "DELETE"]) calls.push([method, module.action]);
      let unauthorized = 0;
      for (const [method, handler] of calls) {
        if (!handler) continue;
        const body = method === "POST" || method === "PUT" ? { name: "x", title: "x", status: "paid" } : undefined;
        const answer = await unchanged(`${method} ${url}`, () =>
          callRoute(handler, request(route, url, method, null, body), params),
        );
        // 405 says only that the method is not served, the same for everyone.
        expect([401, 405], `${method} ${route.path}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(answer.status);
        expect(jsonMessage(answer), `${method} ${route.path}: a JSON { message }`).toBeTruthy();
        if (answer.status === 401) unauthorized++;
      }
      expect(unauthorized, `${route.path}: no method answered 401`).toBeGreaterThan(0);
    });
  }

  it("gives every API path an action, so any method gets the API's JSON answer (a route without one gets Remix's bare 405)", async () => {
    const without: string[] = [];
    for (const route of routes.filter(isApiRoute)) if (!(await loadRouteModule(route)).action) without.push(route.path);
    expect(without).toEqual([]);
  });

  it("lists only real routes as public", () => {
    const paths = new Set(routes.map((route) => route.path));
    expect([...PUBLIC_API].filter((path) => !paths.has(path))).toEqual([]);
  });
});

it("covers every record type", () => {
  const covered = new Set(idRoutes.map(recordTypeOf));
  expect(RECORD_TYPES.filter((type) => !covered.has(type))).toEqual([]);
});
