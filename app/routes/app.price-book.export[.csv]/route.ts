import type { LoaderFunctionArgs } from "@remix-run/node";
import { format } from "date-fns";
import { now as clockNow } from "~/lib/clock";
import { exportPriceItemsCsv } from "~/models/price-item.server";
import { csvDownload } from "~/services/csv.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "price-book" satisfies RouteAccess;

/** GET /app/price-book/export.csv: the account's whole price book, streamed, in the columns the import reads. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  return csvDownload(exportPriceItemsCsv(user.accountId), `price-book-${format(clockNow(), "yyyy-MM-dd")}.csv`);
}
