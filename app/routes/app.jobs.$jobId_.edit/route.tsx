import { parseForm } from "~/lib/form-parse";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { JobEditor } from "~/components/job-editor";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { jobsListUrl } from "~/lib/job-links";
import { jobSchema } from "~/lib/job-schema";
import { customerOptions } from "~/models/customer.server";
import { getJob, jobChecks, updateJob } from "~/models/job.server";
import { memberOptions } from "~/models/member.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { getAccountTimeZone } from "~/models/appointment.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

// The file name's "$jobId_" keeps this dialog out of the job detail route: both sit over the list.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const job = await getJob(user.accountId, params.jobId ?? "");
  if (!job) throw new Response("Not Found", { status: 404 });
  const [customers, timeZone, members] = await Promise.all([
    customerOptions(user.accountId, job.customerId),
    getAccountTimeZone(user.accountId),
    memberOptions(user.accountId),
  ]);
  return { job, customers, timeZone, members };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const checks = jobChecks(user.accountId);
  const schema = jobSchema(checks.isOwnCustomer, await getAccountTimeZone(user.accountId), checks.isMember);
  const submission = await parseForm(await readForm(request), { schema, async: true });
  if (submission.status !== "success") return data({ result: submission.reply(), failed: true }, { status: 400 });
  let job;
  try {
    job = await updateJob(user.accountId, params.jobId ?? "", submission.value);
  } catch (error) {
    console.error("Updating a job failed", error);
    return data({ result: submission.reply(), failed: true }, { status: 500 });
  }
  if (!job) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(jobsListUrl(new URL(request.url).search), {
    title: "jobs.updated",
    description: "jobs.updatedBody",
    values: { title: job.title },
  });
}

export default function EditJob() {
  const { t } = useTranslation();
  const { job, customers, timeZone, members } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = jobsListUrl(useLocation().search);
  return (
    <RouteDialog title={t("jobs.editTitle")} closeTo={closeTo} size="lg">
      <JobEditor
        job={job}
        timeZone={timeZone}
        customers={customers}
        members={members}
        lastResult={actionData?.result}
        cancelTo={closeTo}
      />
      {actionData?.failed ? (
        <ToastView
          key={JSON.stringify(actionData)}
          toast={{ type: "error", title: "toast.errorTitle", description: "jobs.updateFailed" }}
        />
      ) : null}
    </RouteDialog>
  );
}
