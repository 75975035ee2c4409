import { useTranslation } from "react-i18next";
import { jobStatusClass, jobStatusLabelKey } from "~/lib/job-status";

/** A job's status in the dashboard colours (completed green, in progress blue, pending orange, else grey). */
export function JobStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="job-status"
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${jobStatusClass(status)}`}
    >
      {t(jobStatusLabelKey(status))}
    </span>
  );
}
