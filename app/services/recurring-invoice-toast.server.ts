import { formatCalendarDate } from "~/lib/estimate-dates";
import type { RecurringInvoiceView } from "~/models/recurring-invoice.server";
import { getSettings } from "~/models/settings.server";
import { redirectWithToast } from "~/infrastructure/toast.server";

/** Back to the list after a create or an edit, with a toast that says when the next invoice is made. */
export async function savedRedirect(request: Request, recurring: RecurringInvoiceView, done: "created" | "updated") {
  const { appLanguage } = await getSettings(recurring.accountId);
  const next = recurring.next ? formatCalendarDate(recurring.next.date, appLanguage) : null;
  return redirectWithToast(`/app/recurring-invoices${new URL(request.url).search}`, {
    title: done === "created" ? "recurring.createdToast" : "recurring.updatedToast",
    description: done === "updated" ? "recurring.updatedBody" : next ? "recurring.createdBody" : "recurring.createdEndedBody",
    values: { title: recurring.title, date: next ?? "" },
  });
}
