// The photos a customer's hub shows (docs/product/files.md): those marked "Show to customer" on
// the customer's jobs, estimates, invoices and visits, scoped to the hub's account and customer.
import { and, desc, eq, inArray, ne, or } from "drizzle-orm";
import { appointments, estimates, files, invoices, jobs } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import type { DocumentPhoto } from "~/lib/invoice-document";

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
