import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

// Unknown paths under /app: signed-in users get the 404 page inside the shell; visitors sign in first.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, access);
  throw new Response("Not Found", { status: 404 });
}

export default function AppNotFound() {
  return null;
}
