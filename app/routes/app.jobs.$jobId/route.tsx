import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLocation, useParams } from "@remix-run/react";
import { JobDetailDialog } from "~/components/job-detail";
import { jobsListUrl } from "~/lib/job-links";
import { jobDetailPage } from "~/models/job.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return jobDetailPage((await requireUser(request, access)).accountId, params.jobId);
}

/** The job detail view as a dialog over the jobs list. */
export default function JobDetailRoute() {
  const { search } = useLocation();
  const { jobId } = useParams();
  return (
    <JobDetailDialog
      closeTo={jobsListUrl(search)}
      editTo={`/app/jobs/${jobId}/edit${search}`}
      filesTo={`/app/jobs/${jobId}/files${search}`}
    />
  );
}
