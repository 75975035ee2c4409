import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActivityDialog } from "~/components/activity-timeline";
import { buttonClass } from "~/components/ui/button";
import { activityDialogData } from "~/models/activity.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

/** The invoice's history: created, sent, viewed, payments, reminders (docs/decisions/020). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const data = await activityDialogData(user.accountId, "invoice", params.invoiceId ?? "");
  if (!data) throw new Response("Not Found", { status: 404 });
  return data;
}

export default function InvoiceActivity() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ActivityDialog
      data={data}
      closeTo={`/app/invoices${search}`}
      footer={
        <Link to={`/app/invoices/${data.activity.id}/payments${search}`} className={buttonClass("secondary")} preventScrollReset>
          {t("invoices.payments.title")}
        </Link>
      }
    />
  );
}
