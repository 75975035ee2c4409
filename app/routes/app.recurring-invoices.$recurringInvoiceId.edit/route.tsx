import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RecurringInvoiceEditor } from "~/components/recurring-invoice-editor";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { useLocale } from "~/components/use-locale";
import { customerOptions } from "~/models/customer.server";
import { getRecurringInvoice, updateRecurringInvoice } from "~/models/recurring-invoice.server";
import { getSettings } from "~/models/settings.server";
import { readForm } from "~/infrastructure/form.server";
import { readRecurringForm } from "~/services/recurring-invoice-form.server";
import { savedRedirect } from "~/services/recurring-invoice-toast.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const recurring = await getRecurringInvoice(user.accountId, params.recurringInvoiceId ?? "");
  if (!recurring) throw new Response("Not Found", { status: 404 });
  const [customers, settings] = await Promise.all([
    customerOptions(user.accountId, recurring.customerId),
    getSettings(user.accountId),
  ]);
  return {
    recurring: {
      customerId: recurring.customerId,
      title: recurring.title,
      description: recurring.description,
      notes: recurring.notes,
      taxRate: recurring.taxRate,
      frequency: recurring.frequency,
      startDate: recurring.startDate,
      endDate: recurring.endDate,
      occurrenceCount: recurring.occurrenceCount,
      autoSend: recurring.autoSend,
      items: recurring.items.map(({ description, quantity, unitPrice, discountPercent, taxable }) => ({
        description,
        quantity,
        unitPrice,
        discountPercent,
        taxable,
      })),
    },
    customers,
    defaults: { taxRate: settings.defaultTaxRate, startDate: recurring.startDate },
    currency: settings.currency,
  };
}

/** Changes the invoices still to come; another account's id is 404 and nothing is read or written. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.recurringInvoiceId ?? "";
  if (!(await getRecurringInvoice(user.accountId, id))) throw new Response("Not Found", { status: 404 });
  const form = await readRecurringForm(user.accountId, await readForm(request));
  if (form.kind !== "valid") return data({ ...form, failed: false }, { status: form.kind === "invalid" ? 400 : 200 });
  let recurring;
  try {
    recurring = await updateRecurringInvoice(user.accountId, id, form.value);
  } catch (error) {
    console.error("Updating a recurring invoice failed", error);
    return data({ kind: "invalid" as const, result: undefined, failed: true }, { status: 500 });
  }
  if (!recurring) throw new Response("Not Found", { status: 404 });
  return savedRedirect(request, recurring, "updated");
}

export default function EditRecurringInvoice() {
  const { t } = useTranslation();
  const { recurring, customers, defaults, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const locale = useLocale();
  const closeTo = `/app/recurring-invoices${useLocation().search}`;
  return (
    <RouteDialog title={t("recurring.editTitle")} closeTo={closeTo} size="lg">
      <RecurringInvoiceEditor
        recurring={recurring}
        defaults={defaults}
        customers={customers}
        lastResult={actionData?.result}
        cancelTo={closeTo}
        currency={currency}
        locale={locale}
      />
      {actionData?.failed ? (
        <ToastView toast={{ type: "error", title: "toast.errorTitle", description: "recurring.saveFailed" }} />
      ) : null}
    </RouteDialog>
  );
}
