import { recordFilesApi } from "~/services/files-api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts), as /api/jobs/{id} itself. */
export const access = "assigned-work" satisfies RouteAccess;

/** GET and POST (multipart, field `file`, repeated) /api/jobs/{id}/files. */
const route = recordFilesApi("job", access);
export const loader = route.loader;
export const action = route.action;
