import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { FilesDialog } from "~/components/files-panel";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";
import { filesPageAction, filesPageData } from "~/services/files-page.server";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

/** An estimate's photos and files (and its job's photos to add), as a dialog over the estimates. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  return filesPageData(request, user, { kind: "estimate", id: params.estimateId ?? "" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const url = new URL(request.url);
  return filesPageAction(request, user, { kind: "estimate", id: params.estimateId ?? "" }, url.pathname + url.search);
}

export default function Files() {
  const { search } = useLocation();
  return <FilesDialog closeTo={`/app/estimates${search}`} />;
}
