import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "#db/schema";
import { membershipOf } from "~/models/member.server";
import { getSettings } from "~/models/settings.server";
import { verifyLogin } from "~/models/user.server";
import { languageCookie } from "~/infrastructure/i18n.server";
import { themeCookie } from "~/infrastructure/preferences.server";
import { createUserSession } from "~/infrastructure/session.server";
import { toastHeader } from "~/infrastructure/toast.server";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("Invalid email or password");
    this.name = "InvalidCredentialsError";
  }
}

export const authenticator = new Authenticator<User>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = form.get("email");
    const password = form.get("password");
    if (typeof email !== "string" || typeof password !== "string") {
      throw new InvalidCredentialsError();
    }
    const user = await verifyLogin(email, password);
    if (!user) throw new InvalidCredentialsError();
    return user;
  }),
  "form",
);

/** Signs in with e-mail and password through the form strategy; null when they do not match. */
export async function authenticateWithPassword(email: string, password: string, url: string) {
  const body = new URLSearchParams({ email, password });
  const request = new Request(url, { method: "POST", body });
  try {
    return await authenticator.authenticate("form", request);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return null;
    throw error;
  }
}

/**
 * The login's session cookie, the welcome toast, and its account's language and theme as
 * cookies for this browser.
 */
export async function signedInHeaders(request: Request, userId: string, how: "login" | "register" | "join") {
  const member = await membershipOf(userId);
  if (!member) throw new Error("signedInHeaders: the login is no member of an account (check membershipOf first)");
  const settings = await getSettings(member.accountId);
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(request, userId));
  headers.append("Set-Cookie", await languageCookie.serialize(settings.appLanguage));
  headers.append("Set-Cookie", await themeCookie.serialize(settings.darkMode ? "dark" : "light"));
  headers.append(
    "Set-Cookie",
    await toastHeader(
      how === "login"
        ? { title: "toast.welcomeBackTitle", description: "toast.welcomeBack" }
        : how === "join"
          ? { title: "team.join.welcomeTitle", description: "team.join.welcome", values: { company: settings.companyName } }
          : { title: "toast.welcomeTitle", description: "toast.welcome" },
    ),
  );
  return headers;
}
