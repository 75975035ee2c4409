// "Send hub link": the customer's hub link (made if it has none) e-mailed to the customer's
// address, in the account's document language, from the company (as its documents are).
import { translate } from "~/infrastructure/i18n";
import { getCustomer } from "~/models/customer.server";
import { getOrCreateHub, hubUrl } from "~/models/customer-hub.server";
import { getSettings } from "~/models/settings.server";
import { MailError, sendMail, senderOf, textNotice, type MailDelivery } from "./mail.server";

export type SendHubLinkResult =
  | { status: "not-found" }
  | { status: "no-email" }
  | { status: "failed"; error: MailError }
  | { status: "sent"; recipient: string; delivery: MailDelivery };

/** Failures are answers, never throws; the link stays made whether the message goes out or not. */
export async function sendHubLink(
  accountId: string,
  customerId: string,
  options: { origin: string; by?: string | null },
): Promise<SendHubLinkResult> {
  const [customer, settings] = await Promise.all([getCustomer(accountId, customerId), getSettings(accountId)]);
  if (!customer) return { status: "not-found" };
  const recipient = customer.email?.trim();
  if (!recipient) return { status: "no-email" };
  const from = senderOf(settings);
  if (!from)
    return { status: "failed", error: new MailError("sender", "There is no sender address: set the company email in Settings.") };
  const hub = await getOrCreateHub(accountId, customerId, options.by ?? null);
  if (!hub) return { status: "not-found" };
  const language = settings.documentLanguage;
  const values = { company: from.name, name: customer.name, link: hubUrl(options.origin, hub.token) };
  try {
    const delivery = await sendMail({
      from,
      replyTo: settings.email && settings.email !== from.address ? settings.email : undefined,
      to: { name: customer.name, address: recipient },
      ...textNotice(language, translate(language, "hub.mail.subject", values), translate(language, "hub.mail.body", values)),
      language,
      attachments: [],
    });
    return { status: "sent", recipient, delivery };
  } catch (error) {
    if (error instanceof MailError) return { status: "failed", error };
    console.error("Sending a hub link failed", error);
    return { status: "failed", error: new MailError("unknown", "Failed to send the hub link.", { cause: error }) };
  }
}
