import type { ActionFunctionArgs } from "@remix-run/node";
import { appOrigin } from "~/models/share.server";
import { methodNotAllowed, requireApiUser } from "~/services/api.server";
import { sendInvoiceEmail, sendAnswer } from "~/services/mail.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export async function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/invoices/{id}/send: e-mails the invoice (PDF attached, the amount due, the due
 * date and the link to its page) to its customer; answers `{ sender, recipient }` (and
 * `outbox` when no SMTP_URL is set). 400 when the customer has no e-mail, 404 for another
 * account's invoice, 502 with the reason when the mail server refuses.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, access);
  const result = await sendInvoiceEmail(user.accountId, params.id ?? "", { origin: appOrigin(request), by: user.id });
  return sendAnswer(result, "Failed to send invoice.");
}
