import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField } from "~/components/ui/forms";
import { RouteDialog } from "~/components/ui/route-dialog";
import { AI_JOB_TYPES, parseJobType } from "~/lib/ai-result";
import { catalogPriceItems } from "~/lib/price-catalog";
import { addCatalogItems } from "~/models/price-item.server";
import { getSettings } from "~/models/settings.server";
import { readForm } from "~/infrastructure/form.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { isPosting } from "~/components/ui/submission";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, access);
  return null;
}

/** Adds the chosen trade's catalog items (in the account's language) to the price book. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const form = await readForm(request);
  const trade = parseJobType(form.get("trade")) ?? "general";
  const settings = await getSettings(user.accountId);
  const added = await addCatalogItems(user.accountId, catalogPriceItems(trade, settings.appLanguage));
  return redirectWithToast(`/app/price-book${new URL(request.url).search}`, {
    title: "priceBook.catalog.added",
    description: "priceBook.catalog.addedBody",
    values: { count: String(added) },
  });
}

export default function PriceBookCatalog() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const closeTo = `/app/price-book${useLocation().search}`;
  return (
    <RouteDialog title={t("priceBook.catalog.title")} closeTo={closeTo}>
      <Form method="post" className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("priceBook.catalog.hint")}</p>
        <SelectField label={t("priceBook.catalog.trade")} selectProps={{ name: "trade", defaultValue: "general" }}>
          {AI_JOB_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`assistant.jobTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass("secondary")}>
            {t("list.cancel")}
          </Link>
          <Button disabled={isPosting(navigation)}>{t("priceBook.catalog.submit")}</Button>
        </div>
      </Form>
    </RouteDialog>
  );
}
