import type { LoaderFunctionArgs } from "@remix-run/node";
import { PrintDocumentPage, printMeta } from "~/components/document-view";
import { printableDocument } from "~/models/document.server";
import { requireUser } from "~/infrastructure/session.server";

// A page of its own (app_ leaves the app shell out): the invoice list opens it in a new tab.
export const meta = printMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return printableDocument((await requireUser(request)).id, "invoice", params.invoiceId);
}

export default PrintDocumentPage;
