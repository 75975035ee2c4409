import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { invoiceStatusSchema } from "~/lib/invoice-schema";
import { apiInvoice, deleteInvoice, getInvoiceWithItems, updateInvoiceStatus } from "~/models/invoice.server";
import { invalidPayload, json, methodNotAllowed, notFound, readJsonObject, requireApiUser } from "~/services/api.server";

/** GET /api/invoices/{id} */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const invoice = await getInvoiceWithItems(user.id, params.id ?? "");
  return invoice ? json(await apiInvoice(user.id, invoice)) : notFound();
}

/**
 * PUT /api/invoices/{id} with `{ status }` only (paid records the paid date) and DELETE;
 * another account's id is 404, as if it did not exist.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "PUT") {
    const body = await readJsonObject(request);
    if (body instanceof Response) return body;
    const parsed = invoiceStatusSchema.safeParse(body);
    if (!parsed.success) return invalidPayload(parsed.error);
    const updated = await updateInvoiceStatus(user.id, id, parsed.data.status);
    if (!updated) return notFound();
    const invoice = await getInvoiceWithItems(user.id, id);
    return invoice ? json(await apiInvoice(user.id, invoice)) : notFound();
  }
  if (request.method === "DELETE") {
    const invoice = await deleteInvoice(user.id, id);
    return invoice ? json({ message: "Invoice deleted" }) : notFound();
  }
  return methodNotAllowed("GET, PUT or DELETE");
}
