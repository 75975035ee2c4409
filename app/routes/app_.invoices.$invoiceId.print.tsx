import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PrintableDocument } from "~/components/document-view";
import { loadInvoiceDocument } from "~/models/document.server";
import { requireUser } from "~/services/session.server";

// A page of its own (app_ leaves the app shell out): the invoice list opens it in a new tab.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.document.number} | TradeDesk` : "TradeDesk" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const loaded = await loadInvoiceDocument(user.id, params.invoiceId ?? "");
  if (!loaded) throw new Response("Not Found", { status: 404 });
  return { document: loaded.document, logoUrl: loaded.logoUrl };
}

export default function PrintInvoice() {
  const { t } = useTranslation();
  const { document, logoUrl } = useLoaderData<typeof loader>();
  return (
    <PrintableDocument
      document={document}
      logoUrl={logoUrl}
      pdfHref={`/app/invoices/${document.id}/pdf`}
      backTo="/app/invoices"
      backLabel={t("invoices.backToInvoices")}
    />
  );
}
