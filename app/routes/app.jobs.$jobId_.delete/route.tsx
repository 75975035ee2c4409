import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteConfirmForm } from "~/components/ui/delete-confirm";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { jobsListUrl } from "~/lib/job-links";
import { deleteJob, getJob, jobAttachments } from "~/models/job.server";
import { deleteThenRedirect } from "~/services/delete-dialog.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const job = await getJob(user.accountId, params.jobId ?? "");
  if (!job) throw new Response("Not Found", { status: 404 });
  return { job: { id: job.id, title: job.title }, attachments: await jobAttachments(user.accountId, job.id) };
}

/**
 * The confirm step is this page (a dialog with JavaScript on); only its POST deletes.
 * The job's estimates, invoices and appointments stay, unlinked (ON DELETE SET NULL).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  return deleteThenRedirect(
    "a job",
    () => deleteJob(user.accountId, params.jobId ?? ""),
    (job) =>
      redirectWithToast(jobsListUrl(new URL(request.url).search), {
        title: "jobs.deleted",
        description: "jobs.deletedBody",
        values: { title: job.title },
      }),
  );
}

export default function DeleteJob() {
  const { t } = useTranslation();
  const { job, attachments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
      <DeleteConfirmForm closeTo={closeTo} />
      {actionData?.failed ? (
        <ToastView toast={{ type: "error", title: "toast.errorTitle", description: "jobs.deleteFailed" }} />
      ) : null}
    </RouteDialog>
  );
}
