import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "./ui/button";
import { RouteDialog } from "./ui/route-dialog";
import { ToastView } from "./ui/toast";
import { isPosting } from "./ui/submission";

/**
 * The confirm step of e-mailing an estimate or an invoice (a dialog with JavaScript, a page
 * without): to whom and from whom, the outbox note without SMTP_URL, or why it cannot be sent;
 * only its POST sends. `options` go inside the form (the invoice's reminders box).
 */
export function SendDocumentDialog(props: {
  title: string;
  confirm: string;
  details: string;
  emailRequiredBody: string;
  sendLabel: string;
  customerEmail: string | null;
  sender: string | null;
  smtp: boolean;
  closeTo: string;
  problem: string | null | undefined;
  options?: ReactNode;
}) {
  const { t } = useTranslation();
  const sending = isPosting(useNavigation());
  return (
    <RouteDialog title={props.title} closeTo={props.closeTo}>
      {props.customerEmail ? (
        <div className="space-y-2">
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
      ) : (
        <div className="space-y-2" role="alert">
          <p className="font-medium">{t("estimates.emailRequired")}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{props.emailRequiredBody}</p>
        </div>
      )}
      <Form method="post" className="mt-6 space-y-4">
        {props.customerEmail ? props.options : null}
        <div className="flex justify-end gap-2">
          <Link to={props.closeTo} className={buttonClass("secondary")} preventScrollReset>
            {t("list.cancel")}
          </Link>
          {props.customerEmail ? <Button disabled={sending}>{sending ? t("estimates.sending") : props.sendLabel}</Button> : null}
        </div>
      </Form>
      {props.problem ? (
        <ToastView key={props.problem} toast={{ type: "error", title: "toast.errorTitle", description: props.problem }} />
      ) : null}
    </RouteDialog>
  );
}
