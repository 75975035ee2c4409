import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { updatePreferences } from "~/models/settings.server";
import { isLanguage } from "~/infrastructure/i18n";
import { languageCookie } from "~/infrastructure/i18n.server";
import { themeCookie } from "~/infrastructure/preferences.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getSessionUser } from "~/infrastructure/session.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

// Nothing to show here: a GET just goes home (no GET changes anything).
export const loader = () => redirect("/");

/** Sets the interface language or theme: in a cookie for visitors, on the account when signed in. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const language = form.get("language");
  const theme = form.get("theme");
  const headers = new Headers();
  const user = await getSessionUser(request);
  if (isLanguage(language)) {
    headers.append("Set-Cookie", await languageCookie.serialize(language));
    if (user) await updatePreferences(user.accountId, { appLanguage: language });
  }
  if (theme === "dark" || theme === "light") {
    headers.append("Set-Cookie", await themeCookie.serialize(theme));
    if (user) await updatePreferences(user.accountId, { darkMode: theme === "dark" });
  }
  return redirect(safeRedirect(form.get("redirectTo"), "/"), { headers });
}
