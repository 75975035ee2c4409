import { z } from "zod";
import { documentFields, estimateTotals, parseCalendarDate, type EstimateLine } from "./estimate-schema";

/**
 * A recurring invoice's line: an estimate line's fields but `optional` (decision 019), copied
 * onto the invoices it makes; taxed and undiscounted unless it says otherwise.
 */
export type RecurringLine = Pick<EstimateLine, "description" | "quantity" | "unitPrice"> &
  Partial<Pick<EstimateLine, "taxable" | "discountPercent">>;
import { FREQUENCIES, isFrequency, MAX_RECURRING_COUNT, type Frequency } from "./recurrence";
import { optionalText } from "./validation";

// One schema for the recurring-invoice form (browser and action) and the API (README, "API").
// The lines and the tax rate are the estimate's and the invoice's (app/lib/estimate-schema.ts).
// The form says how the schedule ends with a choice (never, on a date, after a number of
// invoices); the API with `endDate` or `count` (not both). Messages are dictionary keys.

export const ENDS = ["never", "on", "after"] as const;
export type Ends = (typeof ENDS)[number];

export interface RecurringInvoiceInput {
  customerId: string;
  title: string;
  description: string | null;
  notes: string | null;
  taxRate: number;
  frequency: Frequency;
  startDate: string;
  endDate: string | null;
  count: number | null;
  autoSend: boolean;
  /** Only the API sets it (pause and resume have their own buttons in the app). */
  paused?: boolean;
  items: RecurringLine[];
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const frequency = z.unknown().transform((value, ctx): Frequency => {
  const text = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (!isFrequency(text)) {
    ctx.addIssue({ code: "custom", message: "recurring.frequencyInvalid" });
    return z.NEVER;
  }
  return text;
});

/** A calendar day from 2000 to 2099 (a schedule is about the years around now). */
const day = (message: string, required: boolean) =>
  z.unknown().transform((value, ctx): string | null => {
    if (isBlank(value)) {
      if (!required) return null;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    const date = typeof value === "string" ? parseCalendarDate(value) : null;
    if (!date || date < "2000-01-01" || date > "2099-12-31") {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return date;
  });

const count = z.unknown().transform((value, ctx): number | null => {
  if (isBlank(value)) return null;
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_RECURRING_COUNT) {
    ctx.addIssue({ code: "custom", message: "recurring.countInvalid" });
    return z.NEVER;
  }
  return n;
});

const flag = (message: string, mode: "form" | "api") =>
  z.unknown().transform((value, ctx): boolean | undefined => {
    if (mode === "form") return value === "on" || value === "true";
    if (value === undefined) return undefined;
    if (typeof value === "boolean") return value;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

function build(mode: "form" | "api", defaultTaxRate: number) {
  const { customerId, title, taxRate, formLine, apiLine, lines, apiLines } = documentFields;
  const common = {
    customerId,
    title,
    description: optionalText(4000, "multi"),
    notes: optionalText(4000, "multi"),
    taxRate: taxRate(mode, defaultTaxRate),
    frequency,
    startDate: day("recurring.startDateInvalid", true),
    endDate: day("recurring.endDateInvalid", false),
    count,
    autoSend: flag("recurring.autoSendInvalid", mode),
  };
  const object =
    mode === "form"
      ? z.object({
          ...common,
          ends: z.enum(ENDS, { message: "recurring.endsInvalid" }),
          lineFlags: z.unknown().optional(),
          items: lines(formLine),
        })
      : z
          .object({
            ...common,
            paused: flag("recurring.pausedInvalid", mode),
            items: apiLines(apiLine),
            // What GET answers, accepted back and ignored: computed here.
            subtotal: z.unknown().optional(),
            taxAmount: z.unknown().optional(),
            total: z.unknown().optional(),
          })
          .strict("validation.unknownField");

  return object.transform((value, ctx): RecurringInvoiceInput => {
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    };
    let endDate = value.endDate;
    let occurrences = value.count;
    if ("ends" in value) {
      // The form: only the field the choice names counts, and it must be filled in.
      if (value.ends === "on" && endDate === null) return fail("endDate", "recurring.endDateInvalid");
      if (value.ends === "after" && occurrences === null) return fail("count", "recurring.countInvalid");
      if (value.ends !== "on") endDate = null;
      if (value.ends !== "after") occurrences = null;
    } else if (endDate !== null && occurrences !== null) {
      return fail("count", "recurring.endBoth");
    }
    if (endDate !== null && value.startDate !== null && endDate < value.startDate)
      return fail("endDate", "recurring.endBeforeStart");
    const ordered = value.items
      .map((line, index) => ({ line, index, order: "order" in line && typeof line.order === "number" ? line.order : index }))
      .sort((a, b) => a.order - b.order || a.index - b.index)
      .map(({ line }): RecurringLine => ({
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discountPercent: line.discountPercent,
        // As on estimates: a form without the editor's marker never sent the box (taxed).
        taxable: "ends" in value && !("lineFlags" in value && value.lineFlags) ? true : line.taxable,
      }));
    if (!estimateTotals(ordered, value.taxRate).withinLimit) return fail("items", "estimates.totalTooLarge");
    return {
      customerId: value.customerId,
      title: value.title,
      description: value.description,
      notes: value.notes,
      taxRate: value.taxRate,
      frequency: value.frequency,
      startDate: value.startDate!,
      endDate,
      count: occurrences,
      autoSend: value.autoSend ?? false,
      ...("paused" in value && value.paused !== undefined ? { paused: value.paused } : {}),
      items: ordered,
    };
  });
}

export interface RecurringSchemaOptions {
  /** On the server: the customer must be the account's (another account's reads as none chosen). */
  isOwnCustomer?: (customerId: string) => Promise<boolean>;
  defaultTaxRate?: number;
}

function withChecks<T extends z.ZodTypeAny>(schema: T, isOwnCustomer?: (id: string) => Promise<boolean>) {
  if (!isOwnCustomer) return schema;
  return schema.superRefine(async (value: RecurringInvoiceInput, ctx) => {
    if (typeof value?.customerId === "string" && !(await isOwnCustomer(value.customerId))) {
      ctx.addIssue({ code: "custom", path: ["customerId"], message: "estimates.customerRequired" });
    }
  });
}

export const recurringFormSchema = ({ isOwnCustomer, defaultTaxRate = 825 }: RecurringSchemaOptions = {}) =>
  withChecks(build("form", defaultTaxRate), isOwnCustomer);

/** POST and PUT /api/recurring-invoices: strict, so id, accountId or createdAt are refused. */
export const recurringApiSchema = ({ isOwnCustomer, defaultTaxRate = 825 }: RecurringSchemaOptions = {}) =>
  withChecks(build("api", defaultTaxRate), isOwnCustomer);

export { FREQUENCIES };
