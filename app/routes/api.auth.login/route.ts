import type { ActionFunctionArgs } from "@remix-run/node";
import { loginSchema } from "~/lib/auth-schemas";
import { toPublicUser } from "~/models/user.server";
import { apiError, json, readJsonObject, validationErrors } from "~/services/api.server";
import { authenticateWithPassword } from "~/services/auth.server";
import { retryMinutes, signInAttempt, signInSucceeded } from "~/infrastructure/rate-limit.server";
import { createUserSession } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";
import { membershipOf } from "~/models/member.server";
import { translate } from "~/infrastructure/i18n";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

export const loader = () => apiError(405, "Use POST to sign in.");

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to sign in.");
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const parsed = loginSchema.omit({ redirectTo: true }).safeParse(body);
  if (!parsed.success) {
    const errors = validationErrors(parsed.error);
    return apiError(400, errors[0]?.message ?? "Invalid request", errors);
  }
  const attempt = await signInAttempt(parsed.data.email);
  if (!attempt.ok) {
    const minutes = retryMinutes(attempt.retryAfterSeconds);
    return json(
      {
        message: `Too many sign-in attempts for this email. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
    );
  }
  const user = await authenticateWithPassword(parsed.data.email, parsed.data.password, request.url);
  if (!user) return apiError(401, "Invalid email or password");
  if (!(await membershipOf(user.id))) return apiError(403, translate("en", "auth.notAMember"));
  await signInSucceeded(parsed.data.email);
  return json(toPublicUser(user), { headers: { "Set-Cookie": await createUserSession(request, user.id) } });
}
