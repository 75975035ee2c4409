import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLocation, useParams } from "@remix-run/react";
import { JobDetailDialog } from "~/components/job-detail";
import { requireUser } from "~/infrastructure/session.server";
import { can, ownWorkOnly, type RouteAccess } from "~/lib/permissions";
import { jobDetailPage } from "~/models/job.server";

/** What this route needs (app/lib/permissions.ts): a technician opens only the jobs assigned to them. */
export const access = "assigned-work" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  // Another technician's job reads as missing (404); a technician sees no money.
  return jobDetailPage(user.accountId, params.jobId, { assignee: ownWorkOnly(user), money: can(user.role, "money") });
}

/** A job assigned to the member, as a dialog over My day. */
export default function MyDayJob() {
  const day = new URLSearchParams(useLocation().search).get("day");
  return (
    <JobDetailDialog
      closeTo={day ? `/app/my-day?day=${encodeURIComponent(day)}` : "/app/my-day"}
      filesTo={`/app/my-day/jobs/${useParams().jobId}/files${day ? `?day=${encodeURIComponent(day)}` : ""}`}
    />
  );
}
