// The cells of the estimate list (app/routes/app.estimates/route.tsx) that show more than one value.
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EstimateStatusBadge } from "~/components/estimate-status-badge";
import { routeLinkProps } from "~/components/ui/route-link";

/** Title, description, and a badge to the estimate's job. */
export function EstimateTitleCell({
  estimate,
}: {
  estimate: { title: string; description: string | null; job: { id: string; title: string } | null };
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="font-medium">{estimate.title}</p>
      {estimate.description ? (
        <p className="line-clamp-2 text-xs text-slate-500 dark:text-slate-400">{estimate.description}</p>
      ) : null}
      {estimate.job ? (
        <a
          {...routeLinkProps(`/app/jobs/${estimate.job.id}`)}
          className="mt-1 inline-flex rounded-md border border-blue-200 bg-blue-50 px-1.5 py-0.5 text-xs font-medium text-blue-800 hover:underline dark:border-blue-900 dark:bg-blue-950 dark:text-blue-300"
          aria-label={t("estimates.jobLink", { title: estimate.job.title })}
          data-testid="job-badge"
        >
          {t("estimates.jobBadge", { title: estimate.job.title })}
        </a>
      ) : null}
    </>
  );
}

/** The status badge, who answered on the shared page, and whether the shared link was viewed. */
export function EstimateStatusCell({
  estimate,
}: {
  estimate: { id: string; status: string; answeredBy: string | null; sharedViews: number | null };
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <>
      <EstimateStatusBadge status={estimate.status} />
      {estimate.answeredBy !== null && (estimate.status === "approved" || estimate.status === "rejected") ? (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="estimate-answer">
          {estimate.status === "approved"
            ? t("estimates.share.listApprovedBy", { name: estimate.answeredBy })
            : estimate.answeredBy
              ? t("estimates.share.listDeclinedBy", { name: estimate.answeredBy })
              : t("estimates.share.listDeclined")}
        </p>
      ) : null}
      {estimate.sharedViews !== null ? (
        <a
          {...routeLinkProps(`/app/estimates/${estimate.id}/share${search}`, { keepScroll: true })}
          className="mt-1 block whitespace-nowrap text-xs text-brand-600 hover:underline dark:text-brand-500"
          data-testid="share-status"
        >
          {estimate.sharedViews > 0
            ? t("estimates.share.listViewed", { count: estimate.sharedViews })
            : t("estimates.share.listNotViewed")}
        </a>
      ) : null}
    </>
  );
}
