import { translate } from "~/infrastructure/i18n";
import { inviteSchema } from "~/lib/team-schema";
import { appOrigin } from "~/models/share.server";
import { apiError, apiRoute, created, readApiBody } from "~/services/api.server";
import { inviteAndSend } from "~/services/team.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "team" satisfies RouteAccess;

/**
 * POST /api/team/invitations `{ email, role }` (`office` or `technician`): e-mails a link to
 * join, valid for seven days; 201 `{ id, email, role, expiresAt }`. 409 for an address already
 * in this account or signing in to another; 502 when the e-mail cannot be sent (nothing kept).
 */
const route = apiRoute(access, {
  POST: async ({ request, user }) => {
    const body = await readApiBody(request, inviteSchema);
    if (body instanceof Response) return body;
    const outcome = await inviteAndSend(user.accountId, { id: user.id, name: user.name }, body, appOrigin(request));
    if (outcome.status === "failed")
      return apiError(502, translate("en", "team.errors.mailFailed", { error: outcome.error.message }));
    if (outcome.status !== "sent") {
      const key = outcome.status === "already-member" ? "team.errors.alreadyMember" : "team.errors.otherAccount";
      return apiError(409, translate("en", key, { email: body.email }));
    }
    const { invitation } = outcome;
    return created({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
    });
  },
});
export const loader = route.loader;
export const action = route.action;
