import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { JobDetailView } from "~/components/job-detail";
import { RouteDialog } from "~/components/ui/route-dialog";
import { scheduleUrl } from "~/lib/schedule";
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

/** A job's detail view (the one the jobs list shows) as a dialog over the schedule. */
export default function ScheduleJobRoute() {
  const { detail, currency, timeZone } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const closeTo = scheduleUrl(useLocation().search);
  return (
    <RouteDialog title={detail.job.title} closeTo={closeTo} size="lg">
      <JobDetailView
        detail={detail}
        locale={locale}
        currency={currency}
        timeZone={timeZone}
        editTo={`/app/jobs/${detail.job.id}/edit`}
        closeTo={closeTo}
      />
    </RouteDialog>
  );
}
