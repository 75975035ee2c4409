// What a member does on a visit from My day (app/models/visit.server.ts keeps the record):
// "On my way" e-mails the customer once per visit, in the account's document language; each
// step tells the office through a notification that names who did it (docs/decisions/030).
import { translate, type Language } from "~/infrastructure/i18n";
import { formatTimeIn } from "~/lib/schedule";
import { accountZone } from "~/lib/clock";
import { createNotification } from "~/models/notification.server";
import { getSettings } from "~/models/settings.server";
import {
  addVisitNote,
  advanceVisit,
  claimOnMyWay,
  releaseOnMyWay,
  type Visit,
  type VisitActor,
  type VisitEventKind,
} from "~/models/visit.server";
import { sendMail, senderOf, systemSender, textNotice } from "./mail.server";

/** "Ana (Technician)", in `language`. */
export const actorLabel = (language: Language, actor: Pick<VisitActor, "name" | "role">) =>
  translate(language, "myDay.by", { name: actor.name, role: translate(language, `shell.roles.${actor.role}`) });

/** Tells the account what happened on the visit, in its interface language, naming who did it. */
async function notifyVisit(accountId: string, visit: Visit, kind: VisitEventKind, actor: VisitActor, body = "") {
  const settings = await getSettings(accountId);
  const language = settings.appLanguage;
  await createNotification(accountId, {
    type: "visit",
    title: translate(language, "myDay.notification.title"),
    message: translate(language, `myDay.notification.${kind}`, {
      actor: actorLabel(language, actor),
      customer: visit.customer.name,
      title: visit.title,
      body: body.length > 140 ? `${body.slice(0, 139)}…` : body,
    }),
  });
}

/** Subject and text of the "on my way" e-mail, in `language`. */
export function onMyWayMail(
  language: Language,
  values: { technician: string; company: string; customer: string; title: string; time: string; phone: string | null },
) {
  const text = { ...values, phone: values.phone ?? "" };
  const subject = translate(language, "myDay.mail.subject", text);
  const lines = [translate(language, "myDay.mail.greeting", text), "", translate(language, "myDay.mail.body", text)];
  if (values.phone) lines.push("", translate(language, "myDay.mail.contact", { phone: values.phone }));
  lines.push("", values.company, "");
  return { subject, text: lines.join("\n") };
}

export type OnMyWayOutcome = "sent" | "already-sent" | "no-email" | "failed";

/**
 * E-mails the customer that `actor` is on the way: once per visit, the claim held by the
 * database. When the e-mail cannot go out the claim is given back, so a later tap may send it.
 */
export async function sendOnMyWay(accountId: string, visit: Visit, actor: VisitActor, origin: string): Promise<OnMyWayOutcome> {
  if (!visit.customer.email) return "no-email";
  if (!(await claimOnMyWay(accountId, visit.id, actor))) return "already-sent";
  const settings = await getSettings(accountId);
  const language = settings.documentLanguage;
  const content = onMyWayMail(language, {
    technician: actor.name.split(/\s+/)[0] || actor.name,
    company: settings.companyName,
    customer: visit.customer.name,
    title: visit.title,
    time: formatTimeIn(visit.scheduledDate, accountZone(settings.timeZone), language),
    phone: settings.phone || null,
  });
  try {
    await sendMail({
      from: senderOf(settings) ?? systemSender(origin),
      to: { name: visit.customer.name, address: visit.customer.email },
      ...textNotice(language, content.subject, content.text),
      language,
      attachments: [],
    });
  } catch (error) {
    console.error("Sending an on-my-way e-mail failed", error);
    await releaseOnMyWay(accountId, visit.id);
    return "failed";
  }
  await notifyVisit(accountId, visit, "on_my_way", actor);
  return "sent";
}

/** Starts or completes the visit; false when that step was done already. */
export async function advanceAndNotify(accountId: string, visit: Visit, step: "started" | "completed", actor: VisitActor) {
  if (!(await advanceVisit(accountId, visit.id, step, actor))) return false;
  await notifyVisit(accountId, visit, step, actor);
  return true;
}

/** Adds the actor's note to the visit and tells the office. */
export async function noteAndNotify(accountId: string, visit: Visit, actor: VisitActor, body: string) {
  await addVisitNote(accountId, visit.id, actor, body);
  await notifyVisit(accountId, visit, "note", actor, body);
}
