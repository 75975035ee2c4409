import { parseForm } from "~/lib/form-parse";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { JobEditor } from "~/components/job-editor";
import { NoCustomersYet } from "~/components/no-customers";
import { RouteDialog } from "~/components/ui/route-dialog";
import { CreateFailureToast } from "~/components/estimate-failure-toast";
import { jobsListUrl } from "~/lib/job-links";
import { jobSchema } from "~/lib/job-schema";
import { customerOptions } from "~/models/customer.server";
import { createJob, isAccountCustomer } from "~/models/job.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { getAccountTimeZone } from "~/models/appointment.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const wanted = new URL(request.url).searchParams.get("customerId");
  const customers = await customerOptions(user.accountId, wanted);
  // Only a customer of this account is preselected; anything else is ignored.
  const customerId = wanted && customers.some((customer) => customer.id === wanted) ? wanted : null;
  return { customers, customerId };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const schema = jobSchema(
    (customerId) => isAccountCustomer(user.accountId, customerId),
    await getAccountTimeZone(user.accountId),
  );
  const submission = await parseForm(await readForm(request), { schema, async: true });
  if (submission.status !== "success") return data({ result: submission.reply(), failed: false }, { status: 400 });
  try {
    const job = await createJob(user.accountId, submission.value);
    return redirectWithToast(jobsListUrl(new URL(request.url).search), {
      title: "jobs.created",
      description: "jobs.createdBody",
      values: { title: job.title },
    });
  } catch (error) {
    console.error("Creating a job failed", error);
    return data({ result: submission.reply(), failed: true }, { status: 500 });
  }
}

export default function NewJob() {
  const { t } = useTranslation();
  const { customers, customerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = jobsListUrl(useLocation().search);
  return (
    <RouteDialog title={t("jobs.newTitle")} closeTo={closeTo} size="lg">
      {customers.length === 0 ? (
        <NoCustomersYet message="jobs.noCustomers" addLabel="jobs.addCustomer" closeTo={closeTo} />
      ) : (
        <JobEditor customers={customers} customerId={customerId} lastResult={actionData?.result} cancelTo={closeTo} />
      )}
      <CreateFailureToast reply={actionData} withMessages="jobs.createFailedWith" fallback="jobs.createFailed" />
    </RouteDialog>
  );
}
