import { useTranslation } from "react-i18next";
import { isEstimateStatus } from "~/lib/estimate-schema";

const CLASSES: Record<string, string> = {
  pending: "bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300",
  approved: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  rejected: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300",
  expired: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

/** An estimate's status as a coloured badge (approved green, pending orange, rejected red, expired grey). */
export function EstimateStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = isEstimateStatus(status) ? status : "expired";
  return (
    <span
      data-testid="estimate-status"
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${CLASSES[known]}`}
    >
      {isEstimateStatus(status) ? t(`estimates.statuses.${status}`) : status}
    </span>
  );
}
