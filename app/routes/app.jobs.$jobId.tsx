import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { JobDetailView } from "~/components/job-detail";
import { RouteDialog } from "~/components/ui/route-dialog";
import { jobsListUrl } from "~/lib/job-links";
import { getJobDetail } from "~/models/job.server";
import { getSettings } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/services/session.server";
import { accountZone } from "~/lib/clock";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [detail, settings] = await Promise.all([getJobDetail(user.id, params.jobId ?? ""), getSettings(user.id)]);
  if (!detail) throw new Response("Not Found", { status: 404 });
  return { detail, currency: settings.currency, timeZone: accountZone(settings.timeZone) };
}

/** The job detail view as a dialog over the jobs list. */
export default function JobDetailRoute() {
  const { detail, currency, timeZone } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { search } = useLocation();
  const closeTo = jobsListUrl(search);
  return (
    <RouteDialog title={detail.job.title} closeTo={closeTo} size="lg">
      <JobDetailView
        detail={detail}
        locale={locale}
        currency={currency}
        timeZone={timeZone}
        editTo={`/app/jobs/${detail.job.id}/edit${search}`}
        closeTo={closeTo}
      />
    </RouteDialog>
  );
}
