import { parseForm } from "~/lib/form-parse";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerEditor } from "~/components/customer-editor";
import { buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { customerSchema } from "~/lib/customer-schema";
import { getCustomer, updateCustomer } from "~/models/customer.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const customer = await getCustomer(user.accountId, params.customerId ?? "");
  if (!customer) throw new Response("Not Found", { status: 404 });
  return { customer };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const submission = parseForm(await readForm(request), { schema: customerSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const customer = await updateCustomer(user.accountId, params.customerId ?? "", submission.value);
  if (!customer) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(`/app/customers${new URL(request.url).search}`, {
    title: "customers.updated",
    description: "customers.updatedBody",
    values: { name: customer.name },
  });
}

export default function EditCustomer() {
  const { t } = useTranslation();
  const { customer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const closeTo = `/app/customers${search}`;
  return (
    <RouteDialog title={t("customers.editTitle")} closeTo={closeTo}>
      {/* The customer's own page (their hub): copy or send its link. */}
      <p className="mb-4">
        <Link
          to={`/app/customers/${customer.id}/hub${search}`}
          className={buttonClass("secondary")}
          aria-label={t("hub.app.openAria", { name: customer.name })}
        >
          {t("hub.app.open")}
        </Link>
      </p>
      <CustomerEditor customer={customer} lastResult={actionData?.result} cancelTo={closeTo} />
    </RouteDialog>
  );
}
