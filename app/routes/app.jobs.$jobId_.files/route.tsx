import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLocation, useParams } from "@remix-run/react";
import { FilesDialog } from "~/components/files-panel";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";
import { filesPageAction, filesPageData } from "~/services/files-page.server";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

/** A job's photos and files, as a dialog over the job. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  return filesPageData(request, user, { kind: "job", id: params.jobId ?? "" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const url = new URL(request.url);
  return filesPageAction(request, user, { kind: "job", id: params.jobId ?? "" }, url.pathname + url.search);
}

export default function Files() {
  const { search } = useLocation();
  const params = useParams();
  return <FilesDialog closeTo={`/app/jobs/${params.jobId}${search}`} />;
}
