import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PriceItemEditor } from "~/components/price-item-editor";
import { RouteDialog } from "~/components/ui/route-dialog";
import { parseForm } from "~/lib/form-parse";
import { priceItemFormSchema } from "~/lib/price-item-schema";
import { createPriceItem, priceItemCategories } from "~/models/price-item.server";
import { readForm } from "~/infrastructure/form.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  return { categories: await priceItemCategories(user.accountId) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const submission = parseForm(await readForm(request), { schema: priceItemFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const item = await createPriceItem(user.accountId, submission.value);
  return redirectWithToast(`/app/price-book${new URL(request.url).search}`, {
    title: "priceBook.created",
    description: "priceBook.createdBody",
    values: { name: item.name },
  });
}

export default function NewPriceItem() {
  const { t } = useTranslation();
  const { categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/price-book${useLocation().search}`;
  return (
    <RouteDialog title={t("priceBook.newTitle")} closeTo={closeTo}>
      <PriceItemEditor categories={categories} lastResult={actionData?.result} cancelTo={closeTo} />
    </RouteDialog>
  );
}
