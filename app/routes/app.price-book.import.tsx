import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { CsvImportDialog } from "~/components/csv-import-dialog";
import { importPriceItemsCsv, type PriceImportReport } from "~/models/price-item.server";
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
    return data({ report: { imported: [], rejected: [], error: file.error } as PriceImportReport }, { status: 400 });
  const report = await importPriceItemsCsv(user.id, file.bytes);
  return data({ report }, { status: report.error ? 400 : 200 });
}

export default function ImportPriceItems() {
  const actionData = useActionData<typeof action>();
  const closeTo = `/app/price-book${useLocation().search}`;
  return (
    <CsvImportDialog title="priceBook.import.title" help="priceBook.import.hint" closeTo={closeTo} report={actionData?.report} />
  );
}
