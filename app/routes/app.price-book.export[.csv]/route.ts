import type { LoaderFunctionArgs } from "@remix-run/node";
import { format } from "date-fns";
import { now as clockNow } from "~/lib/clock";
import { exportPriceItemsCsv } from "~/models/price-item.server";
import { csvDownload } from "~/services/csv.server";
import { requireUser } from "~/infrastructure/session.server";

/** GET /app/price-book/export.csv: the account's whole price book, streamed, in the columns the import reads. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return csvDownload(exportPriceItemsCsv(user.id), `price-book-${format(clockNow(), "yyyy-MM-dd")}.csv`);
}
