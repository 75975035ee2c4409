import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteConfirmForm } from "~/components/ui/delete-confirm";
import { RouteDialog } from "~/components/ui/route-dialog";
import { deleteInvoice, getInvoiceWithItems } from "~/models/invoice.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const invoice = await getInvoiceWithItems(user.accountId, params.invoiceId ?? "");
  if (!invoice) throw new Response("Not Found", { status: 404 });
  return { invoice: { invoiceNumber: invoice.invoiceNumber, title: invoice.title } };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST deletes. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const invoice = await deleteInvoice(user.accountId, params.invoiceId ?? "");
  if (!invoice) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(`/app/invoices${new URL(request.url).search}`, {
    title: "invoices.deleted",
    description: "invoices.deletedBody",
    values: { number: invoice.invoiceNumber },
  });
}

export default function DeleteInvoice() {
  const { t } = useTranslation();
  const { invoice } = useLoaderData<typeof loader>();
  const closeTo = `/app/invoices${useLocation().search}`;
  return (
    <RouteDialog title={t("invoices.deleteTitle")} closeTo={closeTo}>
      <p>{t("invoices.deleteConfirm", { number: invoice.invoiceNumber, title: invoice.title })}</p>
      <DeleteConfirmForm closeTo={closeTo} />
    </RouteDialog>
  );
}
