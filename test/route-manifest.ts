// The app's routes as Remix sees them: app/routes.ts (flat routes from app/routes) read
// the way the Vite plugin reads it, with each route's full path and module. Security
// tests enumerate this instead of a hand-written list, so a route added later is
// covered (or makes them fail) without anyone remembering to.
import path from "node:path";
import type { RouteConfigEntry } from "@remix-run/route-config";

export interface ManifestRoute {
  id: string;
  file: string;
  /** The full URL pattern: "/app/jobs/:jobId/edit", "/api/*". */
  path: string;
  /** Dynamic segment names in order; "*" for a splat. */
  params: string[];
  index: boolean;
}

export interface RouteModule {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
  default?: unknown;
}

const appDirectory = path.resolve(import.meta.dirname, "../app");

export async function routeManifest(): Promise<ManifestRoute[]> {
  // getAppDirectory() reads what the Remix Vite plugin sets before it loads routes.ts.
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = appDirectory;
  const { default: config } = (await import("../app/routes")) as { default: RouteConfigEntry[] | Promise<RouteConfigEntry[]> };
  const routes: ManifestRoute[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const full = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
      const params = full
        .split("/")
        .filter((segment) => segment.startsWith(":") || segment === "*")
        .map((segment) => (segment === "*" ? "*" : segment.slice(1).replace(/\?$/, "")));
      routes.push({
        id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""),
        file: entry.file,
        path: full,
        params,
        index: Boolean(entry.index),
      });
      if (entry.children) walk(entry.children, full);
    }
  };
  walk(await config, "");
  if (routes.length < 10) throw new Error(`Only ${routes.length} routes found in app/routes.ts: the manifest was not read.`);
  const tests = routes.filter((route) => /\.(test|spec)\.tsx?$/.test(route.file));
  if (tests.length)
    throw new Error(
      `Test files read as routes (app/routes.ts ignoredRouteFiles): ${tests.map((route) => route.file).join(", ")}`,
    );
  return routes;
}

export async function loadRouteModule(route: ManifestRoute): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ path.join(appDirectory, route.file))) as RouteModule;
}

/** The URL of a route with its params filled in. */
export function urlFor(route: ManifestRoute, params: Record<string, string>, origin = "http://localhost"): string {
  const filled = route.path
    .split("/")
    .map((segment) => {
      if (segment === "*") return params["*"] ?? "";
      if (segment.startsWith(":")) return encodeURIComponent(params[segment.slice(1).replace(/\?$/, "")] ?? "");
      return segment;
    })
    .join("/");
  return `${origin}${filled || "/"}`;
}

export const isApiRoute = (route: ManifestRoute) => route.path === "/api" || route.path.startsWith("/api/");
export const isAppRoute = (route: ManifestRoute) => route.path === "/app" || route.path.startsWith("/app/");
