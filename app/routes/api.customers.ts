import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerApiSchema } from "~/lib/customer-schema";
import { readListParams } from "~/lib/list-params";
import { CUSTOMER_SORTS } from "~/lib/customer-schema";
import { createCustomer, listCustomers } from "~/models/customer.server";
import { invalidPayload, json, methodNotAllowed, readJsonObject, requireApiUser } from "~/services/api.server";

const MAX_PAGE_SIZE = 1000;

/**
 * GET /api/customers: the account's customers by name, searchable with ?q=. Pages of
 * ?pageSize= (at most 1000, default all up to that) with ?page=; X-Total-Count has the total.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const params = readListParams(url, CUSTOMER_SORTS, "name");
  const requested = Number(url.searchParams.get("pageSize"));
  const pageSize = Number.isSafeInteger(requested) && requested > 0 ? Math.min(requested, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
  const list = await listCustomers(user.id, { ...params, pageSize });
  return json(list.items, { headers: { "X-Total-Count": String(list.total) } });
}

/** POST /api/customers */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET or POST");
  const user = await requireApiUser(request);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const parsed = customerApiSchema.safeParse(body);
  if (!parsed.success) return invalidPayload(parsed.error);
  return json(await createCustomer(user.id, parsed.data), { status: 201 });
}
