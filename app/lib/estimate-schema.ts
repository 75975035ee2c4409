import { z } from "zod";
import {
  documentTotals,
  MAX_DISCOUNT,
  MAX_RATE,
  parseDiscountPercent,
  parseCents,
  parseFractionRate,
  parsePercentRate,
  parseQuantity,
  withinMoneyLimit,
  type PricedLine,
  type Totals,
} from "./money";
import { optionalText, plainText } from "./validation";

// One schema for the estimate form (browser and action) and the API (docs/product/estimates.md,
// docs/product/api.md). Messages are dictionary keys. The form sends strings (conform turns empty ones
// into undefined) with the tax rate in percent ("8.25"); the API sends JSON, where a
// decimal may be a number or a string and the tax rate is a fraction ("0.0825").
// Whatever totals a client sends are ignored: they are always computed from the lines.

export const ESTIMATE_STATUSES = ["pending", "approved", "rejected", "expired"] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];
export const DEFAULT_ESTIMATE_STATUS: EstimateStatus = "pending";

export const ESTIMATE_STATUS_FILTERS = ["all", ...ESTIMATE_STATUSES] as const;
export type EstimateStatusFilter = (typeof ESTIMATE_STATUS_FILTERS)[number];

export function isEstimateStatus(value: unknown): value is EstimateStatus {
  return typeof value === "string" && (ESTIMATE_STATUSES as readonly string[]).includes(value);
}

/** The list's ?status= filter; anything unexpected reads as all. */
export function readEstimateStatusFilter(value: string | null): EstimateStatusFilter {
  return isEstimateStatus(value) ? value : "all";
}

/** The values of the "nothing chosen" options of the customer and job selects (never ""). */
export const NO_CUSTOMER = "none";
export const NO_JOB = "none";

/** More lines than any real estimate has; the cap keeps one request from writing thousands of rows. */
export const MAX_LINE_ITEMS = 200;

export interface EstimateLine {
  description: string;
  quantity: number;
  unitPrice: number;
  /** Taxed at the document's rate (default true). */
  taxable: boolean;
  /** Hundredths of a percent, 0 to 10,000 (default 0). */
  discountPercent: number;
  /** A line the customer may choose on the estimate page; it counts in no total until chosen. */
  optional: boolean;
}

export interface EstimateInput {
  customerId: string;
  jobId: string | null;
  title: string;
  description: string | null;
  status: EstimateStatus;
  taxRate: number;
  validUntil: string | null;
  notes: string | null;
  items: EstimateLine[];
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

type DecimalKind = "quantity" | "unitPrice";

/** "1.5", 1.5 or "19.99" into an integer of hundredths (quantity) or cents (unit price). */
function decimal(kind: DecimalKind) {
  const parse = kind === "quantity" ? parseQuantity : parseCents;
  return z.unknown().transform((value, ctx): number => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message: `estimates.${kind}${message}` });
      return z.NEVER;
    };
    if (isBlank(value)) return fail("Required");
    if (typeof value !== "string" && typeof value !== "number") return fail("Invalid");
    const text = String(value).trim();
    const parsed = parse(text);
    if (parsed === null) return fail(/^[+-]?\d*\.\d{3,}$/.test(text) ? "Decimals" : "Invalid");
    if (parsed < 0) return fail("Negative");
    if (!withinMoneyLimit(parsed)) return fail("TooLarge");
    return parsed;
  });
}

const lineDescription = plainText(
  z
    .string({ required_error: "estimates.descriptionRequired", invalid_type_error: "validation.expectedText" })
    .trim()
    .min(1, "estimates.descriptionRequired")
    .max(500, "validation.tooLong"),
);

/** 0 to 100 with at most two decimals, into hundredths of a percent; blank is no discount. */
const discountPercent = z.unknown().transform((value, ctx): number => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message: `estimates.discount${message}` });
    return z.NEVER;
  };
  if (isBlank(value)) return 0;
  if (typeof value !== "string" && typeof value !== "number") return fail("Invalid");
  const text = String(value).trim();
  const parsed = parseDiscountPercent(text);
  if (parsed === null) return fail(/^[+-]?\d*\.\d{3,}$/.test(text) ? "Decimals" : "Invalid");
  if (parsed < 0 || parsed > MAX_DISCOUNT) return fail("Range");
  return parsed;
});

/** An API flag: true or false (missing is the default); anything else is refused. */
const flag = (fallback: boolean, message: string) =>
  z.unknown().transform((value, ctx): boolean => {
    if (value === undefined || value === null) return fallback;
    if (typeof value === "boolean") return value;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

/** A form checkbox: "on" when ticked, nothing when not. */
const checkbox = z.unknown().transform((value) => value === "on" || value === "true");

const lineFields = {
  description: lineDescription,
  quantity: decimal("quantity"),
  unitPrice: decimal("unitPrice"),
  discountPercent,
};

/** An API line may carry its position; anything but a whole number from 0 is refused. */
const order = z.unknown().transform((value, ctx): number | undefined => {
  if (isBlank(value)) return undefined;
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0) {
    ctx.addIssue({ code: "custom", message: "estimates.orderInvalid" });
    return z.NEVER;
  }
  return n;
});

// The form's checkboxes: taxable is ticked by default. A form without the editor's marker
// field `lineFlags` (an older page, a hand-made post) never sent the box, so its lines keep
// the default (taxable) rather than reading as unticked.
const formLine = z.object({ ...lineFields, taxable: checkbox, optional: checkbox });
// `total` is accepted (clients send it) and ignored: the line total is always computed.
const apiLine = z
  .object({
    ...lineFields,
    taxable: flag(true, "estimates.taxableInvalid"),
    optional: flag(false, "estimates.optionalInvalid"),
    total: z.unknown().optional(),
    order,
  })
  .strict("validation.unknownField");

const lines = <T extends z.ZodTypeAny>(line: T) =>
  z
    .array(line, { required_error: "estimates.itemsRequired", invalid_type_error: "estimates.itemsRequired" })
    .min(1, "estimates.itemsRequired")
    .max(MAX_LINE_ITEMS, "estimates.tooManyItems");

/**
 * The API's lines: a list longer than the most an estimate holds is refused before any
 * line is read (zod checks every element first, and 300,000 of them take seconds).
 */
const apiLines = <T extends z.ZodTypeAny>(line: T) =>
  z.preprocess((value, ctx) => {
    if (Array.isArray(value) && value.length > MAX_LINE_ITEMS) {
      // Fatal: the list itself is not read.
      ctx.addIssue({ code: "custom", message: "estimates.tooManyItems", fatal: true });
    }
    return value;
  }, lines(line));

const customerId = z
  .string({ required_error: "estimates.customerRequired", invalid_type_error: "estimates.customerRequired" })
  .transform((raw, ctx) => {
    const id = raw.trim();
    if (!id || id === NO_CUSTOMER || id.length > 100) {
      ctx.addIssue({ code: "custom", message: "estimates.customerRequired" });
      return z.NEVER;
    }
    return id;
  });

const jobId = z.unknown().transform((value, ctx): string | null => {
  if (isBlank(value) || value === NO_JOB) return null;
  if (typeof value !== "string" || value.trim().length > 100) {
    ctx.addIssue({ code: "custom", message: "estimates.jobInvalid" });
    return z.NEVER;
  }
  return value.trim();
});

const title = plainText(
  z
    .string({ required_error: "estimates.titleRequired", invalid_type_error: "validation.expectedText" })
    .trim()
    .min(1, "estimates.titleRequired")
    .max(200, "validation.tooLong"),
);

const status = z.unknown().transform((value, ctx): EstimateStatus => {
  if (isBlank(value)) return DEFAULT_ESTIMATE_STATUS;
  const normalized = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (!isEstimateStatus(normalized)) {
    ctx.addIssue({ code: "custom", message: "estimates.statusInvalid" });
    return z.NEVER;
  }
  return normalized;
});

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** A real calendar date as `yyyy-MM-dd`; an ISO date-time keeps its date part. Null when it is not one. */
export function parseCalendarDate(text: string): string | null {
  const match = CALENDAR_DATE.exec(text.trim());
  if (!match) return null;
  const [y, m, d] = match.slice(1, 4).map(Number);
  const [hour, minute, second, offsetHours, offsetMinutes] = match.slice(4, 9).map((part) => Number(part ?? 0));
  if (y < 1000 || m < 1 || m > 12 || d < 1) return null;
  // The time of an ISO date-time is dropped, but it has to be a time: not 24:00, 10:75 or +25:00.
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

const validUntil = z.unknown().transform((value, ctx): string | null => {
  if (isBlank(value)) return null;
  const date = typeof value === "string" ? parseCalendarDate(value) : null;
  if (!date) {
    ctx.addIssue({ code: "custom", message: "estimates.validUntilInvalid" });
    return z.NEVER;
  }
  return date;
});

/** The tax rate: percent in the form ("8.25"), fraction in the API ("0.0825"); ten-thousandths out. */
function taxRate(mode: "form" | "api", defaultRate: number) {
  const prefix = mode === "form" ? "estimates.taxRate" : "estimates.taxRateFraction";
  return z.unknown().transform((value, ctx): number => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (isBlank(value)) return mode === "api" ? defaultRate : fail("estimates.taxRateRequired");
    if (typeof value !== "string" && typeof value !== "number") return fail(`${prefix}Invalid`);
    const rate = mode === "form" ? parsePercentRate(value) : parseFractionRate(value);
    if (rate === null) return fail(`${prefix}Invalid`);
    if (rate < 0) return fail("estimates.taxRateNegative");
    if (rate > MAX_RATE) return fail("estimates.taxRateTooLarge");
    return rate;
  });
}

/** Checks only the server can make: that the customer and the job belong to the account. */
export interface EstimateChecks {
  customer(customerId: string): Promise<boolean>;
  /** True when the job belongs to the account and to that customer. */
  job(jobId: string, customerId: string): Promise<boolean>;
  /** On an edit: the deposits already received on the estimate (cents), which its new total must cover. */
  depositsReceived?(): Promise<number>;
}

export interface EstimateSchemaOptions {
  /** Server-side ownership checks; without them the schema validates synchronously (the browser). */
  checks?: EstimateChecks;
  /** The account's default rate, used when an API payload leaves taxRate out. */
  defaultTaxRate?: number;
}

/** Totals of the lines, and whether every amount fits a money field (10 digits). */
export function estimateTotals(items: readonly PricedLine[], rate: number) {
  const totals = documentTotals(items, rate);
  const withinLimit =
    totals.lineTotals.every(withinMoneyLimit) && [totals.subtotal, totals.taxAmount, totals.total].every(withinMoneyLimit);
  return { ...totals, withinLimit };
}

function build(mode: "form" | "api", { checks, defaultTaxRate = 825 }: EstimateSchemaOptions) {
  const fields = {
    customerId,
    jobId,
    title,
    description: optionalText(4000, "multi"),
    status,
    taxRate: taxRate(mode, defaultTaxRate),
    validUntil,
    notes: optionalText(4000, "multi"),
  };
  const object =
    mode === "form"
      ? z.object({ ...fields, lineFlags: z.unknown().optional(), items: lines(formLine) })
      : z
          .object({
            ...fields,
            items: apiLines(apiLine),
            // Accepted because clients send them, and ignored: totals are always computed here.
            subtotal: z.unknown().optional(),
            taxAmount: z.unknown().optional(),
            total: z.unknown().optional(),
          })
          .strict("validation.unknownField");

  const computed = object.transform((value, ctx): EstimateInput => {
    // API lines are put in their `order` (stable for equal or missing ones), then numbered 0..n-1.
    const ordered = value.items
      .map((line, index) => ({ line, index, order: "order" in line && typeof line.order === "number" ? line.order : index }))
      .sort((a, b) => a.order - b.order || a.index - b.index)
      .map(({ line }): EstimateLine => ({
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discountPercent: line.discountPercent,
        taxable: mode === "form" && !("lineFlags" in value && value.lineFlags) ? true : line.taxable,
        optional: line.optional,
      }));
    if (!estimateTotals(ordered, value.taxRate).withinLimit) {
      ctx.addIssue({ code: "custom", path: ["items"], message: "estimates.totalTooLarge" });
      return z.NEVER;
    }
    return {
      customerId: value.customerId,
      jobId: value.jobId,
      title: value.title,
      description: value.description,
      status: value.status,
      taxRate: value.taxRate,
      validUntil: value.validUntil,
      notes: value.notes,
      items: ordered,
    };
  });
  if (!checks) return computed;
  // Another account's customer reads exactly like no customer chosen: no existence leak.
  return computed.superRefine(async (value, ctx) => {
    // zod still refines a value whose fields failed; there is nothing to check then.
    if (typeof value.customerId !== "string") return;
    if (!(await checks.customer(value.customerId))) {
      ctx.addIssue({ code: "custom", path: ["customerId"], message: "estimates.customerRequired" });
    } else if (typeof value.jobId === "string" && !(await checks.job(value.jobId, value.customerId))) {
      ctx.addIssue({ code: "custom", path: ["jobId"], message: "estimates.jobInvalid" });
    }
    // Money received is never less than nothing owed: a total below the deposits would leave
    // the invoice overpaid (decision 017 refuses a deposit above the total for the same reason).
    if (checks.depositsReceived && Array.isArray(value.items)) {
      const received = await checks.depositsReceived();
      if (received > estimateTotals(value.items, value.taxRate).total) {
        ctx.addIssue({ code: "custom", path: ["items"], message: "estimates.totalBelowDeposits" });
      }
    }
  });
}

/** The estimate form; with checks (on the server) it must be parsed asynchronously. */
export function estimateFormSchema(options: EstimateSchemaOptions = {}) {
  return build("form", options);
}

/** POST and PUT /api/estimates: strict, so id, createdAt, accountId or estimateNumber are refused. */
export function estimateApiSchema(options: EstimateSchemaOptions = {}) {
  return build("api", options);
}

/** What the form's totals box shows while typing: lines that do not parse yet count as nothing. */
export function previewTotals(
  items: readonly (
    { quantity?: unknown; unitPrice?: unknown; discountPercent?: unknown; taxable?: unknown; optional?: unknown } | undefined
  )[],
  percentRate: unknown,
  /** The editor's own form: an unticked "taxable" box (absent) means untaxed; elsewhere absent is the default, taxed. */
  checkboxes = false,
): Totals & { lineTotals: (number | null)[] } {
  const parsed = items.map((item) => {
    const quantity = typeof item?.quantity === "string" ? parseQuantity(item.quantity) : null;
    const unitPrice = typeof item?.unitPrice === "string" ? parseCents(item.unitPrice) : null;
    const discount =
      typeof item?.discountPercent === "string" && item.discountPercent.trim() !== ""
        ? parseDiscountPercent(item.discountPercent)
        : 0;
    const valid =
      quantity !== null && unitPrice !== null && quantity >= 0 && unitPrice >= 0 && discount !== null && discount >= 0;
    return valid && discount <= MAX_DISCOUNT
      ? {
          quantity,
          unitPrice,
          discountPercent: discount,
          taxable: checkboxes ? item?.taxable === "on" : item?.taxable !== "",
          optional: item?.optional === "on",
        }
      : null;
  });
  const rateValue = typeof percentRate === "string" ? parsePercentRate(percentRate) : null;
  const rate = rateValue !== null && rateValue >= 0 && rateValue <= MAX_RATE ? rateValue : 0;
  const totals = documentTotals(
    parsed.map((line) => line ?? { quantity: 0, unitPrice: 0 }),
    rate,
  );
  return { ...totals, lineTotals: totals.lineTotals.map((total, i) => (parsed[i] ? total : null)) };
}

/**
 * The pieces of a document's form and API body that other documents with lines share (the
 * recurring invoices, app/lib/recurring-invoice-schema.ts): one place for what a line is.
 */
export const documentFields = { customerId, title, taxRate, formLine, apiLine, lines, apiLines };
