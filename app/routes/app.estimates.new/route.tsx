import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EstimateEditor } from "~/components/estimate-editor";
import { EstimateFailureToast } from "~/components/estimate-failure-toast";
import { NoCustomersYet } from "~/components/no-customers";
import { RouteDialog } from "~/components/ui/route-dialog";
import { defaultValidUntil } from "~/lib/estimate-dates";
import { readEstimateForm } from "~/services/estimate-form.server";
import { customerOptions } from "~/models/customer.server";
import { createEstimate, jobOptions } from "~/models/estimate.server";
import { getSettings } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

/** ?customerId= preselects a customer; the editor also loads it to fetch that customer's jobs. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const wanted = new URL(request.url).searchParams.get("customerId");
  const [customers, settings] = await Promise.all([customerOptions(user.accountId, wanted), getSettings(user.accountId)]);
  // Only a customer of this account is preselected; anything else is ignored.
  const customerId = wanted && customers.some((customer) => customer.id === wanted) ? wanted : null;
  return {
    customers,
    jobs: await jobOptions(user.accountId, customerId),
    jobsCustomerId: customerId,
    defaults: {
      customerId,
      taxRate: settings.defaultTaxRate,
      validUntil: defaultValidUntil(settings.estimateValidDays, settings.timeZone),
    },
    currency: settings.currency,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const form = await readEstimateForm(user.accountId, await readForm(request));
  if (form.kind !== "valid") return data({ ...form, failed: false }, { status: form.kind === "invalid" ? 400 : 200 });
  try {
    const estimate = await createEstimate(user.accountId, form.value, { by: user.id });
    return redirectWithToast(`/app/estimates${new URL(request.url).search}`, {
      title: "estimates.createdToast",
      description: "estimates.createdBody",
      values: { number: estimate.estimateNumber },
    });
  } catch (error) {
    console.error("Creating an estimate failed", error);
    return data(
      { kind: "invalid" as const, result: form.result, jobs: [], jobsCustomerId: form.value.customerId, failed: true },
      { status: 500 },
    );
  }
}

export default function NewEstimate() {
  const { t } = useTranslation();
  const { customers, jobs, jobsCustomerId, defaults, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const locale = useLocale();
  const closeTo = `/app/estimates${useLocation().search}`;
  const shown = actionData && !actionData.failed ? actionData : { jobs, jobsCustomerId };
  return (
    <RouteDialog title={t("estimates.newTitle")} closeTo={closeTo} size="lg">
      {customers.length === 0 ? (
        <NoCustomersYet message="estimates.noCustomers" addLabel="estimates.addCustomer" closeTo={closeTo} />
      ) : (
        <EstimateEditor
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
      )}
      <EstimateFailureToast reply={actionData} fallback="estimates.createFailed" useServerMessage />
    </RouteDialog>
  );
}
