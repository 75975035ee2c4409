import type { SubmissionResult } from "@conform-to/react";
import { refuseLastLineRemoval } from "~/lib/estimate-form";
import { parseForm } from "~/lib/form-parse";
import { recurringFormSchema, type RecurringInvoiceInput } from "~/lib/recurring-invoice-schema";
import { isOwnCustomer } from "~/models/recurring-invoice.server";
import { dropLinesBeyondLimit } from "./estimate-form.server";

export type RecurringFormReply = { kind: "invalid" | "intent"; result: SubmissionResult<string[]> };

/**
 * Reads a submitted recurring-invoice form for the create and edit actions: a valid one, or
 * the form to show again (after an error, or, without JavaScript, "Add item" and "Remove").
 */
export async function readRecurringForm(
  accountId: string,
  formData: FormData,
): Promise<{ kind: "valid"; value: RecurringInvoiceInput } | RecurringFormReply> {
  const overflow = dropLinesBeyondLimit(formData);
  const schema = recurringFormSchema({ isOwnCustomer: (id) => isOwnCustomer(accountId, id) });
  if (overflow) {
    const submission = await parseForm(formData, { schema, async: true });
    return { kind: "invalid", result: submission.reply({ fieldErrors: { items: ["estimates.tooManyItems"] } }) };
  }
  const refused = refuseLastLineRemoval(formData);
  const submission = await parseForm(formData, { schema, async: true });
  if (submission.status === "success") return { kind: "valid", value: submission.value };
  const result = refused ? submission.reply({ fieldErrors: { items: ["estimates.lastItem"] } }) : submission.reply();
  return { kind: submission.status === "error" ? "invalid" : "intent", result };
}
