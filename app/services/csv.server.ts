// CSV files in and out of the lists (customers, the price book, the report): one answer for a
// download and one for an import form, so each route says only what goes in the file.
import { data } from "@remix-run/node";
import { readCsvUpload } from "~/infrastructure/form.server";

/** A CSV download named `filename`: the text, or chunks streamed as the model yields them. */
export function csvDownload(body: string | AsyncIterator<string>, filename: string): Response {
  const encoder = new TextEncoder();
  const stream =
    typeof body === "string"
      ? body
      : new ReadableStream<Uint8Array>({
          async pull(controller) {
            const next = await body.next();
            if (next.done) controller.close();
            else controller.enqueue(encoder.encode(next.value));
          },
        });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

type ImportReport = { imported: unknown[]; rejected: unknown[]; error?: string };

/**
 * An import form's answer: the uploaded file handed to the model's import, and its report
 * line by line; 400 when the file is missing, too large or unreadable (nothing imported).
 */
export async function csvImportAnswer<R extends ImportReport>(request: Request, importCsv: (bytes: Uint8Array) => Promise<R>) {
  const file = await readCsvUpload(request);
  if ("error" in file)
    return data({ report: { imported: [], rejected: [], error: file.error } as ImportReport as R }, { status: 400 });
  const report = await importCsv(file.bytes);
  return data({ report }, { status: report.error ? 400 : 200 });
}
