import type { LoaderFunctionArgs } from "@remix-run/node";
import { readInvoiceStatusFilter } from "~/lib/invoice-status";
import { readListParams } from "~/lib/list-params";
import { listInvoices, todayFor, toApiInvoice } from "~/models/invoice.server";
import { json, methodNotAllowed, requireApiUser } from "~/services/api.server";

const MAX_PAGE_SIZE = 1000;
const SORTS = ["newest"] as const;

/**
 * GET /api/invoices: the account's invoices, newest first, each with its items (in
 * order) and customer. ?q= searches title, customer name and invoice number; ?status=
 * filters (overdue includes pending invoices past their due date); ?page= and
 * ?pageSize= (at most 1000, the default) page it; X-Total-Count has the total.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const params = readListParams(url, SORTS, "newest");
  const requested = Number(url.searchParams.get("pageSize"));
  const pageSize = Number.isSafeInteger(requested) && requested > 0 ? Math.min(requested, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
  const today = await todayFor(user.id);
  const list = await listInvoices(user.id, {
    ...params,
    status: readInvoiceStatusFilter(url.searchParams.get("status")),
    pageSize,
    today,
    withItems: true,
  });
  return json(
    list.items.map((invoice) => toApiInvoice({ ...invoice, items: invoice.items ?? [] }, today)),
    { headers: { "X-Total-Count": String(list.total) } },
  );
}

/** Invoices are made from approved estimates (POST /api/invoices/from-estimate/{id}), never posted here. */
export async function action() {
  return methodNotAllowed("GET");
}
