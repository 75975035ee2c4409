import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PrintableDocument } from "~/components/document-view";
import { loadEstimateDocument } from "~/models/document.server";
import { requireUser } from "~/services/session.server";

// A page of its own (app_ leaves the app shell out): the preview's Print links here without JavaScript.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.document.number} | TradeDesk` : "TradeDesk" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const loaded = await loadEstimateDocument(user.id, params.estimateId ?? "");
  if (!loaded) throw new Response("Not Found", { status: 404 });
  return { document: loaded.document, logoUrl: loaded.logoUrl };
}

export default function PrintEstimate() {
  const { t } = useTranslation();
  const { document, logoUrl } = useLoaderData<typeof loader>();
  return (
    <PrintableDocument
      document={document}
      logoUrl={logoUrl}
      pdfHref={`/app/estimates/${document.id}/pdf`}
      backTo="/app/estimates"
      backLabel={t("invoices.backToEstimates")}
    />
  );
}
