import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// A route's tests sit beside it in app/routes; they are not routes.
export default flatRoutes({ ignoredRouteFiles: ["**/*.test.{ts,tsx}"] }) satisfies RouteConfig;
