import type { LoaderFunctionArgs } from "@remix-run/node";
import { findInvoiceShareLink } from "~/models/invoice-share.server";
import { serveCustomerFile } from "~/services/file-serving.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts): the invoice's link; only photos on it marked for the customer. */
export const access = "public" satisfies RouteAccess;

/** GET /i/{token}/files/{id}/{display|thumbnail|full}. */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findInvoiceShareLink(params.token ?? "");
  const scope = link ? { kind: "invoice" as const, accountId: link.accountId, invoiceId: link.invoiceId } : undefined;
  return serveCustomerFile(scope, params.fileId ?? "", params.variant ?? "");
}
