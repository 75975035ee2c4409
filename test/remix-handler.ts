// Remix's own request handler over a few real route modules, without a build: a document
// POST runs the action and then the loaders in one request, as in production. The load
// context is the one server/app.ts gives (loadContextFor).
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { loadContextFor } from "../server/load-context";

export type RouteModule = ServerBuild["routes"][string]["module"];

/** A server build of these route modules under a root that renders nothing. */
export function testBuild(routes: Record<string, { path: string; module: RouteModule }>): ServerBuild {
  const serverRoutes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: { default: () => null } as unknown as RouteModule },
  };
  const assetRoutes: ServerBuild["assets"]["routes"] = {
    root: {
      id: "root",
      path: "",
      module: "/root.js",
      hasAction: false,
      hasLoader: false,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: false,
    },
  };
  for (const [id, route] of Object.entries(routes)) {
    serverRoutes[id] = { id, parentId: "root", path: route.path, module: route.module };
    assetRoutes[id] = {
      id,
      parentId: "root",
      path: route.path,
      module: `/${id}.js`,
      hasAction: "action" in route.module,
      hasLoader: "loader" in route.module,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: false,
    };
  }
  return {
    mode: "production",
    entry: {
      module: { default: (_request: Request, status: number, headers: Headers) => new Response("page", { status, headers }) },
    },
    routes: serverRoutes,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: assetRoutes, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

export function remixHandler(routes: Record<string, { path: string; module: RouteModule }>) {
  const handler = createRequestHandler(testBuild(routes), "production");
  return (request: Request) => handler(request, loadContextFor(request.method));
}
