import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLocation, useParams } from "@remix-run/react";
import { JobDetailDialog } from "~/components/job-detail";
import { scheduleUrl } from "~/lib/schedule";
import { jobDetailPage } from "~/models/job.server";
import { requireUser } from "~/infrastructure/session.server";
import { can, ownWorkOnly, type RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): a technician opens the jobs assigned to them, without money. */
export const access = "assigned-work" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  return jobDetailPage(user.accountId, params.jobId, { assignee: ownWorkOnly(user), money: can(user.role, "money") });
}

/** A job's detail view (the one the jobs list shows) as a dialog over the schedule. */
export default function ScheduleJobRoute() {
  const { jobId } = useParams();
  return (
    <JobDetailDialog
      closeTo={scheduleUrl(useLocation().search)}
      editTo={`/app/jobs/${jobId}/edit`}
      filesTo={`/app/jobs/${jobId}/files`}
    />
  );
}
