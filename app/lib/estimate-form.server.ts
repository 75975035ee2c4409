import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { estimateChecks, jobOptions } from "~/models/estimate.server";
import { REFRESH_INTENT, refuseLastLineRemoval } from "./estimate-form";
import { estimateFormSchema, NO_JOB, type EstimateInput } from "./estimate-schema";

type JobOption = { id: string; title: string };

/** A form that goes back to the browser: after an error, a list button (no JavaScript) or a refresh. */
export interface EstimateFormReply {
  kind: "invalid" | "intent" | "refresh";
  result: SubmissionResult<string[]>;
  /** The jobs of the customer the form now shows, so the job select matches it. */
  jobs: JobOption[];
  jobsCustomerId: string;
}

/**
 * Reads a submitted estimate form for the create and edit actions: a valid estimate,
 * or the form to show again. Without JavaScript, "Add item" and "Remove" arrive here
 * as conform intents and "show this customer's jobs" as intent=refresh.
 */
export async function readEstimateForm(
  userId: string,
  formData: FormData,
): Promise<{ kind: "valid"; value: EstimateInput; result: SubmissionResult<string[]> } | EstimateFormReply> {
  const customerId = String(formData.get("customerId") ?? "");
  const jobsOf = async () => ({ jobs: await jobOptions(userId, customerId), jobsCustomerId: customerId });

  if (formData.get("intent") === REFRESH_INTENT) {
    formData.delete("intent");
    const reply = parseWithZod(formData, { schema: estimateFormSchema() }).reply();
    const { jobs, jobsCustomerId } = await jobsOf();
    const jobId = String(formData.get("jobId") ?? NO_JOB);
    // Shown again as typed, without error messages: nothing was submitted yet.
    const initialValue = { ...reply.initialValue, jobId: jobs.some((job) => job.id === jobId) ? jobId : NO_JOB };
    return { kind: "refresh", result: { initialValue }, jobs, jobsCustomerId };
  }

  const refused = refuseLastLineRemoval(formData);
  const schema = estimateFormSchema({ checks: estimateChecks(userId) });
  const submission = await parseWithZod(formData, { schema, async: true });
  if (submission.status === "success") return { kind: "valid", value: submission.value, result: submission.reply() };
  const result = refused ? submission.reply({ fieldErrors: { items: ["estimates.lastItem"] } }) : submission.reply();
  return { kind: submission.status === "error" ? "invalid" : "intent", result, ...(await jobsOf()) };
}

