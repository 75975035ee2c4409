import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveMemberFile } from "~/services/file-serving.server";
import type { RouteAccess } from "~/lib/permissions";

/**
 * What this route needs (app/lib/permissions.ts): any member, and the file must be theirs to
 * see (a technician's only on their own jobs and visits); otherwise 404, signed out included.
 */
export const access = "assigned-work" satisfies RouteAccess;

/** GET /files/{id}/{full|display|thumbnail}: a photo's stripped copy or a PDF, private. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return serveMemberFile(request, params.fileId ?? "", params.variant ?? "");
}
