// The hub's photos (docs/product/files.md): those marked "Show to customer" on the customer's
// jobs, estimates, invoices and visits, newest first, at most twelve, as thumbnails under the
// hub's link opening the display copy; never another customer's nor an unmarked one. And the
// hub's Request work form with photos: two kept, six refused with nothing written.
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createAppointment, createEstimate, createInvoice, createJob } from "#db/factories";
import { files, workRequests } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { getOrCreateHub } from "~/models/customer-hub.server";
import { HUB_PHOTOS_MAX } from "~/models/customer-photos.server";
import { addFiles, listFiles, type FileOwner } from "~/models/file.server";
import { action, loader } from "./route";
import { signedInAccount } from "../../../test/accounts";
import { runRoute } from "../../../test/route";

const jpeg = (colour = "#336699") =>
  sharp({ create: { width: 160, height: 120, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function photo(accountId: string, owner: FileOwner, caption: string, showToCustomer = true) {
  const bytes = await jpeg();
  const where = path.join(os.tmpdir(), `hub-photo-${crypto.randomUUID()}.jpg`);
  await writeFile(where, bytes);
  const upload = { field: "file", filename: `${caption}.jpg`, claimedType: "image/jpeg", size: bytes.length, path: where };
  const added = await addFiles(accountId, owner, [{ ...upload, head: new Uint8Array(bytes.subarray(0, 64)) }], {
    createdBy: accountId,
    caption,
    showToCustomer,
  });
  if (!added.ok) throw new Error(`photo refused: ${added.message}`);
  return added.files[0];
}

type HubPhoto = { id: string; caption: string | null; displayUrl: string; fullUrl: string };

describe("the hub's photos", () => {
  it("lists the customer's marked photos of their jobs, estimates, invoices and visits, newest first, and no other's", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const estimate = await createEstimate(db, user.id);
    const customerId = estimate.customerId;
    const job = await createJob(db, user.id, { customerId });
    const invoice = await createInvoice(db, user.id, { customerId });
    const visit = await createAppointment(db, user.id, { customerId });
    const onEstimate = await photo(user.id, { kind: "estimate", id: estimate.id }, "Estimate photo");
    const onJob = await photo(user.id, { kind: "job", id: job.id }, "Job photo");
    const onInvoice = await photo(user.id, { kind: "invoice", id: invoice.id }, "Invoice photo");
    const onVisit = await photo(user.id, { kind: "appointment", id: visit.id }, "Visit photo");
    await photo(user.id, { kind: "job", id: job.id }, "Private job photo", false);
    const stranger = await createEstimate(db, user.id);
    await photo(user.id, { kind: "estimate", id: stranger.id }, "Stranger photo");

    const token = (await getOrCreateHub(user.id, customerId))!.token;
    const page = await runRoute(loader, `/c/${token}`, { params: { token } });
    expect(page.status).toBe(200);
    const photos = (page.data as { photos: HubPhoto[] }).photos;
    expect(photos.map((shown) => shown.id)).toEqual([onVisit.id, onInvoice.id, onJob.id, onEstimate.id]);
    expect(photos[0]).toMatchObject({
      caption: "Visit photo",
      displayUrl: `/c/${token}/files/${onVisit.id}/thumbnail`,
      fullUrl: `/c/${token}/files/${onVisit.id}/display`,
    });

    // At most twelve, the newest.
    const more = [];
    for (let i = 0; i < HUB_PHOTOS_MAX; i++) more.push(await photo(user.id, { kind: "job", id: job.id }, `Later ${i}`));
    const full = (await runRoute(loader, `/c/${token}`, { params: { token } })).data as { photos: HubPhoto[] };
    expect(full.photos).toHaveLength(HUB_PHOTOS_MAX);
    expect(full.photos[0].id).toBe(more[HUB_PHOTOS_MAX - 1].id);
    expect(full.photos.map((shown) => shown.id)).not.toContain(onEstimate.id);
  });
});

describe("Request work from the hub with photos", () => {
  it("keeps two photos with the request and refuses six, writing nothing", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const estimate = await createEstimate(db, user.id);
    const token = (await getOrCreateHub(user.id, estimate.customerId))!.token;
    const send = async (photos: number) => {
      const form = new FormData();
      form.append("intent", "request");
      form.append("description", "The gate sticks");
      form.append("preferredTimes", "");
      const bytes = await jpeg("#445566");
      for (let i = 0; i < photos; i++) form.append("file", new Blob([new Uint8Array(bytes)]), `gate-${i}.jpg`);
      return runRoute(action, `/c/${token}`, { form, params: { token } });
    };
    const rows = async () => {
      const [requests] = await db.select({ n: count() }).from(workRequests).where(eq(workRequests.accountId, user.id));
      const [stored] = await db.select({ n: count() }).from(files).where(eq(files.accountId, user.id));
      return { requests: requests.n, files: stored.n };
    };

    const six = await send(6);
    expect(six.status).toBe(413);
    expect((six.data as { photoError: { message: string } }).photoError.message).toBe("files.requestTooMany");
    // What was typed comes back to be shown again.
    expect((six.data as { request: { initialValue: Record<string, unknown> } }).request.initialValue).toMatchObject({
      description: "The gate sticks",
    });
    expect(await rows()).toEqual({ requests: 0, files: 0 });

    const two = await send(2);
    expect(two.status).toBe(302);
    const [request] = await db.select().from(workRequests).where(eq(workRequests.accountId, user.id));
    expect(request.customerId).toBe(estimate.customerId);
    expect((await listFiles(user.id, { kind: "workRequest", id: request.id })).map((file) => file.name)).toEqual([
      "gate-0.jpg",
      "gate-1.jpg",
    ]);
  });
});
