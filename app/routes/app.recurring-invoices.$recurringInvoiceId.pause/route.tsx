import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { setRecurringInvoicePaused } from "~/models/recurring-invoice.server";
import { readForm } from "~/infrastructure/form.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/** Nothing to show: the list's Pause and Resume buttons post here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, access);
  return redirect("/app/recurring-invoices");
}

/**
 * Pauses (paused=true) or resumes (paused=false) one of the account's recurring invoices and
 * goes back to the list; another account's id is 404 and nothing changes. A resumed one skips
 * the dates that passed while it was paused.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const form = await readForm(request);
  const value = form.get("paused");
  if (value !== "true" && value !== "false") throw new Response("Bad Request", { status: 400 });
  const paused = value === "true";
  const recurring = await setRecurringInvoicePaused(user.accountId, params.recurringInvoiceId ?? "", paused);
  if (!recurring) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(`/app/recurring-invoices${new URL(request.url).search}`, {
    title: paused ? "recurring.pausedToast" : "recurring.resumedToast",
    description: paused ? "recurring.pausedBody" : "recurring.resumedBody",
    values: { title: recurring.title },
  });
}
