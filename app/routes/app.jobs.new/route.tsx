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
import { createJob, jobChecks } from "~/models/job.server";
import { memberOptions } from "~/models/member.server";
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
  const [customers, members] = await Promise.all([customerOptions(user.accountId, wanted), memberOptions(user.accountId)]);
  // Only a customer of this account is preselected; anything else is ignored.
  const customerId = wanted && customers.some((customer) => customer.id === wanted) ? wanted : null;
  return { customers, customerId, members };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const checks = jobChecks(user.accountId);
  const schema = jobSchema(checks.isOwnCustomer, await getAccountTimeZone(user.accountId), checks.isMember);
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
  const { customers, customerId, members } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = jobsListUrl(useLocation().search);
  return (
    <RouteDialog title={t("jobs.newTitle")} closeTo={closeTo} size="lg">
      {customers.length === 0 ? (
        <NoCustomersYet message="jobs.noCustomers" addLabel="jobs.addCustomer" closeTo={closeTo} />
      ) : (
        <JobEditor
          customers={customers}
          members={members}
          customerId={customerId}
          lastResult={actionData?.result}
          cancelTo={closeTo}
        />
      )}
      <CreateFailureToast reply={actionData} withMessages="jobs.createFailedWith" fallback="jobs.createFailed" />
    </RouteDialog>
  );
}
