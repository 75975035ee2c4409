// The estimate form's values and its submit buttons' intents. Pure:
// used by the editor in the browser and by the actions.
import { NO_CUSTOMER, NO_JOB, type EstimateStatus } from "./estimate-schema";
import { centsToString, discountToString, formatDecimal, rateToPercent } from "./money";
import type { TextKey } from "~/locales/keys";

/** The no-JavaScript "show this customer's jobs" button: <button name="intent" value="refresh">. */
export const REFRESH_INTENT = "refresh";

/** What the form's fields hold: strings, as the browser sends them. */
export type EstimateFormValues = {
  customerId: string;
  jobId: string;
  title: string;
  description: string;
  status: EstimateStatus;
  taxRate: string;
  validUntil: string;
  notes: string;
  /** Marks a form from this editor: its unticked "taxable" boxes mean untaxed (see estimate-schema). */
  lineFlags: string;
  items: EstimateFormLine[];
};

/** A line row of the form: checkboxes are "on" when ticked, "" when not. */
export type EstimateFormLine = {
  description: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  taxable: string;
  optional: string;
};

export interface EstimateForEditor {
  customerId: string;
  jobId: string | null;
  title: string;
  description: string | null;
  status: EstimateStatus;
  taxRate: number;
  validUntil: string | null;
  notes: string | null;
  items: {
    description: string;
    quantity: number;
    unitPrice: number;
    taxable: boolean;
    discountPercent: number;
    optional: boolean;
  }[];
}

/** The first line of a new estimate, and of every line added with "Add item". */
export const NEW_LINE: EstimateFormLine = {
  description: "",
  quantity: "1",
  unitPrice: "",
  discountPercent: "0",
  taxable: "on",
  optional: "",
};

/** A saved line as the form shows it. */
export function formLine(item: EstimateForEditor["items"][number]): EstimateFormLine {
  return {
    description: item.description,
    quantity: formatDecimal(item.quantity, 2),
    unitPrice: centsToString(item.unitPrice),
    discountPercent: discountToString(item.discountPercent),
    taxable: item.taxable ? "on" : "",
    optional: item.optional ? "on" : "",
  };
}

/** The form's starting values: the estimate's, or a new one's with the account's defaults. */
export function editorValues(
  estimate: EstimateForEditor | undefined,
  defaults: { taxRate: number; validUntil: string; customerId?: string | null },
): EstimateFormValues {
  if (!estimate) {
    return {
      customerId: defaults.customerId ?? NO_CUSTOMER,
      jobId: NO_JOB,
      title: "",
      description: "",
      status: "pending",
      taxRate: rateToPercent(defaults.taxRate),
      validUntil: defaults.validUntil,
      notes: "",
      lineFlags: "1",
      items: [{ ...NEW_LINE }],
    };
  }
  return {
    customerId: estimate.customerId,
    jobId: estimate.jobId ?? NO_JOB,
    title: estimate.title,
    description: estimate.description ?? "",
    status: estimate.status,
    taxRate: rateToPercent(estimate.taxRate),
    validUntil: estimate.validUntil ?? "",
    notes: estimate.notes ?? "",
    lineFlags: "1",
    items: estimate.items.map(formLine),
  };
}

/** How many line rows a submitted form holds (`items[0].description`, `items[1].quantity`...). */
export function lineCount(formData: FormData): number {
  const rows = new Set<string>();
  for (const key of formData.keys()) {
    const match = /^items\[(\d+)\]/.exec(key);
    if (match) rows.add(match[1]);
  }
  return rows.size;
}

// conform's reserved field for its list buttons (insert, remove).
const CONFORM_INTENT = "__intent__";

/**
 * The last line cannot be removed (docs/product/estimates.md). A request that asks to remove it
 * anyway (a hand-made one: the button is disabled) becomes a validation of the list, so
 * the form comes back unchanged. True when it was refused.
 */
export function refuseLastLineRemoval(formData: FormData): boolean {
  const raw = formData.get(CONFORM_INTENT);
  if (typeof raw !== "string") return false;
  let intent: { type?: unknown; payload?: { name?: unknown } };
  try {
    intent = JSON.parse(raw);
  } catch {
    return false;
  }
  if (intent?.type !== "remove" || intent.payload?.name !== "items" || lineCount(formData) > 1) return false;
  formData.set(CONFORM_INTENT, JSON.stringify({ type: "validate", payload: { name: "items" } }));
  return true;
}

// --- The price book in the editor (docs/product/price-book.md) ---------------------------

/** The no-JavaScript search of the price book: <button name="intent" value="price-search">, the text in `priceQuery`. */
export const PRICE_SEARCH_INTENT = "price-search";
/** Adds a price book item as a line: <button name="intent" value="price-add:<item id>">. */
export const PRICE_ADD_PREFIX = "price-add:";
/** Saves a line to the price book: <button name="intent" value="price-save:<line index>">. */
export const PRICE_SAVE_PREFIX = "price-save:";
export const PRICE_QUERY_FIELD = "priceQuery";

export function isPriceIntent(value: unknown): boolean {
  return (
    typeof value === "string" &&
    (value === PRICE_SEARCH_INTENT || value.startsWith(PRICE_ADD_PREFIX) || value.startsWith(PRICE_SAVE_PREFIX))
  );
}

/** A price book item as the editor offers it. */
export interface PriceOption {
  id: string;
  name: string;
  description: string | null;
  /** Cents. */
  unitPrice: number;
  unit: string;
  taxable: boolean;
}

/** The price book section of the editor after one of its buttons (no JavaScript). */
export interface PricePanelState {
  query: string;
  results: PriceOption[];
  notice: { type: "success" | "error"; title: TextKey; description: TextKey; values?: Record<string, string> } | null;
}

/** A price book item as a new line of the form: one of it, at its price, taxed as saved. */
export function priceLine(item: Pick<PriceOption, "name" | "unitPrice" | "taxable">): EstimateFormLine {
  return {
    ...NEW_LINE,
    description: item.name.slice(0, 500),
    unitPrice: centsToString(item.unitPrice),
    taxable: item.taxable ? "on" : "",
  };
}
