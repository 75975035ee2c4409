import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerApiSchema } from "~/lib/customer-schema";
import { deleteCustomer, getCustomer, updateCustomer } from "~/models/customer.server";
import {
  apiError,
  invalidPayload,
  json,
  methodNotAllowed,
  notFound,
  readJsonObject,
  requireApiUser,
} from "~/services/api.server";

/** GET /api/customers/{id} */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const customer = await getCustomer(user.id, params.id ?? "");
  return customer ? json(customer) : notFound();
}

/** PUT and DELETE /api/customers/{id}; another account's id is 404, as if it did not exist. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "PUT") {
    const body = await readJsonObject(request);
    if (body instanceof Response) return body;
    const parsed = customerApiSchema.safeParse(body);
    if (!parsed.success) return invalidPayload(parsed.error);
    const customer = await updateCustomer(user.id, id, parsed.data);
    return customer ? json(customer) : notFound();
  }
  if (request.method === "DELETE") {
    const result = await deleteCustomer(user.id, id);
    if (result.status === "not-found") return notFound();
    if (result.status === "attached") {
      const attached = Object.entries(result.attachments)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${n} ${n === 1 ? kind.slice(0, -1) : kind}`)
        .join(", ");
      return apiError(409, `This customer has ${attached}; delete or reassign them first.`);
    }
    return json({ message: "Customer deleted" });
  }
  return methodNotAllowed("GET, PUT or DELETE");
}
