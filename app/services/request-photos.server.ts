// A customer's photos with a work request (docs/product/files.md, "Photos with a work request"):
// the public request page and the hub's Request work form post a multipart body when photos are
// chosen (up to 5, photos only), a URL-encoded one otherwise. The photos are checked before the
// request is recorded, so a refused photo refuses the whole request and nothing is written.
import { readForm } from "~/infrastructure/form.server";
import { readUpload, type UploadedFile } from "~/infrastructure/upload.server";
import { checkFileKind } from "~/lib/file-kind";
import { addFiles, REQUEST_PHOTOS_MAX, type FileRefusal } from "~/models/file.server";
import { deleteWorkRequest } from "~/models/work-request.server";
import { uploadRefusal } from "./file-upload.server";

const PHOTO_KINDS = "JPEG, PNG, WebP, HEIC";

export type RequestForm =
  | { ok: true; fields: FormData; photos: UploadedFile[]; cleanup: () => Promise<void> }
  | { ok: false; refusal: FileRefusal; fields: FormData };

/**
 * The form's text fields and its photos, checked (kind and number); call cleanup() once done.
 * A refusal keeps the text fields read before it (those above the photo input), so the page
 * can give back what the customer typed.
 */
export async function readRequestForm(request: Request): Promise<RequestForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    return { ok: true, fields: await readForm(request), photos: [], cleanup: async () => {} };
  }
  const upload = await readUpload(request, { limits: { files: REQUEST_PHOTOS_MAX } });
  if (!upload.ok) {
    if (upload.error === "too-many" && upload.what === "files") {
      return {
        ok: false,
        refusal: { ok: false, status: 413, message: "files.requestTooMany", values: { limit: REQUEST_PHOTOS_MAX } },
        fields: upload.fields,
      };
    }
    return { ok: false, refusal: uploadRefusal(upload), fields: upload.fields };
  }
  const photos = upload.files.filter((file) => file.field === "file");
  for (const photo of photos) {
    const check = checkFileKind(photo.head);
    if (!check.ok || !check.type.image) {
      await upload.cleanup();
      return {
        ok: false,
        refusal: { ok: false, status: 415, message: "files.onlyPhotos", values: { kinds: PHOTO_KINDS } },
        fields: upload.fields,
      };
    }
  }
  return { ok: true, fields: upload.fields, photos, cleanup: upload.cleanup };
}

/**
 * Adds the photos to the request just recorded. If they cannot be kept after all (a photo that
 * does not decode, the account's room), the request is deleted again and the refusal answered.
 */
export async function attachRequestPhotos(
  accountId: string,
  workRequestId: string,
  photos: UploadedFile[],
): Promise<FileRefusal | null> {
  if (photos.length === 0) return null;
  const added = await addFiles(accountId, { kind: "workRequest", id: workRequestId }, photos, {
    photosOnly: true,
    maxOnOwner: REQUEST_PHOTOS_MAX,
    createdBy: null,
  }).catch(async (error: unknown) => {
    await deleteWorkRequest(accountId, workRequestId);
    throw error;
  });
  if (added.ok) return null;
  await deleteWorkRequest(accountId, workRequestId);
  return added;
}
