import { fileApi } from "~/services/files-api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): any member; a technician only files on their own jobs and visits. */
export const access = "assigned-work" satisfies RouteAccess;

/** GET, PUT { caption, showToCustomer, order } and DELETE /api/files/{id}. */
const route = fileApi(access);
export const loader = route.loader;
export const action = route.action;
