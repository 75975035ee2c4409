import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";

/**
 * The request's form. A body that cannot be read as a form (a broken multipart boundary, a
 * truncated upload, a body cut off at its size limit) is the sender's mistake: 400 with a
 * clear message, never a 500 (docs/security.md, "Request bodies").
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read: it is incomplete or malformed. Send it again from the page.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

const MAX_CSV_BYTES = 2 * 1024 * 1024;

/**
 * The `file` of an import form (multipart, at most 2 MB) as bytes, or the dictionary key of
 * what is wrong with it (too large, missing, unreadable).
 */
export async function readCsvUpload(request: Request): Promise<{ bytes: Uint8Array } | { error: string }> {
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_CSV_BYTES }));
  } catch (error) {
    return { error: error instanceof MaxPartSizeExceededError ? "customers.import.tooLarge" : "customers.import.noFile" };
  }
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) return { error: "customers.import.noFile" };
  return { bytes: new Uint8Array(await file.arrayBuffer()) };
}
