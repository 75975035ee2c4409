import { parseForm } from "~/lib/form-parse";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerEditor } from "~/components/customer-editor";
import { RouteDialog } from "~/components/ui/route-dialog";
import { customerSchema } from "~/lib/customer-schema";
import { createCustomer } from "~/models/customer.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const submission = parseForm(await readForm(request), { schema: customerSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const customer = await createCustomer(user.accountId, submission.value);
  return redirectWithToast(`/app/customers${new URL(request.url).search}`, {
    title: "customers.created",
    description: "customers.createdBody",
    values: { name: customer.name },
  });
}

export default function NewCustomer() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/customers${useLocation().search}`;
  return (
    <RouteDialog title={t("customers.newTitle")} closeTo={closeTo}>
      <CustomerEditor lastResult={actionData?.result} cancelTo={closeTo} />
    </RouteDialog>
  );
}
