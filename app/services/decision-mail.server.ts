// The e-mail a contractor gets when a customer approves or declines an estimate on its shared
// page, while Settings' "Email Notifications" is on: the bell's notification, sent to the
// address the contractor signs in with. It goes out after the answer is saved and without
// holding the customer's page, so a mail server that fails or hangs costs the answer nothing
// (the notification in the app is there either way).
import type { DecisionNotice } from "~/models/share.server";
import { getUserById } from "~/models/user.server";
import { translate } from "~/infrastructure/i18n.server";
import type { KeyUnder } from "~/locales/keys";
import { sendMail, systemSender, textNotice } from "./mail.server";

/** Subject and text of the e-mail, in the contractor's interface language. */
export function decisionMail(notice: DecisionNotice, origin: string) {
  const t = (key: KeyUnder<"notifications.mail">) => translate(notice.language, `notifications.mail.${key}`);
  const subject = `${notice.title}: ${notice.estimateNumber}`;
  const text = [
    notice.message,
    "",
    t("open"),
    `${origin}/app/estimates/${notice.estimateId}/preview`,
    "",
    t("why"),
    `${origin}/app/settings`,
    "",
    "TradeDesk",
    "",
  ].join("\n");
  return textNotice(notice.language, subject, text);
}

async function mailDecision(notice: DecisionNotice, origin: string) {
  if (!notice.byEmail) return;
  const owner = await getUserById(notice.accountId);
  if (!owner) return;
  await sendMail({
    from: systemSender(origin),
    to: { name: owner.name, address: owner.email },
    ...decisionMail(notice, origin),
    language: notice.language,
    attachments: [],
  });
}

let lastMail: Promise<unknown> = Promise.resolve();

/** Sends the e-mail in the background; a failure is logged, never thrown at the customer. */
export function mailDecisionInBackground(notice: DecisionNotice, origin: string) {
  lastMail = mailDecision(notice, origin).catch((error: unknown) =>
    console.error("The e-mail about a customer's answer was not sent:", error instanceof Error ? error.message : error),
  );
}

/** For tests: the latest e-mail's delivery, settled. */
export const decisionMailSettled = () => lastMail;
