import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyUserSession } from "~/infrastructure/session.server";
import { toastHeader } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

// Signing out changes state, so only a POST does it; a GET goes home.
export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(request));
  headers.append("Set-Cookie", await toastHeader({ type: "info", title: "auth.signedOut", description: "auth.signedOutBody" }));
  return redirect("/login", { headers });
}
