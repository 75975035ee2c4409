// The server routes kept per build (docs/decisions/021): RemixServer builds its React Router
// routes once per build manifest (patches/@remix-run+react+2.17.5.patch), and the data routes
// react-router-dom's createStaticRouter makes of a routes array are kept with that array
// (patches/@remix-run+router+1.23.3.patch). A page renders the same whether its routes were
// just made or kept, and a new manifest (a new build) gets new routes.
import { createRequire } from "node:module";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { createStaticHandler, type AgnosticDataRouteObject } from "@remix-run/router";
import type { EntryContext } from "@remix-run/node";
import type { RouteObject } from "react-router-dom";
import type * as StaticRouter from "react-router-dom/server";

const require = createRequire(import.meta.url);
// Node loads the CommonJS files (the server build imports the packages); both builds of
// RemixServer are changed, and react-router-dom's two both reach the router's server build.
const staticCjs = require("react-router-dom/server") as typeof StaticRouter;
const staticEsm = (await import(require.resolve("react-router-dom/server").replace(/\.js$/, ".mjs"))) as typeof StaticRouter;
const { RemixServer } = require("@remix-run/react/dist/server.js") as typeof import("@remix-run/react");
const { RemixServer: RemixServerEsm } = (await import(
  require.resolve("@remix-run/react/dist/server.js").replace("/dist/server.js", "/dist/esm/server.js")
)) as typeof import("@remix-run/react");

function Page() {
  const data = useLoaderData() as { name: string };
  const ids = useMatches().map((match) => match.id);
  return createElement("p", null, `${data.name} (${ids.join(" > ")})`);
}

function handlerRoutes(name: string, path: string): AgnosticDataRouteObject[] {
  return [{ id: "root", path: "/", children: [{ id: "customers", path, loader: () => ({ name }) }] }];
}

async function handlerContext(name: string, url: string, path = "customers/:id") {
  const context = await createStaticHandler(handlerRoutes(name, path)).query(new Request(url));
  if (context instanceof Response) throw new Error("expected a context");
  return context;
}

describe("createStaticRouter keeps the data routes of a routes array", () => {
  for (const [label, lib] of [
    ["CommonJS", staticCjs],
    ["ES module", staticEsm],
  ] as const) {
    it(`${label}: the same array gives the same data routes, and renders as a fresh one`, async () => {
      const appRoutes = (): RouteObject[] => [
        {
          id: "root",
          path: "/",
          element: createElement(Outlet),
          children: [{ id: "customers", path: "customers/:id", element: createElement(Page) }],
        },
      ];
      const render = async (list: RouteObject[], name: string) => {
        const context = await handlerContext(name, "http://x/customers/7");
        const router = lib.createStaticRouter(list, context);
        const html = renderToString(createElement(lib.StaticRouterProvider, { router, context, hydrate: false }));
        return { router, html };
      };
      const routes = appRoutes();
      const first = await render(routes, "Ana");
      const second = await render(routes, "Luis");
      expect(second.router.routes).toBe(first.router.routes);
      expect(first.html).toContain("Ana (root &gt; customers)");
      expect(second.html).toContain("Luis (root &gt; customers)");
      // The matches point into the kept data routes, as they would into fresh ones.
      expect(second.router.state.matches[1].route).toBe(first.router.routes[0].children?.[0]);
      const fresh = await render(appRoutes(), "Luis");
      expect(fresh.router.routes).not.toBe(first.router.routes);
      expect(fresh.html).toBe(second.html);
    });
  }
});

function entryContext(
  manifestRoutes: EntryContext["manifest"]["routes"],
  staticHandlerContext: EntryContext["staticHandlerContext"],
): EntryContext {
  return {
    manifest: { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    routeModules: {
      root: { default: () => createElement(Outlet) },
      customers: { default: Page },
    },
    staticHandlerContext,
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
      v3_singleFetch: false,
    },
    isSpaMode: false,
    serverHandoffString: "{}",
    criticalCss: undefined,
    renderMeta: {},
    serializeError: (error: Error) => ({ message: error.message }),
  } as unknown as EntryContext;
}

function manifestRoutes(): EntryContext["manifest"]["routes"] {
  const route = { hasAction: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, module: "/r.js" };
  return {
    root: { ...route, id: "root", path: "", hasLoader: false },
    customers: { ...route, id: "customers", parentId: "root", path: "customers/:id", hasLoader: true },
  };
}

describe("RemixServer keeps the server routes of a build", () => {
  for (const [label, Server] of [
    ["CommonJS", RemixServer],
    ["ES module", RemixServerEsm],
  ] as const) {
    it(`${label}: each request's data and matches are its own; a new manifest renders its own routes`, async () => {
      const render = async (list: ReturnType<typeof manifestRoutes>, name: string, url: string) => {
        const path = list.customers.path ?? "";
        const context = entryContext(list, await handlerContext(name, url, path));
        return renderToString(createElement(Server, { context, url }));
      };
      const routes = manifestRoutes();
      expect(await render(routes, "Ana", "http://x/customers/1")).toContain("Ana (root &gt; customers)");
      expect(await render(routes, "Luis", "http://x/customers/2")).toContain("Luis (root &gt; customers)");
      // A new build whose route moved: routes kept from the first manifest would not match it.
      const next = manifestRoutes();
      next.customers.path = "clients/:id";
      expect(await render(next, "Eva", "http://x/clients/3")).toContain("Eva (root &gt; customers)");
    });
  }
});
