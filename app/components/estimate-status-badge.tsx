import { useTranslation } from "react-i18next";
import { isEstimateStatus } from "~/lib/estimate-schema";

// Short classes (app/tailwind.css, "Status pills"): a list repeats the badge on every row.
const CLASSES: Record<string, string> = {
  pending: "pill pill-orange",
  approved: "pill pill-green",
  rejected: "pill pill-red",
  expired: "pill pill-slate",
};

/** An estimate's status as a coloured badge (approved green, pending orange, rejected red, expired grey). */
export function EstimateStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = isEstimateStatus(status) ? status : "expired";
  return (
    <span data-testid="estimate-status" className={CLASSES[known]}>
      {isEstimateStatus(status) ? t(`estimates.statuses.${status}`) : status}
    </span>
  );
}
