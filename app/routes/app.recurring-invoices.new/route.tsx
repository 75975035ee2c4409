import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RecurringInvoiceEditor } from "~/components/recurring-invoice-editor";
import { NoCustomersYet } from "~/components/no-customers";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { useLocale } from "~/components/use-locale";
import { today } from "~/lib/clock";
import { customerOptions } from "~/models/customer.server";
import { createRecurringInvoice } from "~/models/recurring-invoice.server";
import { getSettings } from "~/models/settings.server";
import { readForm } from "~/infrastructure/form.server";
import { readRecurringForm } from "~/services/recurring-invoice-form.server";
import { requireUser } from "~/infrastructure/session.server";
import { savedRedirect } from "~/services/recurring-invoice-toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/** ?customerId= preselects one of the account's customers. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const wanted = new URL(request.url).searchParams.get("customerId");
  const [customers, settings] = await Promise.all([customerOptions(user.accountId, wanted), getSettings(user.accountId)]);
  const customerId = wanted && customers.some((customer) => customer.id === wanted) ? wanted : null;
  return {
    customers,
    defaults: { customerId, taxRate: settings.defaultTaxRate, startDate: today(settings.timeZone) },
    currency: settings.currency,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const form = await readRecurringForm(user.accountId, await readForm(request));
  if (form.kind !== "valid") return data({ ...form, failed: false }, { status: form.kind === "invalid" ? 400 : 200 });
  try {
    const recurring = await createRecurringInvoice(user.accountId, form.value);
    return savedRedirect(request, recurring, "created");
  } catch (error) {
    console.error("Creating a recurring invoice failed", error);
    return data({ kind: "invalid" as const, result: undefined, failed: true }, { status: 500 });
  }
}

export default function NewRecurringInvoice() {
  const { t } = useTranslation();
  const { customers, defaults, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const locale = useLocale();
  const closeTo = `/app/recurring-invoices${useLocation().search}`;
  return (
    <RouteDialog title={t("recurring.newTitle")} closeTo={closeTo} size="lg">
      {customers.length === 0 ? (
        <NoCustomersYet message="recurring.noCustomers" addLabel="recurring.addCustomer" closeTo={closeTo} />
      ) : (
        <RecurringInvoiceEditor
          defaults={defaults}
          customers={customers}
          lastResult={actionData?.result}
          cancelTo={closeTo}
          currency={currency}
          locale={locale}
        />
      )}
      {actionData?.failed ? (
        <ToastView toast={{ type: "error", title: "toast.errorTitle", description: "recurring.saveFailed" }} />
      ) : null}
    </RouteDialog>
  );
}
