import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TextKey } from "~/locales/keys";
import { SendDocumentDialog } from "~/components/send-document-dialog";
import { getInvoiceWithItems, setInvoiceReminders } from "~/models/invoice.server";
import { getSettings } from "~/models/settings.server";
import { appOrigin } from "~/models/share.server";
import { env } from "~/infrastructure/env.server";
import { formatMailbox, sendInvoiceEmail, senderOf } from "~/services/mail.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import { formatReminderSteps } from "~/lib/reminders";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [invoice, settings] = await Promise.all([
    getInvoiceWithItems(user.accountId, params.invoiceId ?? ""),
    getSettings(user.accountId),
  ]);
  if (!invoice) throw new Response("Not Found", { status: 404 });
  const sender = senderOf(settings);
  return {
    invoice: {
      invoiceNumber: invoice.invoiceNumber,
      title: invoice.title,
      customerName: invoice.customer.name,
      customerEmail: invoice.customer.email?.trim() || null,
    },
    sender: sender ? formatMailbox(sender) : null,
    smtp: Boolean(env().SMTP_URL),
    // Reminders follow a sent invoice when the account has them on (Settings), unless unticked here.
    reminders: settings.remindersEnabled
      ? { steps: formatReminderSteps(settings.reminderSteps.split(",").map(Number)), on: !invoice.remindersOff }
      : null,
  };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST sends. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const form = await readForm(request);
  const result = await sendInvoiceEmail(user.accountId, params.invoiceId ?? "", { origin: appOrigin(request), by: user.id });
  if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
  if (result.status === "no-email") return data({ problem: "estimates.emailRequired" as const }, { status: 400 });
  if (result.status === "failed") {
    console.error("Sending an invoice failed:", result.error.message);
    const problem: TextKey =
      result.error.kind === "unknown" ? "invoices.send.failed" : `estimates.sendErrors.${result.error.kind}`;
    return data({ problem }, { status: result.error.kind === "sender" ? 400 : 502 });
  }
  // An unticked box sends nothing: reminders only when it was ticked.
  await setInvoiceReminders(user.accountId, params.invoiceId ?? "", form.get("reminders") === "on");
  const back = `/app/invoices${new URL(request.url).search}`;
  const values = { sender: result.sender, recipient: result.recipient };
  if (result.delivery.via === "outbox") {
    return redirectWithToast(back, {
      title: "invoices.send.sentToast",
      description: "estimates.sentOutboxBody",
      values: { ...values, file: result.delivery.file },
    });
  }
  return redirectWithToast(back, { title: "invoices.send.sentToast", description: "estimates.sentBody", values });
}

export default function SendInvoice() {
  const { t } = useTranslation();
  const { invoice, sender, smtp, reminders } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const names = {
    number: invoice.invoiceNumber,
    title: invoice.title,
    customer: invoice.customerName,
    email: invoice.customerEmail ?? "",
  };
  return (
    <SendDocumentDialog
      title={t("invoices.send.title")}
      confirm={t("invoices.send.confirm", names)}
      details={t("invoices.send.details")}
      emailRequiredBody={t("invoices.send.emailRequiredBody", { customer: invoice.customerName })}
      sendLabel={t("invoices.send.action")}
      customerEmail={invoice.customerEmail}
      sender={sender}
      smtp={smtp}
      closeTo={`/app/invoices${useLocation().search}`}
      problem={actionData?.problem}
      options={
        reminders ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="reminders" defaultChecked={reminders.on} className="mt-1" />
            <span>
              {t("invoices.send.reminders")}
              <span className="block text-slate-600 dark:text-slate-400">
                {t("invoices.send.remindersHint", { steps: reminders.steps })}
              </span>
            </span>
          </label>
        ) : null
      }
    />
  );
}
