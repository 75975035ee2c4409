import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { CsvImportDialog } from "~/components/csv-import-dialog";
import { importCustomersCsv, type ImportReport } from "~/models/customer.server";
import { readCsvUpload } from "~/services/form.server";
import { requireUser } from "~/services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const file = await readCsvUpload(request);
  if ("error" in file)
    return data({ report: { imported: [], rejected: [], error: file.error } as ImportReport }, { status: 400 });
  const report = await importCustomersCsv(user.id, file.bytes);
  return data({ report }, { status: report.error ? 400 : 200 });
}

export default function ImportCustomers() {
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/customers${useLocation().search}`;
  return (
    <CsvImportDialog title="customers.import.title" help="customers.import.help" closeTo={closeTo} report={actionData?.report} />
  );
}
