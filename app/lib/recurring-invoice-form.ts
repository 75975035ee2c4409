// The recurring-invoice form's values. Pure: used by the editor in the
// browser and by the actions. The lines are the estimate form's (app/lib/estimate-form.ts).
import { NEW_LINE } from "./estimate-form";
import { NO_CUSTOMER } from "./estimate-schema";
import { centsToString, discountToString, formatDecimal, rateToPercent } from "./money";
import type { Frequency } from "./recurrence";
import type { Ends } from "./recurring-invoice-schema";

export type RecurringFormValues = {
  customerId: string;
  title: string;
  description: string;
  notes: string;
  taxRate: string;
  frequency: Frequency;
  startDate: string;
  ends: Ends;
  endDate: string;
  count: string;
  autoSend: string;
  items: { description: string; quantity: string; unitPrice: string; discountPercent: string; taxable: string }[];
};

export interface RecurringForEditor {
  customerId: string;
  title: string;
  description: string | null;
  notes: string | null;
  taxRate: number;
  frequency: Frequency;
  startDate: string;
  endDate: string | null;
  occurrenceCount: number | null;
  autoSend: boolean;
  items: { description: string; quantity: number; unitPrice: number; discountPercent: number; taxable: boolean }[];
}

/** The form's starting values: the recurring invoice's, or a new one's (monthly from today, the account's tax rate). */
export function recurringEditorValues(
  recurring: RecurringForEditor | undefined,
  defaults: { taxRate: number; startDate: string; customerId?: string | null },
): RecurringFormValues {
  if (!recurring) {
    return {
      customerId: defaults.customerId ?? NO_CUSTOMER,
      title: "",
      description: "",
      notes: "",
      taxRate: rateToPercent(defaults.taxRate),
      frequency: "monthly",
      startDate: defaults.startDate,
      ends: "never",
      endDate: "",
      count: "",
      autoSend: "on",
      items: [{ description: "", quantity: NEW_LINE.quantity, unitPrice: "", discountPercent: "0", taxable: "on" }],
    };
  }
  return {
    customerId: recurring.customerId,
    title: recurring.title,
    description: recurring.description ?? "",
    notes: recurring.notes ?? "",
    taxRate: rateToPercent(recurring.taxRate),
    frequency: recurring.frequency,
    startDate: recurring.startDate,
    ends: recurring.endDate ? "on" : recurring.occurrenceCount ? "after" : "never",
    endDate: recurring.endDate ?? "",
    count: recurring.occurrenceCount ? String(recurring.occurrenceCount) : "",
    autoSend: recurring.autoSend ? "on" : "",
    items: recurring.items.map((item) => ({
      description: item.description,
      quantity: formatDecimal(item.quantity, 2),
      unitPrice: centsToString(item.unitPrice),
      discountPercent: discountToString(item.discountPercent),
      taxable: item.taxable ? "on" : "",
    })),
  };
}
