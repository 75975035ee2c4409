import type { LoaderFunctionArgs } from "@remix-run/node";
import { PrintDocumentPage, printMeta } from "~/components/document-view";
import { printableDocument } from "~/models/document.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

// A page of its own (app_ leaves the app shell out): the invoice list opens it in a new tab.
export const meta = printMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return printableDocument((await requireUser(request, access)).accountId, "invoice", params.invoiceId);
}

export default PrintDocumentPage;
