import { describe, expect, it } from "vitest";
import { JOB_STATUSES as STORED_STATUSES } from "#db/schema";
import jobsEn from "~/locales/jobs.en";
import jobsEs from "~/locales/jobs.es";
import {
  JOB_STATUS_FILTERS,
  JOB_STATUSES,
  jobStatusClass,
  jobStatusLabelKey,
  normalizeJobStatus,
  readJobStatusFilter,
} from "./job-status";

describe("normalizeJobStatus", () => {
  it("reads both spellings of in progress as in_progress", () => {
    expect(normalizeJobStatus("in_progress")).toBe("in_progress");
    expect(normalizeJobStatus("in-progress")).toBe("in_progress");
    expect(normalizeJobStatus(" In-Progress ")).toBe("in_progress");
    expect(normalizeJobStatus("in progress")).toBe("in_progress");
  });

  it("keeps the other statuses and refuses anything else", () => {
    for (const status of JOB_STATUSES) expect(normalizeJobStatus(status)).toBe(status);
    expect(normalizeJobStatus("COMPLETED")).toBe("completed");
    expect(normalizeJobStatus("done")).toBeNull();
    expect(normalizeJobStatus("")).toBeNull();
    expect(normalizeJobStatus(null)).toBeNull();
    expect(normalizeJobStatus(3)).toBeNull();
  });

  it("lists the statuses the database stores", () => {
    expect([...JOB_STATUSES]).toEqual([...STORED_STATUSES]);
  });
});

describe("labels and colours", () => {
  it("has a label key for every status, in English and Spanish", () => {
    for (const status of JOB_STATUSES) {
      expect(jobStatusLabelKey(status)).toBe(`jobs.statuses.${status}`);
      expect(jobsEn.statuses[status]).toBeTruthy();
      expect(jobsEs.statuses[status]).toBeTruthy();
    }
    expect(jobStatusLabelKey("in-progress")).toBe("jobs.statuses.in_progress");
    expect(jobStatusLabelKey("archived")).toBe("jobs.statuses.unknown");
    expect(jobsEn.statuses.in_progress).toBe("In Progress");
  });

  it("uses the dashboard colours: completed green, in progress blue, pending orange, anything else grey", () => {
    expect(jobStatusClass("completed")).toContain("bg-green-100");
    expect(jobStatusClass("in_progress")).toContain("bg-blue-100");
    expect(jobStatusClass("in-progress")).toContain("bg-blue-100");
    expect(jobStatusClass("pending")).toContain("bg-orange-100");
    expect(jobStatusClass("cancelled")).toContain("bg-slate-100");
    expect(jobStatusClass("whatever")).toContain("bg-slate-100");
  });
});

describe("status filter", () => {
  it("is all or one status, never an empty value", () => {
    expect(JOB_STATUS_FILTERS).toEqual(["all", "pending", "in_progress", "completed", "cancelled"]);
    expect(readJobStatusFilter(null)).toBe("all");
    expect(readJobStatusFilter("")).toBe("all");
    expect(readJobStatusFilter("bogus")).toBe("all");
    expect(readJobStatusFilter("in-progress")).toBe("in_progress");
    expect(readJobStatusFilter("completed")).toBe("completed");
  });
});
