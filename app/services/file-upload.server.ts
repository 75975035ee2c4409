// The one way a page or the API takes photos and files in (docs/product/files.md): the
// multipart body read as a stream (app/infrastructure/upload.server.ts), its refusals turned
// into the files.* messages, the files added to their record (app/models/file.server.ts), and
// the temporary files always deleted. Pages show the message in the member's language; the
// API answers it in English.
import { readUpload, UPLOAD_LIMITS, uploadErrorStatus, type UploadError } from "~/infrastructure/upload.server";
import { translate } from "~/infrastructure/i18n";
import { addFiles, type AddFilesOptions, type FileOwner, type FileRefusal, type FileRow } from "~/models/file.server";

const MB = 1024 * 1024;

/** A refused upload as a files.* message. */
export function uploadRefusal(error: UploadError): FileRefusal {
  const status = uploadErrorStatus(error);
  if (error.error === "too-large" && error.what === "file") {
    return { ok: false, status, message: "files.tooLarge", values: { limit: Math.round(error.limit / MB) } };
  }
  if (error.error === "too-many" && error.what === "files") {
    return { ok: false, status, message: "files.tooMany", values: { limit: error.limit } };
  }
  return { ok: false, status, message: "files.uploadFailed", values: {} };
}

/** A refusal's message in a language ("en" for the API). */
export const refusalText = (refusal: FileRefusal, locale: string) =>
  translate(locale, refusal.message, Object.fromEntries(Object.entries(refusal.values).map(([k, v]) => [k, String(v)])));

export type ReceivedFiles = { ok: true; files: FileRow[]; fields: FormData } | (FileRefusal & { fields?: FormData });

/**
 * Reads a request's files (field `file`, repeated; other file fields are ignored) and its text
 * fields, and adds the files to `owner` unless `prepare` (given the text fields) answers a
 * refusal or changes the options (the caption and "show to customer" sent with them).
 */
export async function receiveFiles(
  request: Request,
  accountId: string,
  owner: FileOwner,
  options: AddFilesOptions & { maxFiles?: number } = {},
  prepare?: (fields: FormData) => AddFilesOptions | FileRefusal,
): Promise<ReceivedFiles> {
  const upload = await readUpload(request, { limits: { files: options.maxFiles ?? UPLOAD_LIMITS.files } });
  if (!upload.ok) return uploadRefusal(upload);
  try {
    const more = prepare ? prepare(upload.fields) : {};
    if ("ok" in more) return { ...more, fields: upload.fields };
    const chosen = upload.files.filter((file) => file.field === "file");
    const result = await addFiles(accountId, owner, chosen, { ...options, ...more });
    return result.ok ? { ok: true, files: result.files, fields: upload.fields } : { ...result, fields: upload.fields };
  } finally {
    await upload.cleanup();
  }
}
