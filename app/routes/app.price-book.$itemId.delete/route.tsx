import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteConfirmForm } from "~/components/ui/delete-confirm";
import { RouteDialog } from "~/components/ui/route-dialog";
import { deletePriceItem, getPriceItem } from "~/models/price-item.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const item = await getPriceItem(user.accountId, params.itemId ?? "");
  if (!item) throw new Response("Not Found", { status: 404 });
  return { item: { id: item.id, name: item.name } };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST deletes. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const item = await deletePriceItem(user.accountId, params.itemId ?? "");
  if (!item) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(`/app/price-book${new URL(request.url).search}`, {
    title: "priceBook.deleted",
    description: "priceBook.deletedBody",
    values: { name: item.name },
  });
}

export default function DeletePriceItem() {
  const { t } = useTranslation();
  const { item } = useLoaderData<typeof loader>();
  const closeTo = `/app/price-book${useLocation().search}`;
  return (
    <RouteDialog title={t("priceBook.deleteTitle")} closeTo={closeTo}>
      <p>{t("priceBook.deleteConfirm", { name: item.name })}</p>
      <DeleteConfirmForm closeTo={closeTo} />
    </RouteDialog>
  );
}
