import type { LoaderFunctionArgs } from "@remix-run/node";
import { readInvoiceStatusFilter } from "~/lib/invoice-status";
import { readListParams } from "~/lib/list-params";
import { today as todayIn } from "~/lib/clock";
import { listInvoices, toApiInvoice } from "~/models/invoice.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { jsonPage, methodNotAllowed, readApiPage, requireApiUser } from "~/services/api.server";

const SORTS = ["newest"] as const;

/**
 * GET /api/invoices: the account's invoices, newest first, each with its items (in
 * order) and customer. ?q= searches title, customer name and invoice number; ?status=
 * filters (overdue includes pending invoices past their due date); ?page= and
 * ?pageSize= (default 50, at most 1000) page it; X-Total-Count has the total and Link the next and previous pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const params = readListParams(url, SORTS, "newest");
  const { pageSize } = readApiPage(url);
  const zone = await getAccountTimeZone(user.id);
  const today = todayIn(zone);
  const list = await listInvoices(user.id, {
    ...params,
    status: readInvoiceStatusFilter(url.searchParams.get("status")),
    pageSize,
    today,
    withItems: true,
  });
  const body = list.items.map((invoice) => toApiInvoice({ ...invoice, items: invoice.items ?? [] }, today, zone));
  return jsonPage(body, { total: list.total, page: params.page, pageSize, url });
}

/** Invoices are made from approved estimates (POST /api/invoices/from-estimate/{id}), never posted here. */
export async function action() {
  return methodNotAllowed("GET");
}
