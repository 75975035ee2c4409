// A visitor's work request from the public page (docs/product/requests.md): recorded for the
// account, a notification in the bell (in the account's interface language), and while
// Settings' "Email Notifications" is on an e-mail to the owner's login, sent in the background
// so a mail server that fails or hangs costs the visitor nothing.
import type { WorkRequestInput } from "~/lib/work-request-schema";
import { translate, type Language } from "~/infrastructure/i18n";
import { createNotification } from "~/models/notification.server";
import { getSettings } from "~/models/settings.server";
import { getUserById } from "~/models/user.server";
import { createWorkRequest, type WorkRequest } from "~/models/work-request.server";
import { sendMail, systemSender, textNotice } from "./mail.server";
import { attachRequestPhotos } from "./request-photos.server";
import type { UploadedFile } from "~/infrastructure/upload.server";
import type { FileRefusal } from "~/models/file.server";

const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Subject and text of the contractor's e-mail, in `language`. */
export function workRequestMail(language: Language, request: WorkRequest, origin: string) {
  const subject = translate(language, "requests.mail.subject", { name: request.name });
  const t = (key: "phone" | "email" | "address" | "asked" | "preferred") => translate(language, `requests.detail.${key}`);
  const lines: string[] = [request.name];
  if (request.phone) lines.push(`${t("phone")}: ${request.phone}`);
  if (request.email) lines.push(`${t("email")}: ${request.email}`);
  if (request.address) lines.push(`${t("address")}: ${request.address}`);
  if (request.description) lines.push("", `${t("asked")}:`, request.description);
  if (request.preferredTimes) lines.push("", `${t("preferred")}: ${request.preferredTimes}`);
  lines.push(
    "",
    translate(language, "requests.mail.open"),
    `${origin}/app/requests/${request.id}`,
    "",
    translate(language, "notifications.mail.why"),
    `${origin}/app/settings`,
    "",
    "TradeDesk",
    "",
  );
  return textNotice(language, subject, lines.join("\n"));
}

async function mailRequest(accountId: string, language: Language, request: WorkRequest, origin: string) {
  const owner = await getUserById(accountId);
  if (!owner) return;
  await sendMail({
    from: systemSender(origin),
    to: { name: owner.name, address: owner.email },
    ...workRequestMail(language, request, origin),
    language,
    attachments: [],
  });
}

let lastMail: Promise<unknown> = Promise.resolve();

/** Records the request, notifies the account and, with notification e-mails on, e-mails it. */
export async function submitWorkRequest(
  accountId: string,
  input: WorkRequestInput,
  origin: string,
  /** The customer asking from their hub. */
  customerId: string | null = null,
  /** Photos sent with it, already checked by readRequestForm. */
  photos: UploadedFile[] = [],
): Promise<{ ok: true; request: WorkRequest } | FileRefusal> {
  const request = await createWorkRequest(accountId, input, customerId);
  // The photos before anyone is told: photos that cannot be kept take the request back.
  const refused = await attachRequestPhotos(accountId, request.id, photos);
  if (refused) return refused;
  const settings = await getSettings(accountId);
  const language = settings.appLanguage;
  await createNotification(accountId, {
    type: "new_inquiry",
    title: translate(language, "requests.notification.title"),
    message: translate(language, "requests.notification.message", {
      name: request.name,
      contact: request.phone ?? request.email ?? "",
      asked: short(request.description ?? "", 140),
    }),
  });
  if (settings.notifications) {
    lastMail = mailRequest(accountId, language, request, origin).catch((error: unknown) =>
      console.error("The e-mail about a work request was not sent:", error instanceof Error ? error.message : error),
    );
  }
  return { ok: true, request };
}

/** For tests: the latest e-mail's delivery, settled. */
export const workRequestMailSettled = () => lastMail;
