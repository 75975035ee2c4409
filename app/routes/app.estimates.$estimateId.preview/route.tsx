import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DocumentActions, DocumentView } from "~/components/document-view";
import { EstimateActions } from "~/components/estimate-actions";
import { useShareToast } from "~/components/share-link-button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { loadEstimateDocument } from "~/models/document.server";
import { documentPhotos } from "~/models/document-photos.server";
import { fileCounts } from "~/models/file.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const loaded = await loadEstimateDocument(user.accountId, params.estimateId ?? "");
  if (!loaded) throw new Response("Not Found", { status: 404 });
  // The photos the customer sees on their page and in the PDF, from the member's addresses.
  const photos = await documentPhotos(user.accountId, { kind: "estimate", id: loaded.document.id }, "");
  // How many photos and files it has, for its Photos & files link.
  const fileCount = (await fileCounts(user.accountId, "estimate", [loaded.document.id])).get(loaded.document.id) ?? 0;
  return { document: { ...loaded.document, photos }, logoUrl: loaded.logoUrl, fileCount };
}

/**
 * The estimate's page over the estimates list (a row's one link opens it): what can be done
 * to it, then the printable estimate; printing it prints the document alone.
 */
export default function EstimatePreview() {
  const { t } = useTranslation();
  const { document, logoUrl, fileCount } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const shareToast = useShareToast();
  const estimate = {
    id: document.id,
    number: document.number,
    status: document.status,
    canSend: Boolean(document.customer.email?.trim()),
    fileCount,
  };
  return (
    <RouteDialog title={`${t("invoices.previewTitle")}: ${document.number}`} closeTo={`/app/estimates${search}`} size="lg">
      <EstimateActions estimate={estimate} search={search} onToast={shareToast.onToast} />
      {shareToast.view}
      <DocumentActions pdfHref={`/app/estimates/${document.id}/pdf`} printPage={`/app/estimates/${document.id}/print`} />
      <div className="mt-4 overflow-hidden rounded-lg ring-1 ring-slate-200 dark:ring-slate-700">
        <DocumentView document={document} logoUrl={logoUrl} />
      </div>
    </RouteDialog>
  );
}
