import { dollarsToCents, type AiEstimateResult, type AiSuggestedItem } from "./ai-result";
import { centsToString, formatDecimal } from "./money";
import type { TextKey } from "~/locales/keys";

// The AI assistant inside the estimate editor: its submit buttons' intents, its fields'
// names, and what the editor's action answers about it. Pure: used in the browser and
// by app/services/ai-editor.server.ts.

export const AI_ANALYZE_INTENT = "ai-analyze";
export const AI_ADD_INTENT = "ai-add";
export type AiIntent = typeof AI_ANALYZE_INTENT | typeof AI_ADD_INTENT;

export function isAiIntent(value: unknown): value is AiIntent {
  return value === AI_ANALYZE_INTENT || value === AI_ADD_INTENT;
}

/** The assistant's fields in the editor form; none of them is part of the estimate. */
export const AI_FIELDS = {
  description: "aiDescription",
  jobType: "aiJobType",
  location: "aiLocation",
  language: "aiLanguage",
  /** The result shown, carried from one post to the next so "Add to estimate" needs no second analysis. */
  result: "aiResult",
  /** Checkboxes, one per suggestion, valued by its index. */
  pick: "aiPick",
  /** The indexes already added, so they are not added twice. */
  added: "aiAdded",
} as const;

/** A toast as dictionary keys (like app/infrastructure/toast.server.ts). */
export interface AiNotice {
  type: "success" | "error";
  title: TextKey;
  description?: TextKey;
  values?: Record<string, string>;
}

/** What the editor shows in its assistant section after a post. */
export interface AiPanelState {
  jobDescription: string;
  jobType: string;
  location: string;
  result: AiEstimateResult | null;
  added: number[];
  notice: AiNotice | null;
  /** Which fields the Missing Information message is about. */
  missing?: { description: boolean; jobType: boolean };
}

export interface EditorLine {
  description: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  /** "on" or "": the editor's checkboxes. */
  taxable: string;
  optional: string;
}

/** "3.00" as "3", "1.50" as "1.5": how a person types a quantity. */
const plainDecimal = (text: string) => text.replace(/\.?0+$/, "");

// A unit that says nothing on an estimate line ("2 each" is just 2).
const SILENT_UNITS = /^(each|ea|job|unidad|unidades|trabajo)$/i;

/** A suggestion as an editor line: its unit goes into the description, as lines have none. */
export function suggestionLine(item: AiSuggestedItem): EditorLine {
  const unit = item.unit.trim();
  const mentioned = unit && item.description.toLowerCase().includes(`(${unit.toLowerCase()})`);
  const description = !unit || SILENT_UNITS.test(unit) || mentioned ? item.description : `${item.description} (${unit})`;
  return {
    description: description.slice(0, 500),
    quantity: plainDecimal(formatDecimal(dollarsToCents(item.quantity), 2)),
    unitPrice: centsToString(dollarsToCents(item.unitPrice)),
    discountPercent: "0",
    taxable: item.taxable === false ? "" : "on",
    optional: "",
  };
}

/** A row the user left empty (the new estimate's first row): the added items take its place. */
export function isBlankLine(line: Partial<Record<keyof EditorLine, unknown>> | undefined): boolean {
  const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  return !line || (blank(line.description) && blank(line.unitPrice));
}
