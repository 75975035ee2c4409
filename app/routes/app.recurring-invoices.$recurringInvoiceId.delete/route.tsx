import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteConfirmForm } from "~/components/ui/delete-confirm";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { deleteRecurringInvoice, getRecurringInvoice } from "~/models/recurring-invoice.server";
import { deleteThenRedirect } from "~/services/delete-dialog.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const recurring = await getRecurringInvoice(user.accountId, params.recurringInvoiceId ?? "");
  if (!recurring) throw new Response("Not Found", { status: 404 });
  return { title: recurring.title, customer: recurring.customer.name, invoicesMade: recurring.invoicesMade };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST deletes. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  return deleteThenRedirect(
    "a recurring invoice",
    () => deleteRecurringInvoice(user.accountId, params.recurringInvoiceId ?? ""),
    (recurring) =>
      redirectWithToast(`/app/recurring-invoices${new URL(request.url).search}`, {
        title: "recurring.deletedToast",
        description: "recurring.deletedBody",
        values: { title: recurring.title },
      }),
  );
}

export default function DeleteRecurringInvoice() {
  const { t } = useTranslation();
  const { title, customer, invoicesMade } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/recurring-invoices${useLocation().search}`;
  return (
    <RouteDialog title={t("recurring.deleteTitle")} closeTo={closeTo}>
      <p>{t("recurring.deleteConfirm", { title, customer })}</p>
      {invoicesMade > 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("recurring.deleteKeeps", { count: invoicesMade })}</p>
      ) : null}
      <DeleteConfirmForm closeTo={closeTo} />
      {actionData?.failed ? (
        <ToastView toast={{ type: "error", title: "toast.errorTitle", description: "recurring.deleteFailed" }} />
      ) : null}
    </RouteDialog>
  );
}
