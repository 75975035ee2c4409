import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteConfirmForm } from "~/components/ui/delete-confirm";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { useLocale } from "~/components/use-locale";
import { formatMoney } from "~/lib/money";
import { deleteEstimate, estimateDeleteEffects, getEstimateWithItems } from "~/models/estimate.server";
import { deleteThenRedirect } from "~/services/delete-dialog.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.estimateId ?? "";
  const [estimate, effects] = await Promise.all([
    getEstimateWithItems(user.accountId, id),
    estimateDeleteEffects(user.accountId, id),
  ]);
  if (!estimate || !effects) throw new Response("Not Found", { status: 404 });
  return {
    estimate: { id: estimate.id, estimateNumber: estimate.estimateNumber, title: estimate.title },
    // The invoice stays; without one, the deposits received go with the estimate (decision 017).
    ...effects,
  };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST deletes. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  return deleteThenRedirect(
    "an estimate",
    () => deleteEstimate(user.accountId, params.estimateId ?? ""),
    (estimate) =>
      redirectWithToast(`/app/estimates${new URL(request.url).search}`, {
        title: "estimates.deletedToast",
        description: "estimates.deletedBody",
        values: { number: estimate.estimateNumber },
      }),
  );
}

export default function DeleteEstimate() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { estimate, invoiced, deposits, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/estimates${useLocation().search}`;
  return (
    <RouteDialog title={t("estimates.deleteTitle")} closeTo={closeTo}>
      <p>{t("estimates.deleteConfirm", { number: estimate.estimateNumber, title: estimate.title })}</p>
      {invoiced ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("estimates.deleteKeepsInvoice")}</p> : null}
      <DeleteConfirmForm
        closeTo={closeTo}
        alsoDeleted={
          deposits.count > 0
            ? t("estimates.deleteTakesDeposits", {
                count: deposits.count,
                amount: formatMoney(deposits.received, locale, currency),
              })
            : null
        }
      />
      {actionData?.failed ? (
        <ToastView toast={{ type: "error", title: "toast.errorTitle", description: "estimates.deleteFailed" }} />
      ) : null}
    </RouteDialog>
  );
}
