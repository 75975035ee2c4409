import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { estimateChecks, jobOptions } from "~/models/estimate.server";
import { restoreAiPanel, runAssistant } from "~/services/ai-editor.server";
import { isAiIntent, type AiPanelState } from "~/lib/ai-editor";
import {
  isPriceIntent,
  PRICE_QUERY_FIELD,
  REFRESH_INTENT,
  refuseLastLineRemoval,
  type PricePanelState,
} from "~/lib/estimate-form";
import { runPriceBook } from "~/services/price-book-editor.server";
import { estimateFormSchema, MAX_LINE_ITEMS, NO_JOB, type EstimateInput } from "~/lib/estimate-schema";

type JobOption = { id: string; title: string };

/** A form that goes back to the browser: after an error, a list button (no JavaScript) or a refresh. */
export interface EstimateFormReply {
  kind: "invalid" | "intent" | "refresh" | "ai";
  result: SubmissionResult<string[]>;
  /** The jobs of the customer the form now shows, so the job select matches it. */
  jobs: JobOption[];
  jobsCustomerId: string;
  /** The AI assistant's section: after one of its buttons, or as it was posted. */
  ai?: AiPanelState;
  /** The price book section after one of its buttons. */
  priceBook?: PricePanelState;
}

/** conform's field for list buttons ("Add item", "Remove"): JSON naming the list and an index. */
const LIST_INTENT = "__intent__";

const lineIndex = (name: string) => Number(/^items\[(\d+)\]/.exec(name)?.[1] ?? -1);

function intentBeyondLimit(value: FormDataEntryValue | null): boolean {
  if (typeof value !== "string") return false;
  try {
    const { payload } = JSON.parse(value) as { payload?: { name?: unknown; index?: unknown; from?: unknown; to?: unknown } };
    const indexes = [payload?.index, payload?.from, payload?.to].filter((n): n is number => typeof n === "number");
    return lineIndex(String(payload?.name ?? "")) >= MAX_LINE_ITEMS || indexes.some((n) => n >= MAX_LINE_ITEMS);
  } catch {
    return false;
  }
}

/**
 * A line index past the most a document holds ("items[99999].description", or a list intent
 * naming one) would make the parser build and check a list that long, for seconds: such
 * fields are dropped, and true says the form is to be refused. Shared by every form with lines.
 */
export function dropLinesBeyondLimit(formData: FormData): boolean {
  const beyond = [...new Set(formData.keys())].filter((key) =>
    key === LIST_INTENT ? intentBeyondLimit(formData.get(key)) : lineIndex(key) >= MAX_LINE_ITEMS,
  );
  for (const key of beyond) formData.delete(key);
  return beyond.length > 0;
}

/**
 * Reads a submitted estimate form for the create and edit actions: a valid estimate,
 * or the form to show again. Without JavaScript, "Add item" and "Remove" arrive here
 * as conform intents and "show this customer's jobs" as intent=refresh; the AI
 * assistant's "Analyze" and "Add to estimate" as intent=ai-analyze and ai-add. An edit
 * checks that the estimate is the account's before calling this: these intents write
 * (a line saved to the price book) or call the AI.
 */
export async function readEstimateForm(
  accountId: string,
  formData: FormData,
  /** The estimate being edited (its deposits bound the total); none for a new one. */
  estimateId?: string,
): Promise<{ kind: "valid"; value: EstimateInput; result: SubmissionResult<string[]> } | EstimateFormReply> {
  const customerId = String(formData.get("customerId") ?? "");
  const jobsOf = async () => ({ jobs: await jobOptions(accountId, customerId), jobsCustomerId: customerId });
  const overflow = dropLinesBeyondLimit(formData);

  const intent = formData.get("intent");
  if (isAiIntent(intent)) {
    formData.delete("intent");
    const { result, ai } = await runAssistant(accountId, formData, intent);
    return { kind: "ai", result, ai, ...(await jobsOf()) };
  }

  if (typeof intent === "string" && isPriceIntent(intent)) {
    formData.delete("intent");
    const reply = parseForm(formData, { schema: estimateFormSchema() }).reply({ hideFields: [PRICE_QUERY_FIELD] });
    const { result, priceBook } = await runPriceBook(accountId, formData, intent, { initialValue: reply.initialValue });
    return { kind: "refresh", result, priceBook, ai: restoreAiPanel(formData), ...(await jobsOf()) };
  }

  if (intent === REFRESH_INTENT) {
    formData.delete("intent");
    const reply = parseForm(formData, { schema: estimateFormSchema() }).reply();
    const { jobs, jobsCustomerId } = await jobsOf();
    const jobId = String(formData.get("jobId") ?? NO_JOB);
    // Shown again as typed, without error messages: nothing was submitted yet.
    const initialValue = { ...reply.initialValue, jobId: jobs.some((job) => job.id === jobId) ? jobId : NO_JOB };
    return { kind: "refresh", result: { initialValue }, jobs, jobsCustomerId, ai: restoreAiPanel(formData) };
  }

  const schema = estimateFormSchema({ checks: estimateChecks(accountId, estimateId) });
  if (overflow) {
    const submission = await parseForm(formData, { schema, async: true });
    return {
      kind: "invalid",
      result: submission.reply({ fieldErrors: { items: ["estimates.tooManyItems"] } }),
      ...(await jobsOf()),
    };
  }

  const refused = refuseLastLineRemoval(formData);
  const submission = await parseForm(formData, { schema, async: true });
  if (submission.status === "success") return { kind: "valid", value: submission.value, result: submission.reply() };
  const result = refused ? submission.reply({ fieldErrors: { items: ["estimates.lastItem"] } }) : submission.reply();
  return {
    kind: submission.status === "error" ? "invalid" : "intent",
    result,
    ...(await jobsOf()),
    ai: restoreAiPanel(formData),
  };
}
