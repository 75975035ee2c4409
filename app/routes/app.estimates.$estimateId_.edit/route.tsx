import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EstimateEditor } from "~/components/estimate-editor";
import { EstimateFailureToast } from "~/components/estimate-failure-toast";
import { RouteDialog } from "~/components/ui/route-dialog";
import { defaultValidUntil } from "~/lib/estimate-dates";
import { readEstimateForm } from "~/services/estimate-form.server";
import { customerOptions } from "~/models/customer.server";
import { getEstimateWithItems, isAccountEstimate, jobOptions, updateEstimate } from "~/models/estimate.server";
import { getSettings } from "~/models/settings.server";
import { documentDeposit } from "~/models/document.server";
import { formatMoney } from "~/lib/money";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

/** The estimate to edit; ?customerId= picks whose jobs the job select offers (the editor reloads it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const estimate = await getEstimateWithItems(user.accountId, params.estimateId ?? "");
  if (!estimate) throw new Response("Not Found", { status: 404 });
  const jobsCustomerId = new URL(request.url).searchParams.get("customerId") ?? estimate.customerId;
  const [customers, settings, jobs, deposit] = await Promise.all([
    customerOptions(user.accountId, estimate.customerId),
    getSettings(user.accountId),
    jobOptions(user.accountId, jobsCustomerId),
    documentDeposit(user.accountId, estimate),
  ]);
  return {
    estimate: {
      id: estimate.id,
      estimateNumber: estimate.estimateNumber,
      customerId: estimate.customerId,
      jobId: estimate.jobId,
      title: estimate.title,
      description: estimate.description,
      status: estimate.status,
      taxRate: estimate.taxRate,
      validUntil: estimate.validUntil,
      notes: estimate.notes,
      items: estimate.items.map(({ description, quantity, unitPrice, taxable, discountPercent, optional }) => ({
        description,
        quantity,
        unitPrice,
        taxable,
        discountPercent,
        optional,
      })),
    },
    customers,
    jobs,
    jobsCustomerId,
    defaults: { taxRate: settings.defaultTaxRate, validUntil: defaultValidUntil(settings.estimateValidDays, settings.timeZone) },
    currency: settings.currency,
    deposit: { asked: deposit.asked, received: deposit.received },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.estimateId ?? "";
  // First: the form's own buttons (price book, AI, add a line) must not run for an estimate that is not there.
  if (!(await isAccountEstimate(user.accountId, id))) throw new Response("Not Found", { status: 404 });
  const form = await readEstimateForm(user.accountId, await readForm(request), id);
  if (form.kind !== "valid") return data({ ...form, failed: false }, { status: form.kind === "invalid" ? 400 : 200 });
  let estimate;
  try {
    estimate = await updateEstimate(user.accountId, id, form.value);
  } catch (error) {
    console.error("Updating an estimate failed", error);
    return data(
      { kind: "invalid" as const, result: form.result, jobs: [], jobsCustomerId: form.value.customerId, failed: true },
      { status: 500 },
    );
  }
  if (!estimate) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(`/app/estimates${new URL(request.url).search}`, {
    title: "estimates.updatedToast",
    description: "estimates.updatedBody",
    values: { number: estimate.estimateNumber },
  });
}

export default function EditEstimate() {
  const { t } = useTranslation();
  const { estimate, customers, jobs, jobsCustomerId, defaults, currency, deposit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const locale = useLocale();
  const { search } = useLocation();
  const closeTo = `/app/estimates${search}`;
  const shown = actionData && !actionData.failed ? actionData : { jobs, jobsCustomerId };
  return (
    <RouteDialog title={t("estimates.editTitle")} closeTo={closeTo} size="lg">
      {deposit.asked > 0 || deposit.received > 0 ? (
        <p className="mb-3 rounded-md bg-slate-50 p-2 text-sm dark:bg-slate-800" data-testid="editor-deposit">
          <Link to={`/app/estimates/${estimate.id}/deposit${search}`} className="underline">
            {t("estimates.deposit.asked")}: {formatMoney(deposit.asked, locale, currency)} · {t("estimates.deposit.received")}:{" "}
            {formatMoney(deposit.received, locale, currency)}
          </Link>
        </p>
      ) : null}
      <EstimateEditor
        key={estimate.id}
        estimate={estimate}
        estimateNumber={estimate.estimateNumber}
        defaults={defaults}
        customers={customers}
        jobs={shown.jobs}
        jobsCustomerId={shown.jobsCustomerId}
        lastResult={actionData?.result}
        cancelTo={closeTo}
        currency={currency}
        locale={locale}
        ai={actionData && "ai" in actionData ? actionData.ai : undefined}
        priceBook={actionData && "priceBook" in actionData ? actionData.priceBook : undefined}
      />
      <EstimateFailureToast reply={actionData} fallback="estimates.updateFailed" />
    </RouteDialog>
  );
}
