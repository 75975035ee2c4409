// The photos a customer sees on an estimate or an invoice (docs/product/files.md): those
// marked "Show to customer", at most six, in their order: as addresses under the customer's
// link for the page, and as the display copies' bytes for the PDF; and those of all of a
// customer's work for their hub.
import { and, desc, eq, inArray, ne, or } from "drizzle-orm";
import { appointments, estimates, files, invoices, jobs } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
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

/** How many of a customer's photos their hub shows. */
export const HUB_PHOTOS_MAX = 12;

/**
 * The photos marked for the customer on their jobs, estimates, invoices and visits, newest first,
 * at most HUB_PHOTOS_MAX, with addresses under their hub's link (`/c/{token}`).
 */
export async function customerHubPhotos(accountId: string, customerId: string, token: string): Promise<DocumentPhoto[]> {
  const db = await getDb();
  const theirs = (table: typeof jobs | typeof estimates | typeof invoices | typeof appointments) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.customerId, customerId), eq(table.accountId, accountId)));
  const rows = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.accountId, accountId),
        eq(files.showToCustomer, true),
        ne(files.kind, "pdf"),
        or(
          inArray(files.jobId, theirs(jobs)),
          inArray(files.estimateId, theirs(estimates)),
          inArray(files.invoiceId, theirs(invoices)),
          inArray(files.appointmentId, theirs(appointments)),
        ),
      ),
    )
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(HUB_PHOTOS_MAX)
    .all();
  // A grid of thumbnails, each opening the photo's display copy.
  const base = `/c/${token}`;
  return rows.map((photo) => ({
    id: photo.id,
    caption: photo.caption,
    width: photo.width,
    height: photo.height,
    displayUrl: `${base}/files/${photo.id}/thumbnail`,
    fullUrl: `${base}/files/${photo.id}/display`,
  }));
}
