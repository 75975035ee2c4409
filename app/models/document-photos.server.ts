// The photos a customer sees on an estimate or an invoice (docs/product/files.md): those
// marked "Show to customer", at most six, in their order: as addresses under the customer's
// link for the page, and as the display copies' bytes for the PDF. Their hub's photos:
// customer-photos.server.ts.
import { readFileCopy, customerPhotos, CUSTOMER_PHOTOS_MAX } from "./file.server";
import { readStoredFile } from "~/infrastructure/file-store.server";
import type { DocumentPhoto } from "~/lib/invoice-document";

type DocumentOwner = { kind: "estimate" | "invoice"; id: string };

/** The photos with their addresses under `base` (`/e/{token}`, `/i/{token}`, or "" for a member). */
export async function documentPhotos(accountId: string, owner: DocumentOwner, base: string): Promise<DocumentPhoto[]> {
  const photos = await customerPhotos(accountId, owner, CUSTOMER_PHOTOS_MAX);
  return photos.map((photo) => ({
    id: photo.id,
    caption: photo.caption,
    width: photo.width,
    height: photo.height,
    displayUrl: `${base}/files/${photo.id}/display`,
    fullUrl: `${base}/files/${photo.id}/full`,
  }));
}

/** A photo for the PDF: the display copy's JPEG bytes. */
export interface PdfPhoto {
  data: Buffer;
  caption: string | null;
  width: number;
  height: number;
}

/** The photos' display copies for the PDF; a copy missing from the store is left out. */
export async function pdfPhotos(accountId: string, owner: DocumentOwner): Promise<PdfPhoto[]> {
  const photos = await customerPhotos(accountId, owner, CUSTOMER_PHOTOS_MAX);
  const read: PdfPhoto[] = [];
  for (const photo of photos) {
    const stored = await readFileCopy(accountId, photo, "display");
    if (!stored) continue;
    read.push({ data: await readStoredFile(stored), caption: photo.caption, width: photo.width ?? 1, height: photo.height ?? 1 });
  }
  return read;
}
