import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { CsvImportDialog } from "~/components/csv-import-dialog";
import { importPriceItemsCsv } from "~/models/price-item.server";
import { csvImportAnswer } from "~/services/csv.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  return csvImportAnswer(request, (bytes) => importPriceItemsCsv(user.accountId, bytes));
}

export default function ImportPriceItems() {
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/price-book${useLocation().search}`;
  return (
    <CsvImportDialog title="priceBook.import.title" help="priceBook.import.hint" closeTo={closeTo} report={actionData?.report} />
  );
}
