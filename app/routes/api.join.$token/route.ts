import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getSettings } from "~/models/settings.server";
import { translate } from "~/infrastructure/i18n";
import { retryMinutes, signInAttempt, signInSucceeded } from "~/infrastructure/rate-limit.server";
import { createUserSession } from "~/infrastructure/session.server";
import { apiJoinSchema, joinSchema } from "~/lib/team-schema";
import { findInvitation, INVITATION_DAYS } from "~/models/team.server";
import { apiError, invalidPayload, json, readApiBody } from "~/services/api.server";
import { joinTeam } from "~/services/team.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

/**
 * GET /api/join/{token}: what the invitation offers, `{ email, role, company, hasLogin }`
 * (`hasLogin`: join with that login's password); 404 for a wrong, used or withdrawn token, 410 expired.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (request.method !== "GET" && request.method !== "HEAD") return apiError(405, "Use GET or POST.");
  const found = await findInvitation(params.token ?? "");
  if (found.state === "unknown") return apiError(404, translate("en", "team.join.unknownTitle"));
  if (found.state === "expired")
    return apiError(410, translate("en", "team.join.expiredBody", { days: String(INVITATION_DAYS) }));
  const settings = await getSettings(found.invitation.accountId);
  return json({
    email: found.invitation.email,
    role: found.invitation.role,
    company: settings.companyName,
    hasLogin: found.hasLogin,
  });
}

/**
 * POST /api/join/{token} `{ name, password }`: joins the team the invitation names with a new
 * login, signed in (session cookie); 201 with the new member. When the invited address already
 * has a login (of no account), `{ password }` of that login joins it. A wrong, used or withdrawn
 * token is 404 and an expired one 410, creating nothing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use GET or POST.");
  const token = params.token ?? "";
  const found = await findInvitation(token);
  if (found.state === "unknown") return apiError(404, translate("en", "team.join.unknownTitle"));
  if (found.state === "expired")
    return apiError(410, translate("en", "team.join.expiredBody", { days: String(INVITATION_DAYS) }));
  const body = await readApiBody(request, apiJoinSchema);
  if (body instanceof Response) return body;
  if (!found.hasLogin) {
    const checked = joinSchema.safeParse({ name: body.name, password: body.password });
    if (!checked.success) return invalidPayload(checked.error);
  } else {
    // Guessing the existing login's password here counts against the same limit as signing in.
    const limited = await signInAttempt(found.invitation.email);
    if (!limited.ok)
      return apiError(
        429,
        translate("en", "security.tooManyAttempts", { minutes: String(retryMinutes(limited.retryAfterSeconds)) }),
      );
  }
  const joined = await joinTeam(token, { name: body.name, password: body.password });
  switch (joined.status) {
    case "unknown":
      return apiError(404, translate("en", "team.join.unknownTitle"));
    case "expired":
      return apiError(410, translate("en", "team.join.expiredBody", { days: String(INVITATION_DAYS) }));
    case "wrong-password":
      return apiError(401, translate("en", "team.join.wrongPassword"));
    case "other-account":
      return apiError(409, translate("en", "team.join.otherAccount"));
  }
  if (found.hasLogin) await signInSucceeded(found.invitation.email);
  const { member } = joined;
  return json(
    { id: member.id, name: member.name, email: member.email, role: member.role, accountId: joined.accountId },
    { status: 201, headers: { "Set-Cookie": await createUserSession(request, joined.userId) } },
  );
}
