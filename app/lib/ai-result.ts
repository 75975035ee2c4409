import { z } from "zod";
import { centsToString, lineTotal, parseDecimal } from "./money";

// The AI estimate result (docs/product/ai-estimates.md), the nine job types, and the
// one check every answer goes through before it is shown or used (the OpenAI model's,
// the built-in estimator's and the copy the editor form carries between posts).

export const AI_JOB_TYPES = [
  "electrical",
  "plumbing",
  "hvac",
  "general",
  "roofing",
  "flooring",
  "painting",
  "landscaping",
  "other",
] as const;
export type AiJobType = (typeof AI_JOB_TYPES)[number];

/** The job types' names (what the API receives and the model is told). */
export const AI_JOB_TYPE_NAMES: Record<AiJobType, string> = {
  electrical: "Electrical",
  plumbing: "Plumbing",
  hvac: "HVAC",
  general: "General Contracting",
  roofing: "Roofing",
  flooring: "Flooring",
  painting: "Painting",
  landscaping: "Landscaping",
  other: "Other",
};

/** The editor's "no job type chosen" option (never an empty string). */
export const NO_JOB_TYPE = "none";

export type AiLanguage = "en" | "es";
export type AiSource = "built-in" | "openai";

const squash = (value: string) => value.toLowerCase().replace(/[^a-z]/g, "");

/**
 * A job type as a client may send it: "Electrical", "electrical", "General Contracting",
 * "general-contracting" or "general". Null for anything else (including "none").
 */
export function parseJobType(value: unknown): AiJobType | null {
  if (typeof value !== "string") return null;
  const wanted = squash(value);
  if (!wanted) return null;
  for (const type of AI_JOB_TYPES) {
    if (wanted === type || wanted === squash(AI_JOB_TYPE_NAMES[type])) return type;
  }
  return null;
}

export interface AiSuggestedItem {
  description: string;
  /** Up to two decimals. */
  quantity: number;
  unit: string;
  /** Dollars with two decimals. */
  unitPrice: number;
  /** quantity × unitPrice in dollars, computed from integer cents. */
  total: number;
  reasoning: string;
  /** Set when the price comes from the contractor's price book (docs/decisions/019): the item's taxable setting. */
  taxable?: boolean;
}

export interface AiEstimateResult {
  suggestedItems: AiSuggestedItem[];
  marketAnalysis: { competitivePricing: string; profitMargin: string; recommendations: string[] };
  timeEstimate: string;
  riskFactors: string[];
  source: AiSource;
}

export const MAX_AI_ITEMS = 40;
/** Larger than any line of a small contractor's estimate; keeps totals inside a money field. */
const MAX_QUANTITY = 1_000_000;
const MAX_UNIT_PRICE = 1_000_000;

const text = (max: number) => z.string().trim().min(1).max(max);
/** A number, or a numeric string ("3", "1,200", "$45.50"): models are not always strict about it. */
const amount = (max: number) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const n = typeof value === "number" ? value : Number(value.replace(/[$,\s]/g, ""));
    if (!Number.isFinite(n) || n < 0 || n > max) {
      ctx.addIssue({ code: "custom", message: `Expected a number from 0 to ${max}` });
      return z.NEVER;
    }
    return n;
  });
/** A text, or a number or list the model gave instead (a margin of 25 reads "25%"). */
const looseText = (max: number) =>
  z.union([z.string(), z.number(), z.array(z.string())]).transform((value, ctx) => {
    const joined = Array.isArray(value) ? value.join(" ") : typeof value === "number" ? `${value}%` : value;
    const trimmed = joined.trim();
    if (!trimmed || trimmed.length > max) {
      ctx.addIssue({ code: "custom", message: `Expected a text of 1 to ${max} characters` });
      return z.NEVER;
    }
    return trimmed;
  });

const itemSchema = z.object({
  description: text(300),
  quantity: amount(MAX_QUANTITY),
  unit: text(40),
  unitPrice: amount(MAX_UNIT_PRICE),
  total: z.unknown().optional(),
  reasoning: looseText(1000),
});

/** An answer in the shape of the AI estimate result; totals are never taken from it. */
export const aiAnswerSchema = z.object({
  suggestedItems: z.array(itemSchema).min(1).max(MAX_AI_ITEMS),
  marketAnalysis: z.object({
    competitivePricing: looseText(2000),
    profitMargin: looseText(2000),
    recommendations: z.array(text(1000)).max(20),
  }),
  timeEstimate: looseText(1000),
  riskFactors: z.array(text(1000)).max(30),
});

/** Dollars (a number) into integer cents, rounded to the cent. */
export function dollarsToCents(dollars: number): number {
  return parseDecimal(dollars.toFixed(2), 2) ?? 0;
}

/** Hundredths (or cents) back into the number the result carries: 150 is 1.5. */
export const fromHundredths = (value: number) => Number(centsToString(value));

/**
 * An item with its quantity rounded to hundredths, its price to cents and its total
 * computed from those integers (docs/product/README.md, "Money").
 */
export function normalizeItem(item: Omit<AiSuggestedItem, "total">): AiSuggestedItem {
  const quantity = dollarsToCents(item.quantity);
  const unitPrice = dollarsToCents(item.unitPrice);
  return {
    description: item.description,
    quantity: fromHundredths(quantity),
    unit: item.unit,
    unitPrice: fromHundredths(unitPrice),
    total: fromHundredths(lineTotal(quantity, unitPrice)),
    reasoning: item.reasoning,
  };
}

/** Checks an answer of unknown origin; the result, or null when it is not one. */
export function readAiAnswer(raw: unknown, source: AiSource): AiEstimateResult | null {
  const parsed = aiAnswerSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { suggestedItems, marketAnalysis, timeEstimate, riskFactors } = parsed.data;
  return {
    suggestedItems: suggestedItems.map(({ description, quantity, unit, unitPrice, reasoning }) =>
      normalizeItem({ description, quantity, unit, unitPrice, reasoning }),
    ),
    marketAnalysis,
    timeEstimate,
    riskFactors,
    source,
  };
}

/** The zod issues of an answer that failed the check, for the server log. */
export function describeAnswerProblems(raw: unknown): string {
  const parsed = aiAnswerSchema.safeParse(raw);
  if (parsed.success) return "";
  return parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

/** The one message for a blank description or no job type. */
export const MISSING_INFORMATION = "Please provide job description and type";
export const MAX_JOB_DESCRIPTION = 4000;
export const MAX_LOCATION = 200;

export interface AiRequestInput {
  jobDescription: string;
  jobType: AiJobType;
  location: string | null;
}

/**
 * `{ jobDescription, location, jobType }` as the API and the editor receive it: the
 * request, or why it is refused ("missing": the editor's "Missing Information").
 */
export function readAiRequest(body: {
  jobDescription?: unknown;
  jobType?: unknown;
  location?: unknown;
}): { ok: true; value: AiRequestInput } | { ok: false; reason: "missing" | "tooLong" | "badLocation"; message: string } {
  const description = typeof body.jobDescription === "string" ? body.jobDescription.trim() : "";
  const jobType = parseJobType(body.jobType);
  if (!description || !jobType) return { ok: false, reason: "missing", message: MISSING_INFORMATION };
  if (description.length > MAX_JOB_DESCRIPTION) {
    return {
      ok: false,
      reason: "tooLong",
      message: `The job description is too long (at most ${MAX_JOB_DESCRIPTION} characters).`,
    };
  }
  const location = body.location;
  if (location !== undefined && location !== null && (typeof location !== "string" || location.trim().length > MAX_LOCATION)) {
    return { ok: false, reason: "badLocation", message: `The location must be a text of at most ${MAX_LOCATION} characters.` };
  }
  return {
    ok: true,
    value: {
      jobDescription: description,
      jobType,
      location: typeof location === "string" && location.trim() ? location.trim() : null,
    },
  };
}
