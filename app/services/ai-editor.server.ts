import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import {
  AI_ADD_INTENT,
  AI_FIELDS,
  isBlankLine,
  suggestionLine,
  type AiIntent,
  type AiNotice,
  type AiPanelState,
} from "~/lib/ai-editor";
import { MAX_JOB_DESCRIPTION, MAX_LOCATION, parseJobType, readAiAnswer, readAiRequest } from "~/lib/ai-result";
import { estimateFormSchema, MAX_LINE_ITEMS } from "~/lib/estimate-schema";
import type { TextKey } from "~/locales/keys";
import { AI_CALLS_PER_HOUR, AI_TIMEOUT_MS, generateEstimate } from "./ai.server";

// The estimate editor's AI assistant (docs/product/ai-estimates.md): "Analyze" and "Add to estimate" post the
// whole editor form, with or without JavaScript; the action runs the assistant and shows
// the editor again, with everything typed kept and nothing saved.

/** A result carried in the form is never larger than this (40 items with their reasoning fit easily). */
const MAX_RESULT_FIELD = 200_000;

const text = (value: FormDataEntryValue | null, max: number) => (typeof value === "string" ? value.slice(0, max) : "");

/**
 * The assistant's section as the form posted it: its fields and the result it showed
 * (checked again: it went through the browser). Undefined when the section was not used.
 */
export function restoreAiPanel(formData: FormData): AiPanelState | undefined {
  const jobDescription = text(formData.get(AI_FIELDS.description), MAX_JOB_DESCRIPTION + 1);
  const jobType = text(formData.get(AI_FIELDS.jobType), 50);
  const location = text(formData.get(AI_FIELDS.location), MAX_LOCATION + 1);
  const rawResult = text(formData.get(AI_FIELDS.result), MAX_RESULT_FIELD + 1);
  let result: AiPanelState["result"] = null;
  if (rawResult && rawResult.length <= MAX_RESULT_FIELD) {
    try {
      const raw = JSON.parse(rawResult) as { source?: unknown };
      result = readAiAnswer(raw, raw?.source === "openai" ? "openai" : "built-in");
    } catch {
      result = null;
    }
  }
  const count = result?.suggestedItems.length ?? 0;
  const added = text(formData.get(AI_FIELDS.added), 1000)
    .split(",")
    .filter((part) => /^\d+$/.test(part.trim()))
    .map(Number)
    .filter((index, position, all) => Number.isInteger(index) && index >= 0 && index < count && all.indexOf(index) === position);
  if (!jobDescription.trim() && !parseJobType(jobType) && !location.trim() && !result) return undefined;
  return { jobDescription, jobType, location, result, added, notice: null };
}

const error = (title: TextKey, description: TextKey, values?: Record<string, string>): AiNotice => ({
  type: "error",
  title,
  description,
  values,
});

/** The editor's form values for the reply, without the assistant's own fields. */
function formReply(formData: FormData) {
  const hidden = Object.values(AI_FIELDS);
  return parseForm(formData, { schema: estimateFormSchema() }).reply({ hideFields: hidden });
}

async function analyze(accountId: string, formData: FormData, panel: AiPanelState): Promise<AiPanelState> {
  const input = readAiRequest(panel);
  if (!input.ok) {
    if (input.reason === "missing") {
      return {
        ...panel,
        notice: error("assistant.missingTitle", "assistant.missingBody"),
        missing: { description: !panel.jobDescription.trim(), jobType: !parseJobType(panel.jobType) },
      };
    }
    return {
      ...panel,
      notice: error("assistant.failedTitle", input.reason === "tooLong" ? "assistant.tooLong" : "assistant.badLocation"),
    };
  }
  const language = formData.get(AI_FIELDS.language) === "es" ? "es" : "en";
  const outcome = await generateEstimate(accountId, { ...input.value, language });
  if (!outcome.ok) {
    const description: TextKey = outcome.code === "unknown" ? "assistant.failedDefault" : `assistant.errors.${outcome.code}`;
    const values = {
      seconds: String(Math.round(AI_TIMEOUT_MS / 1000)),
      status: String(outcome.status ?? ""),
      count: String(AI_CALLS_PER_HOUR),
      minutes: String(outcome.retryAfterMinutes ?? ""),
    };
    return { ...panel, result: null, added: [], notice: error("assistant.failedTitle", description, values) };
  }
  const count = outcome.result.suggestedItems.length;
  return {
    ...panel,
    result: outcome.result,
    added: [],
    notice: {
      type: "success",
      title: "assistant.completeTitle",
      description: count === 1 ? "assistant.completeBodyOne" : "assistant.completeBody",
      values: { count: String(count) },
    },
  };
}

type Items = Record<string, unknown>[];

function add(
  formData: FormData,
  panel: AiPanelState,
  reply: SubmissionResult<string[]>,
): { result: SubmissionResult<string[]>; ai: AiPanelState } {
  const result = panel.result;
  if (!result) return { result: reply, ai: { ...panel, notice: error("assistant.noPickTitle", "assistant.noResult") } };
  const picks = [
    ...new Set(
      formData
        .getAll(AI_FIELDS.pick)
        .filter((value) => typeof value === "string" && /^\d+$/.test(value))
        .map(Number),
    ),
  ]
    .filter(
      (index) => Number.isInteger(index) && index >= 0 && index < result.suggestedItems.length && !panel.added.includes(index),
    )
    .sort((a, b) => a - b);
  if (picks.length === 0) return { result: reply, ai: { ...panel, notice: error("assistant.noPickTitle", "assistant.noPick") } };

  const current = Array.isArray(reply.initialValue?.items) ? (reply.initialValue.items as Items) : [];
  const items = [
    ...current.filter((line) => !isBlankLine(line)),
    ...picks.map((index) => suggestionLine(result.suggestedItems[index])),
  ];
  if (items.length > MAX_LINE_ITEMS) {
    return { result: reply, ai: { ...panel, notice: error("assistant.noPickTitle", "estimates.tooManyItems") } };
  }
  // An "update" of the line list: without JavaScript the editor renders these rows; with
  // it, conform replaces its rows in place, as it does for its own list buttons.
  const intent = { type: "update", payload: { name: "items", value: items } } as NonNullable<
    SubmissionResult<string[]>["intent"]
  >;
  return {
    result: { initialValue: { ...reply.initialValue, items: items as never }, intent },
    ai: {
      ...panel,
      added: [...panel.added, ...picks].sort((a, b) => a - b),
      notice: {
        type: "success",
        title: "assistant.addedTitle",
        description: picks.length === 1 ? "assistant.addedBodyOne" : "assistant.addedBody",
        values: { count: String(picks.length) },
      },
    },
  };
}

/** Runs one of the assistant's buttons on a posted editor form. */
export async function runAssistant(
  accountId: string,
  formData: FormData,
  intent: AiIntent,
): Promise<{ result: SubmissionResult<string[]>; ai: AiPanelState }> {
  const panel: AiPanelState = restoreAiPanel(formData) ?? {
    jobDescription: "",
    jobType: "",
    location: "",
    result: null,
    added: [],
    notice: null,
  };
  const reply = formReply(formData);
  // Shown again as typed, without the form's error messages: nothing was saved.
  const shown: SubmissionResult<string[]> = { initialValue: reply.initialValue };
  if (intent === AI_ADD_INTENT) return add(formData, panel, shown);
  return { result: shown, ai: await analyze(accountId, formData, panel) };
}
