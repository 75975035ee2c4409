import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TextKey } from "~/locales/keys";
import { Button, buttonClass } from "./ui/button";
import { RouteDialog } from "./ui/route-dialog";
import { ToastView } from "./ui/toast";
import { isPosting } from "./ui/submission";

/**
 * The confirm step of e-mailing an estimate or an invoice (a dialog with JavaScript, a page
 * without): to whom and from whom, the outbox note without SMTP_URL, or why it cannot be sent
 * (`blocked`, or no customer e-mail) with what to do about it; only its POST sends. `options`
 * go inside the form (the invoice's reminders box).
 */
export function SendDocumentDialog(props: {
  title: string;
  confirm: string;
  details: string;
  emailRequiredBody: string;
  sendLabel: string;
  customerEmail: string | null;
  /** Why it cannot be sent whatever the customer's e-mail, and the link that mends it. */
  blocked?: { title: string; body: string; action: { to: string; label: string } } | null;
  sender: string | null;
  smtp: boolean;
  closeTo: string;
  problem: TextKey | null | undefined;
  options?: ReactNode;
}) {
  const { t } = useTranslation();
  const sending = isPosting(useNavigation());
  const blocked =
    props.blocked ??
    (props.customerEmail ? null : { title: t("estimates.emailRequired"), body: props.emailRequiredBody, action: null });
  return (
    <RouteDialog title={props.title} closeTo={props.closeTo}>
      {blocked ? (
        <div className="space-y-2" role="alert">
          <p className="font-medium">{blocked.title}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{blocked.body}</p>
        </div>
      ) : (
        // A long e-mail address breaks rather than widening the dialog on a phone.
        <div className="space-y-2 [overflow-wrap:anywhere]">
          <p>{props.confirm}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{props.details}</p>
          {props.sender ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("estimates.sendFrom", { sender: props.sender })}</p>
          ) : null}
          {props.smtp ? null : (
            <p
              className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              data-testid="outbox-note"
            >
              {t("estimates.outboxNote")}
            </p>
          )}
        </div>
      )}
      <Form method="post" className="mt-6 space-y-4">
        {blocked ? null : props.options}
        <div className="flex justify-end gap-2">
          <Link to={props.closeTo} className={buttonClass("secondary")} preventScrollReset>
            {t("list.cancel")}
          </Link>
          {blocked?.action ? (
            <Link to={blocked.action.to} className={buttonClass("primary")} preventScrollReset replace>
              {blocked.action.label}
            </Link>
          ) : null}
          {blocked ? null : <Button disabled={sending}>{sending ? t("estimates.sending") : props.sendLabel}</Button>}
        </div>
      </Form>
      {props.problem ? (
        <ToastView key={props.problem} toast={{ type: "error", title: "toast.errorTitle", description: props.problem }} />
      ) : null}
    </RouteDialog>
  );
}
