import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { CsvImportDialog } from "~/components/csv-import-dialog";
import { importCustomersCsv } from "~/models/customer.server";
import { csvImportAnswer } from "~/services/csv.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  return csvImportAnswer(request, (bytes) => importCustomersCsv(user.accountId, bytes));
}

export default function ImportCustomers() {
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/customers${useLocation().search}`;
  return (
    <CsvImportDialog title="customers.import.title" help="customers.import.help" closeTo={closeTo} report={actionData?.report} />
  );
}
