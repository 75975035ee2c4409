import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readListParams } from "~/lib/list-params";
import { recurringApiSchema } from "~/lib/recurring-invoice-schema";
import {
  createRecurringInvoice,
  isOwnCustomer,
  listRecurringInvoices,
  toApiRecurringInvoice,
} from "~/models/recurring-invoice.server";
import { getSettings } from "~/models/settings.server";
import {
  invalidPayload,
  json,
  jsonPage,
  methodNotAllowed,
  readApiPage,
  readJsonObject,
  requireApiUser,
} from "~/services/api.server";

/**
 * GET /api/recurring-invoices: the account's recurring invoices, newest first, each with its
 * items, next date, invoices made so far and status (active, paused, ended). ?q= searches
 * title and customer name; ?page= and ?pageSize= (default 50, at most 1000) page it;
 * X-Total-Count has the total and Link the next and previous pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const { q, page } = readListParams(url, ["newest"] as const, "newest");
  const { pageSize } = readApiPage(url);
  const list = await listRecurringInvoices(user.id, { q, page, pageSize });
  return jsonPage(list.items.map(toApiRecurringInvoice), { total: list.total, page, pageSize, url });
}

/**
 * POST /api/recurring-invoices: customerId, title, frequency, startDate and at least one item
 * are required; endDate or count (not both) end it; autoSend e-mails each invoice. Another
 * account's customer reads as none chosen. Nothing is written for a refused body (400).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET or POST");
  const user = await requireApiUser(request);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const { defaultTaxRate } = await getSettings(user.id);
  const schema = recurringApiSchema({ isOwnCustomer: (id) => isOwnCustomer(user.id, id), defaultTaxRate });
  const parsed = await schema.safeParseAsync(body);
  if (!parsed.success) return invalidPayload(parsed.error);
  return json(toApiRecurringInvoice(await createRecurringInvoice(user.id, parsed.data)), { status: 201 });
}
