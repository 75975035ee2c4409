import type { LoaderFunctionArgs } from "@remix-run/node";
import { format } from "date-fns";
import { exportPriceItemsCsv } from "~/models/price-item.server";
import { requireUser } from "~/services/session.server";
import { now as clockNow } from "~/lib/clock";

/** GET /app/price-book/export.csv: the account's whole price book, streamed, in the columns the import reads. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const chunks = exportPriceItemsCsv(user.id);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="price-book-${format(clockNow(), "yyyy-MM-dd")}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
