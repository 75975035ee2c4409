import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteConfirmForm } from "~/components/ui/delete-confirm";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { deleteCustomer, getCustomer, type Attachments } from "~/models/customer.server";
import { countCustomerRecurringInvoices } from "~/models/recurring-invoice.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.customerId ?? "";
  const [customer, recurring] = await Promise.all([
    getCustomer(user.accountId, id),
    countCustomerRecurringInvoices(user.accountId, id),
  ]);
  if (!customer) throw new Response("Not Found", { status: 404 });
  // Their recurring invoices go with them (foreign key cascade, decision 018): the dialog says so.
  return { customer: { id: customer.id, name: customer.name }, recurring };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST deletes. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const result = await deleteCustomer(user.accountId, params.customerId ?? "");
  if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
  if (result.status === "attached") {
    return data({ attachments: result.attachments }, { status: 409 });
  }
  return redirectWithToast(`/app/customers${new URL(request.url).search}`, {
    title: "customers.deleted",
    description: "customers.deletedBody",
    values: { name: result.customer.name },
  });
}

function useAttachedText(attachments: Attachments | undefined) {
  const { t } = useTranslation();
  if (!attachments) return null;
  const parts = (
    [
      ["jobs", "customers.attachedJobs"],
      ["estimates", "customers.attachedEstimates"],
      ["invoices", "customers.attachedInvoices"],
      ["appointments", "customers.attachedAppointments"],
    ] as const
  )
    .filter(([key]) => attachments[key] > 0)
    .map(([key, label]) => t(label, { count: attachments[key] }));
  return parts.join(", ");
}

export default function DeleteCustomer() {
  const { t } = useTranslation();
  const { customer, recurring } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/customers${useLocation().search}`;
  const attached = useAttachedText(actionData?.attachments);
  return (
    <RouteDialog title={t("customers.deleteTitle")} closeTo={closeTo}>
      {attached ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {t("customers.deleteRefused", { name: customer.name, attached })}
        </p>
      ) : (
        <p>{t("customers.deleteConfirm", { name: customer.name })}</p>
      )}
      <DeleteConfirmForm
        closeTo={closeTo}
        canDelete={!attached}
        alsoDeleted={recurring > 0 ? t("customers.deleteTakesRecurring", { count: recurring }) : null}
      />
      {attached ? (
        <ToastView key={attached} toast={{ type: "error", title: "toast.errorTitle", description: "customers.deleteFailed" }} />
      ) : null}
    </RouteDialog>
  );
}
