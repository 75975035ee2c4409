import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { getInvoiceWithItems, setInvoiceReminders } from "~/models/invoice.server";
import { getSettings } from "~/models/settings.server";
import { appOrigin } from "~/models/share.server";
import { env } from "~/services/env.server";
import { formatMailbox, sendInvoiceEmail, senderOf } from "~/services/mail.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { readForm } from "~/services/form.server";
import { formatReminderSteps } from "~/lib/reminders";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [invoice, settings] = await Promise.all([getInvoiceWithItems(user.id, params.invoiceId ?? ""), getSettings(user.id)]);
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
  const user = await requireUser(request);
  const form = await readForm(request);
  const result = await sendInvoiceEmail(user.id, params.invoiceId ?? "", { origin: appOrigin(request) });
  if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
  if (result.status === "no-email") return data({ problem: "estimates.emailRequired" }, { status: 400 });
  if (result.status === "failed") {
    console.error("Sending an invoice failed:", result.error.message);
    const problem = result.error.kind === "unknown" ? "invoices.send.failed" : `estimates.sendErrors.${result.error.kind}`;
    return data({ problem }, { status: result.error.kind === "sender" ? 400 : 502 });
  }
  // An unticked box sends nothing: reminders only when it was ticked.
  await setInvoiceReminders(user.id, params.invoiceId ?? "", form.get("reminders") === "on");
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
  const navigation = useNavigation();
  const closeTo = `/app/invoices${useLocation().search}`;
  const sending = navigation.state === "submitting";
  return (
    <RouteDialog title={t("invoices.send.title")} closeTo={closeTo}>
      {invoice.customerEmail ? (
        <div className="space-y-2">
          <p>
            {t("invoices.send.confirm", {
              number: invoice.invoiceNumber,
              title: invoice.title,
              customer: invoice.customerName,
              email: invoice.customerEmail,
            })}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("invoices.send.details")}</p>
          {sender ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("estimates.sendFrom", { sender })}</p> : null}
          {smtp ? null : (
            <p
              className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              data-testid="outbox-note"
            >
              {t("estimates.outboxNote")}
            </p>
          )}
        </div>
      ) : (
        <div className="space-y-2" role="alert">
          <p className="font-medium">{t("estimates.emailRequired")}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t("invoices.send.emailRequiredBody", { customer: invoice.customerName })}
          </p>
        </div>
      )}
      <Form method="post" className="mt-6 space-y-4">
        {invoice.customerEmail && reminders ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="reminders" defaultChecked={reminders.on} className="mt-1" />
            <span>
              {t("invoices.send.reminders")}
              <span className="block text-slate-600 dark:text-slate-400">
                {t("invoices.send.remindersHint", { steps: reminders.steps })}
              </span>
            </span>
          </label>
        ) : null}
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
            {t("list.cancel")}
          </Link>
          {invoice.customerEmail ? (
            <Button disabled={sending}>{sending ? t("estimates.sending") : t("invoices.send.action")}</Button>
          ) : null}
        </div>
      </Form>
      {actionData?.problem ? (
        <ToastView
          key={actionData.problem}
          toast={{ type: "error", title: "toast.errorTitle", description: actionData.problem }}
        />
      ) : null}
    </RouteDialog>
  );
}
