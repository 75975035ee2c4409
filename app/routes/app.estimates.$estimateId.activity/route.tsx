import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ActivityDialog } from "~/components/activity-timeline";
import { activityDialogData } from "~/models/activity.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

/** The estimate's history: created, sent, viewed, approved or declined, follow-ups, invoiced (docs/decisions/020). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const data = await activityDialogData(user.accountId, "estimate", params.estimateId ?? "");
  if (!data) throw new Response("Not Found", { status: 404 });
  return data;
}

export default function EstimateActivity() {
  const data = useLoaderData<typeof loader>();
  return <ActivityDialog data={data} closeTo={`/app/estimates${useLocation().search}`} />;
}
