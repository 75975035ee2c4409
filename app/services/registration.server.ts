// Registration that does not tell an outsider whether an address has an account
// (docs/decisions/011-registration-does-not-reveal-accounts.md): a known address gets the
// answer a new one gets, without a session, and its owner gets an e-mail saying so.
import type { User } from "#db/schema";
import { getSettings } from "~/models/settings.server";
import { appOrigin } from "~/models/share.server";
import { now as clockNow } from "~/lib/clock";
import { normalizeEmail } from "~/lib/email";
import { createUser, EmailTakenError, getUserByEmail, type PublicUser } from "~/models/user.server";
import { translate, type Language } from "~/infrastructure/i18n";
import type { KeyUnder } from "~/locales/keys";
import { sendMail, systemSender, textNotice } from "./mail.server";
import { FixedWindowLimiter } from "~/infrastructure/rate-limit.server";
import { membershipOf } from "~/models/member.server";

export type Registration = { kind: "created"; user: User } | { kind: "existing"; user: PublicUser };

/**
 * Creates the account, or, when the address already has one, changes nothing, e-mails
 * the owner (in the background: the answer does not wait for the mail server, so its
 * time does not tell either) and returns a user shaped like a new one, with a fresh id
 * no account has, for the caller to answer with as it would for a new account.
 */
export async function register(
  request: Request,
  input: {
    name: string;
    email: string;
    password: string;
    timeZone?: string | null;
    appLanguage?: "en" | "es";
    darkMode?: boolean;
  },
): Promise<Registration> {
  try {
    return { kind: "created", user: await createUser(input) };
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
  const now = clockNow();
  const echo: PublicUser = {
    id: crypto.randomUUID(),
    name: input.name.trim(),
    email: normalizeEmail(input.email),
    createdAt: now,
    updatedAt: now,
  };
  const owner = await getUserByEmail(input.email);
  if (owner) {
    const pending = notifyOwner(owner, appOrigin(request)).catch((error) =>
      console.error("The existing-account notice was not sent", error),
    );
    lastNotice = pending;
  }
  return { kind: "existing", user: echo };
}

/** One notice per address per hour, whichever server answers: repeated attempts must not flood the owner's inbox. */
const notices = new FixedWindowLimiter({ name: "notice", windowMs: 60 * 60 * 1000, max: 1 });
let lastNotice: Promise<unknown> = Promise.resolve();

/** For tests: the latest notice's delivery, settled. */
export const noticeSettled = () => lastNotice;

/** For tests: forget which addresses were told this hour. */
export const resetNotices = () => notices.clear();

/** Subject and text of the notice, in the account's language. */
export function existingAccountMail(language: Language, values: { name: string; email: string; link: string }) {
  const t = (key: KeyUnder<"auth.existingAccountMail">) => translate(language, `auth.existingAccountMail.${key}`, values);
  const subject = t("subject");
  const text = [t("greeting"), "", t("body"), "", t("ifYou"), values.link, "", t("ifNotYou"), "", "TradeDesk", ""].join("\n");
  return { subject, text };
}

async function notifyOwner(owner: User, origin: string) {
  if (!(await notices.hit(owner.email)).ok) return;
  // The login's account, in that account's language (a login that is no member gets English).
  const member = await membershipOf(owner.id);
  const settings = member ? await getSettings(member.accountId) : null;
  const language = settings?.appLanguage ?? "en";
  const content = existingAccountMail(language, { name: owner.name, email: owner.email, link: `${origin}/login` });
  await sendMail({
    from: systemSender(origin),
    to: { name: owner.name, address: owner.email },
    ...textNotice(language, content.subject, content.text),
    language,
    attachments: [],
  });
}
