import { recordFilesApi } from "~/services/files-api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts), as /api/estimates/{id} itself. */
export const access = "estimates" satisfies RouteAccess;

/** GET and POST (multipart, field `file`, repeated) /api/estimates/{id}/files. */
const route = recordFilesApi("estimate", access);
export const loader = route.loader;
export const action = route.action;
