// Inviting someone to the account's team: the invitation (app/models/team.server.ts) and its
// e-mail with the /join/{token} link, in the account's document language. When the e-mail
// cannot go out, the invitation is withdrawn again: nothing is left half done.
import type { Role } from "#db/schema";
import { translate, type Language } from "~/infrastructure/i18n";
import type { KeyUnder } from "~/locales/keys";
import { getSettings } from "~/models/settings.server";
import {
  acceptInvitation,
  acceptInvitationAs,
  findInvitation,
  inviteMember,
  revokeInvitation,
  INVITATION_DAYS,
  type INVITABLE_ROLES,
  type PendingInvitation,
  type TeamMember,
} from "~/models/team.server";
import { verifyLogin } from "~/models/user.server";
import { MailError, sendMail, senderOf, systemSender, textNotice } from "./mail.server";

export const joinUrl = (origin: string, token: string) => `${origin}/join/${token}`;

/** Subject and text of the invitation, in `language`. */
export function invitationMail(
  language: Language,
  values: { inviter: string; company: string; role: Role; link: string },
): { subject: string; text: string } {
  const t = (key: KeyUnder<"team.mail">) =>
    translate(language, `team.mail.${key}`, {
      ...values,
      role: translate(language, `shell.roles.${values.role}`),
      days: String(INVITATION_DAYS),
    });
  const subject = t("subject");
  const text = [t("greeting"), "", t("body"), "", values.link, "", t("expires"), "", t("ifNotYou"), "", values.company, ""].join(
    "\n",
  );
  return { subject, text };
}

export type InviteOutcome =
  | { status: "sent"; invitation: PendingInvitation }
  | { status: "already-member" | "other-account" }
  | { status: "failed"; error: MailError };

/** Invites `email` as `role` and e-mails the link; the invitation is withdrawn if the mail fails. */
export async function inviteAndSend(
  accountId: string,
  inviter: { id: string; name: string },
  input: { email: string; role: (typeof INVITABLE_ROLES)[number] },
  origin: string,
): Promise<InviteOutcome> {
  const invited = await inviteMember(accountId, inviter.id, input);
  if (!invited.ok) return { status: invited.reason };
  const settings = await getSettings(accountId);
  const language = settings.documentLanguage;
  const content = invitationMail(language, {
    inviter: inviter.name,
    company: settings.companyName,
    role: invited.invitation.role,
    link: joinUrl(origin, invited.token),
  });
  try {
    await sendMail({
      from: senderOf(settings) ?? systemSender(origin),
      to: { name: invited.invitation.email, address: invited.invitation.email },
      ...textNotice(language, content.subject, content.text),
      language,
      attachments: [],
    });
  } catch (error) {
    await revokeInvitation(accountId, invited.invitation.id);
    return {
      status: "failed",
      error: error instanceof MailError ? error : new MailError("unknown", String(error), { cause: error }),
    };
  }
  return { status: "sent", invitation: invited.invitation };
}

export type JoinOutcome =
  | { status: "joined"; userId: string; member: TeamMember; accountId: string }
  | { status: "unknown" | "expired" | "other-account" | "wrong-password" };

/**
 * Joins the team an invitation names: with a new login (`name` and `password`, checked by the
 * caller), or, when the invited address already has a login that belongs to no account, by
 * that login's password. A login of another account is refused: a login belongs to one account.
 */
export async function joinTeam(token: string, input: { name?: string; password: string }): Promise<JoinOutcome> {
  const found = await findInvitation(token);
  if (found.state !== "valid") return { status: found.state };
  const accountId = found.invitation.accountId;
  if (found.hasLogin) {
    const login = await verifyLogin(found.invitation.email, input.password);
    if (!login) return { status: "wrong-password" };
    const joined = await acceptInvitationAs(token, login.id);
    if (!joined.ok) return { status: joined.reason === "login-exists" ? "other-account" : joined.reason };
    return { status: "joined", userId: joined.userId, member: joined.member, accountId };
  }
  const joined = await acceptInvitation(token, { name: input.name ?? "", password: input.password });
  if (!joined.ok) return { status: joined.reason === "login-exists" ? "other-account" : joined.reason };
  return { status: "joined", userId: joined.userId, member: joined.member, accountId };
}
