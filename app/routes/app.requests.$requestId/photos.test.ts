// A work request's photos for the contractor (docs/product/files.md): the request dialog shows
// them as thumbnails under the member's addresses, and converting the request to a job copies
// them to the job, where the technician sees them; an estimate gets none.
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addFiles, listFiles, readFileCopy } from "~/models/file.server";
import { createWorkRequest, getWorkRequest } from "~/models/work-request.server";
import { action, loader } from "~/routes/app.requests.$requestId/route";
import { signedInAccount } from "../../../test/accounts";
import { runRoute } from "../../../test/route";

async function requestPhoto(accountId: string, workRequestId: string, name: string, colour: string) {
  const bytes = await sharp({ create: { width: 200, height: 150, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const where = path.join(os.tmpdir(), `request-photo-${crypto.randomUUID()}.jpg`);
  await writeFile(where, bytes);
  const upload = { field: "file", filename: name, claimedType: "image/jpeg", size: bytes.length, path: where };
  const added = await addFiles(
    accountId,
    { kind: "workRequest", id: workRequestId },
    [{ ...upload, head: new Uint8Array(bytes.subarray(0, 64)) }],
    { photosOnly: true, maxOnOwner: 5, createdBy: null },
  );
  if (!added.ok) throw new Error(`photo refused: ${added.message}`);
  return added.files[0];
}

describe("a work request's photos", () => {
  it("are shown in the request dialog and copied to the job it becomes, not to its estimate", async () => {
    const { user, cookie } = await signedInAccount();
    const request = await createWorkRequest(user.id, {
      name: "Luis Gómez",
      phone: "555 010 2020",
      email: "",
      address: "",
      description: "Leak",
      preferredTimes: "",
    });
    const first = await requestPhoto(user.id, request.id, "leak.jpg", "#224466");
    const second = await requestPhoto(user.id, request.id, "pipe.jpg", "#664422");

    const shown = await runRoute(loader, `/app/requests/${request.id}`, { cookie, params: { requestId: request.id } });
    expect(shown.status).toBe(200);
    const photos = (shown.data as { photos: { id: string; thumbnailUrl: string; url: string; width: number }[] }).photos;
    expect(photos.map((photo) => photo.id)).toEqual([first.id, second.id]);
    expect(photos[0]).toMatchObject({ thumbnailUrl: `/files/${first.id}/thumbnail`, url: `/files/${first.id}/full`, width: 200 });

    const post = (intent: string) =>
      runRoute(action, `/app/requests/${request.id}`, { cookie, form: { intent }, params: { requestId: request.id } });
    expect((await post("estimate")).status).toBe(302);
    expect((await post("job")).status).toBe(302);
    const converted = await getWorkRequest(user.id, request.id);
    expect(await listFiles(user.id, { kind: "estimate", id: converted!.estimateId! })).toEqual([]);
    const onJob = await listFiles(user.id, { kind: "job", id: converted!.jobId! });
    expect(onJob.map((file) => file.name)).toEqual(["leak.jpg", "pipe.jpg"]);
    expect(onJob.map((file) => file.id)).not.toContain(first.id);
    // Copies with their own stored bytes; the request keeps its photos.
    for (const file of onJob) expect(await readFileCopy(user.id, file, "thumbnail")).toBeDefined();
    expect(await listFiles(user.id, { kind: "workRequest", id: request.id })).toHaveLength(2);
  });
});
