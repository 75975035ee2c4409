import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, json } from "~/services/api.server";
import { destroyUserSession } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

export const loader = () => apiError(405, "Use POST to sign out.");

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to sign out.");
  return json({ message: "Signed out" }, { headers: { "Set-Cookie": await destroyUserSession(request) } });
}
