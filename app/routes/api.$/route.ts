import { apiError } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

// Unknown API paths answer in the API's own shape, not with the HTML 404 page.
export const loader = () => apiError(404, "Not found");
export const action = () => apiError(404, "Not found");
