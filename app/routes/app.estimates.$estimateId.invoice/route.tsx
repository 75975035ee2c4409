import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createInvoiceFromEstimate, todayFor } from "~/models/invoice.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/** Nothing to show here: the estimates list has the Create Invoice button. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, access);
  return redirect("/app/estimates");
}

/**
 * POST /app/estimates/:estimateId/invoice: the approved estimate becomes an invoice
 * (once; asking again leads to the one already made). Another account's estimate is 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const today = await todayFor(user.accountId);
  const result = await createInvoiceFromEstimate(user.accountId, params.estimateId ?? "", { today, by: user.id });
  if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
  if (result.status === "not-approved") {
    return redirectWithToast(`/app/estimates${new URL(request.url).search}`, {
      type: "error",
      title: "invoices.createFailed",
      description: "invoices.onlyApproved",
    });
  }
  const { invoice } = result;
  if (result.status === "exists") {
    return redirectWithToast("/app/invoices", {
      type: "info",
      title: "invoices.alreadyInvoiced",
      description: "invoices.alreadyInvoicedBody",
      values: { number: invoice.invoiceNumber },
    });
  }
  return redirectWithToast("/app/invoices", {
    title: "invoices.createdFromEstimate",
    description: "invoices.createdFromEstimateBody",
    values: { number: invoice.invoiceNumber },
  });
}
