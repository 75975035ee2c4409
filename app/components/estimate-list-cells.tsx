// The cells of the estimate list (app/routes/app.estimates/route.tsx) that show more than one value.
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EstimateStatusBadge } from "~/components/estimate-status-badge";
import { routeLinkProps } from "~/components/ui/route-link";

/** Title (the row's link to the estimate's page), description, and a badge to the estimate's job. */
export function EstimateTitleCell({
  estimate,
}: {
  estimate: { id: string; title: string; description: string | null; job: { id: string; title: string } | null };
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <>
      {/* A route link by the list's mark (ListTable's <tbody>). */}
      <a href={`/app/estimates/${estimate.id}/preview${search}`} className="open">
        {estimate.title}
      </a>
      {estimate.description ? <p className="desc">{estimate.description}</p> : null}
      {estimate.job ? (
        <a {...routeLinkProps(`/app/jobs/${estimate.job.id}`)} className="tag tag-job" data-testid="job-badge">
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
