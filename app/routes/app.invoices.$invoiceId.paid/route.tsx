import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { canMarkPaid, effectiveStatus, invoiceStatusLabelKey } from "~/lib/invoice-status";
import { formatMoney } from "~/lib/money";
import { getInvoiceWithItems, markInvoicePaid, todayFor } from "~/models/invoice.server";
import { getSettings } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { isPosting } from "~/components/ui/submission";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [invoice, settings, today] = await Promise.all([
    getInvoiceWithItems(user.accountId, params.invoiceId ?? ""),
    getSettings(user.accountId),
    todayFor(user.accountId),
  ]);
  if (!invoice) throw new Response("Not Found", { status: 404 });
  return {
    invoice: {
      invoiceNumber: invoice.invoiceNumber,
      customerName: invoice.customer.name,
      // What marking it paid records: the balance still due.
      balance: Math.max(0, invoice.total - invoice.amountPaid),
      status: effectiveStatus(invoice, today),
    },
    currency: settings.currency,
  };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST marks the invoice paid. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const result = await markInvoicePaid(user.accountId, params.invoiceId ?? "", { by: user.id });
  if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
  const back = `/app/invoices${new URL(request.url).search}`;
  if (result.status === "not-payable") {
    return redirectWithToast(back, { type: "error", title: "toast.errorTitle", description: "invoices.updateFailed" });
  }
  return redirectWithToast(back, {
    title: "invoices.statusUpdated",
    description: "invoices.statusUpdatedBody",
    values: { number: result.invoice.invoiceNumber },
  });
}

export default function MarkInvoicePaid() {
  const { t } = useTranslation();
  const { invoice, currency } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const navigation = useNavigation();
  const closeTo = `/app/invoices${useLocation().search}`;
  const payable = canMarkPaid(invoice.status);
  const pending = isPosting(navigation);
  return (
    <RouteDialog title={t("invoices.markPaidTitle")} closeTo={closeTo}>
      {payable ? (
        <p>
          {t("invoices.markPaidConfirm", {
            number: invoice.invoiceNumber,
            total: formatMoney(invoice.balance, locale, currency),
            customer: invoice.customerName,
          })}
        </p>
      ) : (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t("invoices.notPayable", { status: t(invoiceStatusLabelKey(invoice.status)).toLocaleLowerCase(locale) })}
        </p>
      )}
      <Form method="post" className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          {t("list.cancel")}
        </Link>
        {payable ? (
          // The confirm step of a dialog: focus goes to the one action it asks about.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          <Button disabled={pending} autoFocus>
            {pending ? t("invoices.markingPaid") : t("invoices.markPaid")}
          </Button>
        ) : null}
      </Form>
    </RouteDialog>
  );
}
