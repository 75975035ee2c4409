import { recordFilesApi } from "~/services/files-api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts), as /api/invoices/{id} itself. */
export const access = "money" satisfies RouteAccess;

/** GET and POST (multipart, field `file`, repeated) /api/invoices/{id}/files. */
const route = recordFilesApi("invoice", access);
export const loader = route.loader;
export const action = route.action;
