import type { ActionFunctionArgs } from "@remix-run/node";
import { getOrCreateInvoiceShareLink, invoiceShareUrl, revokeInvoiceShareLink } from "~/models/invoice-share.server";
import { appOrigin } from "~/models/share.server";
import { json, methodNotAllowed, notFound, requireApiUser } from "~/services/api.server";

export async function loader() {
  return methodNotAllowed("POST or DELETE");
}

/**
 * POST /api/invoices/{id}/share: the invoice's link for the customer, created on the first
 * call and the same afterwards: `{ invoiceNumber, shareableLink }`, an absolute URL (from
 * APP_URL). DELETE revokes it: the old address answers 404 from then on.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    return (await revokeInvoiceShareLink(user.id, id)) ? json({ message: "Share link revoked" }) : notFound();
  }
  if (request.method !== "POST") return methodNotAllowed("POST or DELETE");
  const shared = await getOrCreateInvoiceShareLink(user.id, id);
  if (!shared) return notFound();
  return json({ invoiceNumber: shared.invoiceNumber, shareableLink: invoiceShareUrl(appOrigin(request), shared.link.token) });
}
