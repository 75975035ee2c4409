import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { jobsListUrl } from "~/lib/job-links";
import { deleteJob, getJob, jobAttachments } from "~/models/job.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const job = await getJob(user.id, params.jobId ?? "");
  if (!job) throw new Response("Not Found", { status: 404 });
  return { job: { id: job.id, title: job.title }, attachments: await jobAttachments(user.id, job.id) };
}

/**
 * The confirm step is this page (a dialog with JavaScript on); only its POST deletes.
 * The job's estimates, invoices and appointments stay, unlinked (ON DELETE SET NULL).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  let job;
  try {
    job = await deleteJob(user.id, params.jobId ?? "");
  } catch (error) {
    console.error("Deleting a job failed", error);
    return data({ failed: true }, { status: 500 });
  }
  if (!job) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(jobsListUrl(new URL(request.url).search), {
    title: "jobs.deleted",
    description: "jobs.deletedBody",
    values: { title: job.title },
  });
}

export default function DeleteJob() {
  const { t } = useTranslation();
  const { job, attachments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const closeTo = jobsListUrl(useLocation().search);
  const attached = (
    [
      ["estimates", "jobs.attachedEstimates"],
      ["invoices", "jobs.attachedInvoices"],
      ["appointments", "jobs.attachedAppointments"],
    ] as const
  )
    .filter(([key]) => attachments[key] > 0)
    .map(([key, label]) => t(label, { count: attachments[key] }))
    .join(", ");
  return (
    <RouteDialog title={t("jobs.deleteTitle")} closeTo={closeTo}>
      <p>{t("jobs.deleteConfirm", { title: job.title })}</p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="delete-keeps">
        {attached ? t("jobs.deleteKeeps", { attached }) : t("jobs.deleteKeepsNothing")}
      </p>
      <Form method="post" className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          {t("list.cancel")}
        </Link>
        <Button variant="danger" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("list.deleting") : t("list.delete")}
        </Button>
      </Form>
      {actionData?.failed ? <ToastView toast={{ type: "error", title: "toast.errorTitle", description: "jobs.deleteFailed" }} /> : null}
    </RouteDialog>
  );
}
