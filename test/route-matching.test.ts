// The cached route matching that patches/@remix-run+router+1.23.3.patch adds to
// @remix-run/router (docs/decisions/021 and 026): the installed files carry it, it matches
// exactly as the library's untouched UMD build does, and routes patched in later are found.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as cjs from "@remix-run/router";
import * as esm from "@remix-run/router/dist/router.js";

const require = createRequire(import.meta.url);
const dist = path.dirname(require.resolve("@remix-run/router"));
// The UMD builds are not patched: they are the library as published.
const published = require(path.join(dist, "router.umd.js")) as typeof cjs;

type Route = cjs.AgnosticRouteObject;

function appLikeRoutes(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        { id: "login", path: "login" },
        { id: "share", path: "e/:token" },
        { id: "share-pdf", path: "e/:token/pdf" },
        {
          id: "app",
          path: "app",
          children: [
            { id: "dashboard", index: true },
            {
              id: "customers",
              path: "customers",
              children: [
                { id: "customer", path: ":id" },
                { id: "customer-new", path: "new" },
              ],
            },
            { id: "estimate-edit", path: "estimates/:id/edit" },
            { id: "estimate-lang", path: "estimates/:id/:lang?" },
            { id: "settings", path: "settings", caseSensitive: true },
            { id: "reports", path: "reports/*" },
          ],
        },
        { id: "api-customers", path: "api/customers" },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/login",
  "/e/abc123",
  "/e/abc123/pdf",
  "/app",
  "/app/",
  "/app/customers",
  "/app/customers/new",
  "/app/customers/42",
  "/app/estimates/7/edit",
  "/app/estimates/7",
  "/app/estimates/7/es",
  "/app/settings",
  "/app/SETTINGS",
  "/app/reports/2026/11",
  "/api/customers",
  "/nowhere/at/all",
  "/app/customers/caf%C3%A9",
];

function shape(matches: ReturnType<typeof cjs.matchRoutes>) {
  return matches?.map((m) => ({ id: (m.route as Route).id, params: m.params, pathname: m.pathname, base: m.pathnameBase }));
}

describe("cached route matching (patched @remix-run/router)", () => {
  it("is applied to the files Node and Vite load, and not to the UMD reference", () => {
    // The server's build also keeps each path's matches; the browser's does not (decision 021).
    const marker = "tradedesk-patch: cached route matching";
    const server = readFileSync(path.join(dist, "router.cjs.js"), "utf8");
    const browser = readFileSync(path.join(dist, "router.js"), "utf8");
    expect(server).toContain(`${marker}, kept matches\n`);
    expect(browser).toContain(`${marker}\n`);
    expect(browser).not.toContain("kept matches");
    expect(browser).not.toContain("keptMatches");
    expect(readFileSync(path.join(dist, "router.umd.js"), "utf8")).not.toContain(marker);
  });

  it.each([
    ["CommonJS", cjs],
    ["ES module", esm as unknown as typeof cjs],
  ])("%s build: matches every path as the published library does, first and second time", (_name, router) => {
    const routes = appLikeRoutes();
    const reference = appLikeRoutes();
    for (let round = 0; round < 2; round++) {
      for (const pathname of PATHS) {
        expect(shape(router.matchRoutes(routes, pathname)), pathname).toEqual(shape(published.matchRoutes(reference, pathname)));
      }
    }
    // A different routes array is ranked on its own.
    const other: Route[] = [{ id: "only", path: "only/:x" }];
    expect(shape(router.matchRoutes(other, "/only/1"))).toEqual([
      { id: "only", params: { x: "1" }, pathname: "/only/1", base: "/only/1" },
    ]);
    expect(router.matchRoutes(other, "/app/customers")).toBeNull();
  });

  it("CommonJS build (the server's): a caller that changes the matches it got changes nothing kept", () => {
    const router = cjs;
    const routes = appLikeRoutes();
    const first = router.matchRoutes(routes, "/app/customers/42")!;
    (first[first.length - 1].params as Record<string, string>).id = "changed";
    first[0].pathname = "/changed";
    first.pop();
    expect(shape(router.matchRoutes(routes, "/app/customers/42"))).toEqual(
      shape(published.matchRoutes(appLikeRoutes(), "/app/customers/42")),
    );
  });

  it("finds routes patched in after a first match (lazy route discovery changes the arrays in place)", () => {
    const router = cjs.createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }],
      history: cjs.createMemoryHistory(),
    });
    expect(cjs.matchRoutes(router.routes, "/b")).toBeNull();
    expect(shape(cjs.matchRoutes(router.routes, "/a"))?.map((m) => m.id)).toEqual(["root", "a"]);
    router.patchRoutes("root", [{ id: "b", path: "b" }]);
    expect(shape(cjs.matchRoutes(router.routes, "/b"))?.map((m) => m.id)).toEqual(["root", "b"]);
    router.dispose();
  });
});

// patches/@remix-run+router+1.23.3.patch also keeps the data routes react-router-dom's
// createStaticRouter() makes of a routes array, and patches/@remix-run+react+2.17.5.patch has
// RemixServer hand it the same routes array for every request of one build (decision 021).
describe("static data routes kept (patched @remix-run/router, server build)", () => {
  const mapRouteProperties = (route: Route) => ({ hasErrorBoundary: route.id === "root" });

  it("answers the same data routes for the same routes array, as the published library builds them", () => {
    const routes = appLikeRoutes();
    const manifest: cjs.UNSAFE_RouteManifest = {};
    const first = cjs.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, manifest);
    const again: cjs.UNSAFE_RouteManifest = {};
    expect(cjs.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, again)).toBe(first);
    // The caller's manifest is filled as the library fills it.
    const reference: cjs.UNSAFE_RouteManifest = {};
    const fromPublished = published.UNSAFE_convertRoutesToDataRoutes(appLikeRoutes(), mapRouteProperties, undefined, reference);
    expect(first).toEqual(fromPublished);
    expect(Object.keys(again).sort()).toEqual(Object.keys(reference).sort());
    expect(again).toEqual(manifest);
    expect(again.customer).toBe(first[0].children![4].children![1].children![0]);
  });

  it("builds afresh for another routes array, another mapRouteProperties, or a manifest already in use", () => {
    const routes = appLikeRoutes();
    const first = cjs.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, {});
    expect(cjs.UNSAFE_convertRoutesToDataRoutes(appLikeRoutes(), mapRouteProperties, undefined, {})).not.toBe(first);
    expect(cjs.UNSAFE_convertRoutesToDataRoutes(routes, () => ({ hasErrorBoundary: false }), undefined, {})).not.toBe(first);
    // A manifest that already holds a route id: the library's own collision check still runs.
    expect(() => cjs.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, { root: {} as never })).toThrow(
      /route id collision on id "root"/,
    );
  });
});
