// Photos with a request from the public page (docs/product/files.md): the page's form is a
// multipart form with the photo picker; a text file or a PDF refuses the whole request with
// the translated message, and nothing is written; two photos make a request with two files.
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { files, workRequests } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { listFiles } from "~/models/file.server";
import { getSettings } from "~/models/settings.server";
import { saveRequestPage } from "~/models/work-request.server";
import { action } from "./route";
import { signedInAccount } from "../../../test/accounts";
import { runRoute } from "../../../test/route";

const fields = {
  name: "Ana Ruiz",
  phone: "555 020 3030",
  email: "",
  address: "",
  description: "Cracked tile",
  preferredTimes: "",
};

function body(photos: { bytes: Uint8Array; name: string; type?: string }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos)
    form.append("file", new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? "" }), photo.name);
  return form;
}

async function page() {
  const { user } = await signedInAccount();
  await getSettings(user.id);
  const slug = `tiles-${crypto.randomUUID().slice(0, 8)}`;
  await saveRequestPage(user.id, { slug, enabled: true });
  const db = await getDb();
  const rows = async () => {
    const [requests] = await db.select({ n: count() }).from(workRequests).where(eq(workRequests.accountId, user.id));
    const [stored] = await db.select({ n: count() }).from(files).where(eq(files.accountId, user.id));
    return { requests: requests.n, files: stored.n };
  };
  const send = (form: FormData) => runRoute(action, `/request/${slug}`, { form, params: { slug } });
  return { accountId: user.id, db, rows, send };
}

const jpeg = (colour: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe("photos with a request from the public page", () => {
  it("refuses a text file, even named and typed as a photo, with the message and writes nothing", async () => {
    const { rows, send } = await page();
    const text = Buffer.from("just some words, not a photo at all\n");
    const answer = await send(body([{ bytes: text, name: "sink.jpg", type: "image/jpeg" }]));
    expect(answer.status).toBe(415);
    expect((answer.data as { photoError: { message: string } }).photoError.message).toBe("files.onlyPhotos");
    expect(await rows()).toEqual({ requests: 0, files: 0 });
    // What was typed comes back to be shown again (without JavaScript the page is rendered anew).
    expect((answer.data as { result: { initialValue: Record<string, unknown> } }).result.initialValue).toMatchObject({
      name: "Ana Ruiz",
      phone: "555 020 3030",
      description: "Cracked tile",
    });
  });

  it("gives back what was typed when more than five photos are sent", async () => {
    const { rows, send } = await page();
    const photo = { bytes: await jpeg("#336699"), name: "tile.jpg", type: "image/jpeg" };
    const answer = await send(body(Array.from({ length: 6 }, () => photo)));
    expect(answer.status).toBe(413);
    expect((answer.data as { photoError: { message: string } }).photoError.message).toBe("files.requestTooMany");
    expect((answer.data as { result: { initialValue: Record<string, unknown> } }).result.initialValue).toMatchObject({
      name: "Ana Ruiz",
      description: "Cracked tile",
    });
    expect(await rows()).toEqual({ requests: 0, files: 0 });
  });

  it("records a request with two photos as two files of the request", async () => {
    const { accountId, db, rows, send } = await page();
    const answer = await send(
      body([
        { bytes: await jpeg("#204060"), name: "tile.jpg", type: "image/jpeg" },
        {
          bytes: await sharp({ create: { width: 120, height: 90, channels: 3, background: "#aa3300" } })
            .png()
            .toBuffer(),
          name: "floor.png",
        },
      ]),
    );
    expect(answer.status).toBe(303);
    expect(await rows()).toEqual({ requests: 1, files: 2 });
    const [request] = await db.select().from(workRequests).where(eq(workRequests.accountId, accountId));
    const photos = await listFiles(accountId, { kind: "workRequest", id: request.id });
    expect(photos.map((photo) => [photo.name, photo.kind, photo.showToCustomer])).toEqual([
      ["tile.jpg", "jpeg", false],
      ["floor.png", "png", false],
    ]);
  });
});
