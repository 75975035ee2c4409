import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerApiSchema } from "~/lib/customer-schema";
import { readListParams } from "~/lib/list-params";
import { CUSTOMER_SORTS } from "~/lib/customer-schema";
import { createCustomer, listCustomers } from "~/models/customer.server";
import {
  invalidPayload,
  json,
  methodNotAllowed,
  readJsonObject,
  requireApiUser,
  jsonPage,
  readApiPage,
} from "~/services/api.server";

/**
 * GET /api/customers: the account's customers by name, searchable with ?q=. Pages of
 * ?pageSize= (default 50, at most 1000) with ?page=; X-Total-Count has the total and Link the next and previous pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const params = readListParams(url, CUSTOMER_SORTS, "name");
  const { pageSize } = readApiPage(url);
  const list = await listCustomers(user.id, { ...params, pageSize });
  return jsonPage(list.items, { total: list.total, page: params.page, pageSize, url });
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
