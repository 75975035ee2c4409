import type { LoaderFunctionArgs } from "@remix-run/node";
import { format } from "date-fns";
import { now as clockNow } from "~/lib/clock";
import { exportCustomersCsv } from "~/models/customer.server";
import { csvDownload } from "~/services/csv.server";
import { requireUser } from "~/infrastructure/session.server";

/** GET /app/customers/export.csv: the account's whole customer list, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return csvDownload(exportCustomersCsv(user.id), `customers-${format(clockNow(), "yyyy-MM-dd")}.csv`);
}
