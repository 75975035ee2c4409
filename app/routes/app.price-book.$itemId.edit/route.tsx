import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PriceItemEditor } from "~/components/price-item-editor";
import { RouteDialog } from "~/components/ui/route-dialog";
import { parseForm } from "~/lib/form-parse";
import { priceItemFormSchema } from "~/lib/price-item-schema";
import { getPriceItem, priceItemCategories, updatePriceItem } from "~/models/price-item.server";
import { readForm } from "~/infrastructure/form.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [item, categories] = await Promise.all([
    getPriceItem(user.accountId, params.itemId ?? ""),
    priceItemCategories(user.accountId),
  ]);
  if (!item) throw new Response("Not Found", { status: 404 });
  return { item, categories };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const submission = parseForm(await readForm(request), { schema: priceItemFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const item = await updatePriceItem(user.accountId, params.itemId ?? "", submission.value);
  if (!item) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(`/app/price-book${new URL(request.url).search}`, {
    title: "priceBook.updated",
    description: "priceBook.updatedBody",
    values: { name: item.name },
  });
}

export default function EditPriceItem() {
  const { t } = useTranslation();
  const { item, categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/price-book${useLocation().search}`;
  return (
    <RouteDialog title={t("priceBook.editTitle")} closeTo={closeTo}>
      <PriceItemEditor item={item} categories={categories} lastResult={actionData?.result} cancelTo={closeTo} />
    </RouteDialog>
  );
}
