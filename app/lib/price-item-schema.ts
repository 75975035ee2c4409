import { z } from "zod";
import priceBookEs from "~/locales/price-book.es";
import { parseCents, withinMoneyLimit } from "./money";
import { optionalText, plainText } from "./validation";
import { withoutAccents } from "./without-accents";

// One schema for the price book's form, its API and its CSV import (messages are dictionary
// keys, as in every schema). The form sends strings ("19.99", the taxable box "on"); the API
// sends JSON, where money may be a number or a string and taxable a boolean.

export interface PriceItemInput {
  name: string;
  description: string | null;
  /** Cents. */
  unitPrice: number;
  unit: string;
  taxable: boolean;
  category: string | null;
  /** Cents; what the item costs the contractor, for the margin. */
  cost: number | null;
}

export const DEFAULT_UNIT = "each";
/** The units offered in the form; any other short word may be typed. */
export const COMMON_UNITS = ["each", "hour", "foot", "square foot", "day", "job"] as const;

export const PRICE_ITEM_COLUMNS = ["name", "description", "unitPrice", "unit", "taxable", "category", "cost"] as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Money of the price book: required (the price) or optional (the cost); never negative, two decimals at most. */
function money(field: "unitPrice" | "cost", required: boolean) {
  return z.unknown().transform((value, ctx): number | null => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message: `priceBook.${field}${message}` });
      return z.NEVER;
    };
    if (isBlank(value)) return required ? fail("Required") : null;
    if (typeof value !== "string" && typeof value !== "number") return fail("Invalid");
    const text = String(value).trim().replace(/^\$/, "");
    const parsed = parseCents(text);
    if (parsed === null) return fail(/^[+-]?\d*\.\d{3,}$/.test(text) ? "Decimals" : "Invalid");
    if (parsed < 0) return fail("Negative");
    if (!withinMoneyLimit(parsed)) return fail("TooLarge");
    return parsed;
  });
}

const TRUE_WORDS = new Set(["on", "true", "yes", "y", "1", "sí", "si", "x"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0", ""]);

/** taxable: a JSON boolean (API), "on" or nothing (form checkbox), yes/no words (CSV). */
function taxable(mode: "form" | "api" | "csv") {
  return z.unknown().transform((value, ctx): boolean => {
    if (mode === "form") return value === "on" || value === "true";
    if (value === undefined || value === null) return true;
    if (typeof value === "boolean") return value;
    if (mode === "csv" && typeof value === "string") {
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return word === "" ? true : false;
    }
    ctx.addIssue({ code: "custom", message: "priceBook.taxableInvalid" });
    return z.NEVER;
  });
}

const fold = (word: string) => withoutAccents(word.trim().toLowerCase());

/**
 * A unit the price book knows, typed in English or in Spanish ("unidad", "Hora", "dia"), as the
 * name it is stored under ("each", "hour", "day"), which every screen shows in its own
 * language; any other word as typed.
 */
export function canonicalUnit(typed: string): string {
  const word = fold(typed);
  const known = COMMON_UNITS.find((unit) => word === unit || word === fold(priceBookEs.units[unit]));
  return known ?? typed.trim();
}

const unit = plainText(
  z
    .string({ invalid_type_error: "validation.expectedText" })
    .trim()
    .max(30, "validation.tooLong")
    .nullish()
    .transform((value) => (value ? canonicalUnit(value) : DEFAULT_UNIT)),
);

function fields(mode: "form" | "api" | "csv") {
  return {
    name: plainText(
      z
        .string({ required_error: "priceBook.nameRequired", invalid_type_error: "validation.expectedText" })
        .trim()
        .min(1, "priceBook.nameRequired")
        .max(200, "validation.tooLong"),
    ),
    description: optionalText(2000, "multi"),
    unitPrice: money("unitPrice", true),
    unit,
    taxable: taxable(mode),
    category: optionalText(100),
    cost: money("cost", false),
  };
}

const shape = (value: Record<string, unknown>): PriceItemInput => ({
  name: value.name as string,
  description: (value.description as string | null | undefined) ?? null,
  unitPrice: value.unitPrice as number,
  unit: (value.unit as string | undefined) ?? DEFAULT_UNIT,
  taxable: value.taxable as boolean,
  category: (value.category as string | null | undefined) ?? null,
  cost: (value.cost as number | null | undefined) ?? null,
});

export const priceItemFormSchema = z.object(fields("form")).transform(shape);
/** POST and PUT /api/items: strict, so id, accountId or createdAt are refused. */
export const priceItemApiSchema = z.object(fields("api")).strict("validation.unknownField").transform(shape);
export const priceItemCsvSchema = z.object(fields("csv")).transform(shape);

/** The margin of an item with a cost, in hundredths of a percent of its price (null without a cost or a price). */
export function marginPercent(unitPrice: number, cost: number | null): number | null {
  if (cost === null || unitPrice <= 0) return null;
  return Math.round(((unitPrice - cost) * 10_000) / unitPrice);
}
