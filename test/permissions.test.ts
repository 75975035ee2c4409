// Roles, proven from the route manifest (app/routes.ts as Remix reads it): every route declares
// what it needs (its module's `access`, app/lib/permissions.ts), and a member whose role lacks
// it is refused by loader and by action, with the account's own records in the path, and
// nothing changes. A page answers 403 inside the shell ("You don't have access"), an API call
// 403 `{ message }`; the dashboard sends a member who may not see it to their own start.
import { beforeAll, describe, expect, it } from "vitest";
import { ACCESS, can, homeOf, NO_ACCESS_MESSAGE, type Role, type RouteAccess } from "~/lib/permissions";
import { signedInMember } from "./accounts";
import { changedTables, tableChecksums } from "./db-checksum";
import { callRoute, jsonMessage, type Answer } from "./route-call";
import { isApiRoute, loadRouteModule, routeManifest, urlFor, type ManifestRoute } from "./route-manifest";
import { paramsOf } from "./route-params";
import { tenantAccount, type TenantAccount } from "./tenant-fixtures";

const routes = await routeManifest();
const modules = new Map(await Promise.all(routes.map(async (route) => [route, await loadRouteModule(route)] as const)));
const accessOf = (route: ManifestRoute) => (modules.get(route) as { access?: unknown }).access as RouteAccess;

let owner: TenantAccount;
const cookies = {} as Record<Exclude<Role, "owner">, string>;

beforeAll(async () => {
  owner = await tenantAccount("Roles");
  cookies.office = (await signedInMember(owner.accountId, "office", "Olga Office")).cookie;
  cookies.technician = (await signedInMember(owner.accountId, "technician", "Tomás Technician")).cookie;
}, 60_000);

function request(route: ManifestRoute, url: string, method: string, cookie: string): Request {
  const headers: Record<string, string> = { Cookie: cookie };
  if (method === "GET") return new Request(url, { method, headers });
  if (isApiRoute(route)) {
    headers["Content-Type"] = "application/json";
    return new Request(url, { method, headers, body: JSON.stringify({ name: "Changed by a role without access" }) });
  }
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return new Request(url, { method, headers, body: new URLSearchParams({ intent: "delete", name: "Changed" }) });
}

function expectRefused(route: ManifestRoute, role: Role, answer: Answer, what: string) {
  const detail = `${what}: ${answer.status} ${answer.location ?? ""} ${answer.text.slice(0, 160)}`;
  // The dashboard is where signing in lands: it sends the member to a page they may open.
  if (route.path === "/app" && route.index) {
    expect(answer.status, detail).toBe(302);
    expect(answer.location, detail).toBe(homeOf(role));
    return;
  }
  expect([403, 405], detail).toContain(answer.status);
  if (answer.status === 403) expect(jsonMessage(answer), detail).toBe(NO_ACCESS_MESSAGE);
}

describe("every route declares what it needs", () => {
  it("as an access of the permission table, or public", () => {
    const kinds = new Set<string>([...Object.keys(ACCESS), "public"]);
    const missing = routes
      .filter((route) => !kinds.has(String(accessOf(route))))
      .map((route) => `${route.path} (app/${route.file})`);
    expect(missing).toEqual([]);
  });

  it("public only where no session is needed: sign-in, the public pages, the customer's links and webhooks", () => {
    const publicPaths = routes.filter((route) => accessOf(route) === "public").map((route) => route.path);
    for (const path of publicPaths) {
      expect(path.startsWith("/app"), path).toBe(false);
      if (path.startsWith("/api/"))
        expect(["/api/auth/login", "/api/auth/register", "/api/auth/logout", "/api/*", "/api/join/:token"]).toContain(path);
    }
  });
});

describe.each(["office", "technician"] as const)("a member with the %s role", (role) => {
  const refused = () =>
    routes.filter((route) => {
      const access = accessOf(route);
      return access !== "public" && !can(role, access);
    });

  it("is refused every page and endpoint their role lacks, by loader and action, and nothing changes", async () => {
    expect(refused().length).toBeGreaterThan(role === "technician" ? 80 : 0);
    for (const route of refused()) {
      const module = modules.get(route)!;
      const url = urlFor(route, paramsOf(route, owner));
      const params = paramsOf(route, owner);
      const before = await tableChecksums();
      if (module.loader) {
        expectRefused(
          route,
          role,
          await callRoute(module.loader, request(route, url, "GET", cookies[role]), params),
          `GET ${route.path}`,
        );
      }
      if (module.action) {
        for (const method of isApiRoute(route) ? ["POST", "PUT", "DELETE"] : ["POST"]) {
          const answer = await callRoute(module.action, request(route, url, method, cookies[role]), params);
          expectRefused(route, role, answer, `${method} ${route.path}`);
        }
      }
      expect(changedTables(before, await tableChecksums()), `${route.path} changed the database`).toEqual([]);
    }
  }, 120_000);

  it("opens what their role allows: their notifications, their password and devices, their day and jobs", async () => {
    for (const path of [
      "/app/notifications",
      "/app/settings/security",
      "/api/auth/me",
      "/api/notifications",
      "/app/my-day",
      "/api/jobs",
    ]) {
      const route = routes.find((r) => r.path === path && !r.index)!;
      const answer = await callRoute(modules.get(route)!.loader, request(route, urlFor(route, {}), "GET", cookies[role]));
      expect(answer.status, `${path}: ${answer.text.slice(0, 160)}`).toBe(200);
    }
  });
});

describe("what only the owner may do", () => {
  it("an office member works with money and customers but cannot delete the account or export it", async () => {
    const security = routes.find((r) => r.path === "/app/settings/security")!;
    const url = urlFor(security, {});
    const post = new Request(url, {
      method: "POST",
      headers: { Cookie: cookies.office, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete-account", password: "secret1", understand: "on" }),
    });
    const before = await tableChecksums();
    const answer = await callRoute(modules.get(security)!.action, post);
    expect(answer.status).toBe(403);
    expect(changedTables(before, await tableChecksums())).toEqual([]);
    const page = await callRoute(modules.get(security)!.loader, request(security, url, "GET", cookies.office));
    expect(JSON.parse(page.text)).toMatchObject({ canDeleteAccount: false });

    const invoices = routes.find((r) => r.path === "/api/invoices")!;
    const list = await callRoute(modules.get(invoices)!.loader, request(invoices, urlFor(invoices, {}), "GET", cookies.office));
    expect(list.status).toBe(200);
    expect(list.text).toContain(owner.ids.invoice);
  });

  it("an API call without the role's access answers 403 with a JSON message", async () => {
    const route = routes.find((r) => r.path === "/api/invoices")!;
    const answer = await callRoute(modules.get(route)!.loader, request(route, urlFor(route, {}), "GET", cookies.technician));
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toEqual({ message: "You don't have access" });
  });

  it("the owner opens everything, their own account's records included", async () => {
    const route = routes.find((r) => r.path === "/api/invoices")!;
    const answer = await callRoute(modules.get(route)!.loader, request(route, urlFor(route, {}), "GET", owner.cookie));
    expect(answer.status).toBe(200);
  });
});
