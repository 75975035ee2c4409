// Job status (docs/product/jobs.md): stored as pending | in_progress | completed |
// cancelled. Another part of the product spells the middle one "in-progress", so every
// input goes through normalizeJobStatus. Kept free of server imports: the browser uses it.

import type { TextKey } from "~/locales/keys";

export const JOB_STATUSES = ["pending", "in_progress", "completed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const DEFAULT_JOB_STATUS: JobStatus = "pending";

/** A status as typed or sent ("in-progress", " In_Progress ", "in progress") in its stored form; null if it is none. */
export function normalizeJobStatus(input: unknown): JobStatus | null {
  if (typeof input !== "string") return null;
  const value = input
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (JOB_STATUSES as readonly string[]).includes(value) ? (value as JobStatus) : null;
}

/** The dictionary key of a status label; an unknown value gets a neutral label. */
export function jobStatusLabelKey(status: string): TextKey {
  const normalized = normalizeJobStatus(status);
  return normalized ? `jobs.statuses.${normalized}` : "jobs.statuses.unknown";
}

// The badge colours: completed green, in progress blue, pending orange, anything else grey.
const STATUS_CLASSES: Record<"completed" | "in_progress" | "pending" | "other", string> = {
  completed: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  in_progress: "bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-300",
  pending: "bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300",
  other: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

/** The badge colour classes of a job status. */
export function jobStatusClass(status: string): string {
  const normalized = normalizeJobStatus(status);
  if (normalized === "completed" || normalized === "in_progress" || normalized === "pending") return STATUS_CLASSES[normalized];
  return STATUS_CLASSES.other;
}

/** The status filter of the jobs list: "all" or one status (a <select> option never has an empty value). */
export const JOB_STATUS_FILTERS = ["all", ...JOB_STATUSES] as const;
export type JobStatusFilter = (typeof JOB_STATUS_FILTERS)[number];

export function readJobStatusFilter(value: string | null): JobStatusFilter {
  return normalizeJobStatus(value) ?? "all";
}
