// The files model on the real database (the file, and sqld in the "sqld" project) and on both
// stores: the folder FILES_DIR (test/setup-db.ts gives this file its own) and the S3 protocol
// served on loopback (test/s3-server.ts, every request's Signature V4 checked).
import { randomUUID } from "node:crypto";
import { readFile, rm, writeFile, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppointment, createCustomer, createEstimate, createInvoice, createJob } from "#db/factories";
import { filePurges, files } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { accountPrefix, fileKey, fileStore, readStoredFile, s3Store, type FileStore } from "~/infrastructure/file-store.server";
import type { UploadedFile } from "~/infrastructure/upload.server";
import { FILE_HEAD_BYTES } from "~/lib/file-kind";
import { deleteAppointment } from "~/models/appointment.server";
import { deleteEstimate } from "~/models/estimate.server";
import { deleteInvoice } from "~/models/invoice.server";
import { deleteJob } from "~/models/job.server";
import { deleteAccount } from "~/models/user.server";
import { createWorkRequest, deleteWorkRequest } from "~/models/work-request.server";
import { startS3Server, type S3Server } from "../../test/s3-server";
import { signedInAccount } from "../../test/accounts";
import {
  addFiles,
  copyFile,
  deleteFile,
  fileUsage,
  getFile,
  listFiles,
  moveFile,
  purgeDeletedFiles,
  readFileCopy,
  removeAccountFiles,
  updateFile,
  type FileOwner,
  type FileRow,
} from "./file.server";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "file-model-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An upload as readUpload leaves it: the bytes in a temporary file, the first bytes read. */
async function upload(bytes: Buffer, filename: string, claimedType = "application/octet-stream"): Promise<UploadedFile> {
  const where = path.join(dir, randomUUID());
  await writeFile(where, bytes);
  return {
    field: "file",
    filename,
    claimedType,
    size: bytes.length,
    path: where,
    head: new Uint8Array(bytes.subarray(0, FILE_HEAD_BYTES)),
  };
}

const picture = (width = 640, height = 480) => sharp({ create: { width, height, channels: 3, background: "#3366aa" } });
const jpeg = () => picture().jpeg().toBuffer();
const png = () => picture().png().toBuffer();
const webp = () => picture().webp().toBuffer();
const gif = () => picture(40, 30).gif().toBuffer();
const heic = () => readFile(path.join(__dirname, "../../test/fixtures/photo-64x64.heic"));
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
const TEXT = Buffer.from("This is a text file, not a photo at all.\n");

async function account() {
  const { user } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id, { name: "Ann" });
  const job = await createJob(db, user.id, { customerId: customer.id, title: "Panel" });
  return { accountId: user.id, db, customer, job, owner: { kind: "job", id: job.id } as FileOwner };
}

/** How many objects the account has in the store (deletePrefix counts them; none are left after). */
async function objectsOf(store: FileStore, accountId: string) {
  return store.deletePrefix(accountPrefix(accountId));
}

async function rowsOf(accountId: string) {
  const db = await getDb();
  return db.select().from(files).where(eq(files.accountId, accountId)).all();
}

async function added(result: Awaited<ReturnType<typeof addFiles>>): Promise<FileRow[]> {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.files;
}

describe("addFiles", () => {
  it("takes JPEG, PNG, WebP, HEIC and PDF, by their content, with their copies stored", async () => {
    const { accountId, owner } = await account();
    const uploads = [
      await upload(await jpeg(), "a.jpg", "image/jpeg"),
      await upload(await png(), "b.png", "image/png"),
      await upload(await webp(), "c.webp", "image/webp"),
      await upload(await heic(), "d.heic", "image/heic"),
      await upload(PDF, "e.pdf", "application/pdf"),
    ];
    const rows = await added(await addFiles(accountId, owner, uploads, { createdBy: accountId, caption: "  Before  " }));
    expect(rows.map((row) => [row.kind, row.contentType, row.position])).toEqual([
      ["jpeg", "image/jpeg", 0],
      ["png", "image/jpeg", 1],
      ["webp", "image/jpeg", 2],
      ["heic", "image/jpeg", 3],
      ["pdf", "application/pdf", 4],
    ]);
    expect(rows.every((row) => row.caption === "Before" && row.showToCustomer === false)).toBe(true);
    expect([rows[0].width, rows[0].height]).toEqual([640, 480]);
    expect([rows[3].width, rows[3].height]).toEqual([64, 64]);
    expect(rows[4].width).toBeNull();
    const store = fileStore();
    for (const row of rows.slice(0, 4)) {
      for (const variant of ["original", "full", "display", "thumbnail"] as const) {
        expect(await store.get(fileKey(accountId, row.id, variant)), `${row.kind} ${variant}`).not.toBeNull();
      }
      const thumb = await readFileCopy(accountId, row, "thumbnail");
      expect((await sharp(await readStoredFile(thumb!)).metadata()).format).toBe("jpeg");
    }
    // A PDF: served as uploaded, and only as "full".
    const pdf = await readFileCopy(accountId, rows[4], "full");
    expect(await readStoredFile(pdf!)).toEqual(PDF);
    expect(await readFileCopy(accountId, rows[4], "thumbnail")).toBeUndefined();
    expect(await readFileCopy(accountId, rows[0], "original")).toBeUndefined();
    expect((await listFiles(accountId, owner)).map((row) => row.id)).toEqual(rows.map((row) => row.id));
    // The room counts every copy.
    const usage = await fileUsage(accountId);
    expect(usage.used).toBe(rows.reduce((total, row) => total + row.storedBytes, 0));
    expect(usage.used).toBeGreaterThan(uploads.reduce((total, file) => total + file.size, 0));
  });

  for (const [name, bytes, filename] of [
    ["a GIF", gif, "anim.gif"],
    ["an SVG", async () => SVG, "drawing.svg"],
    ["a text file renamed .jpg", async () => TEXT, "photo.jpg"],
  ] as const) {
    it(`refuses ${name} with 415 files.invalidKind, storing nothing (and not the good file beside it)`, async () => {
      const { accountId, owner } = await account();
      const result = await addFiles(accountId, owner, [
        await upload(await jpeg(), "good.jpg", "image/jpeg"),
        await upload(await bytes(), filename, "image/jpeg"),
      ]);
      expect(result).toMatchObject({ ok: false, status: 415, message: "files.invalidKind" });
      expect(await rowsOf(accountId)).toEqual([]);
      expect(await objectsOf(fileStore(), accountId)).toBe(0);
    });
  }

  it("refuses a photo that cannot be read, removing the copies of the ones stored before it", async () => {
    const { accountId, owner } = await account();
    const broken = Buffer.concat([(await jpeg()).subarray(0, 200), Buffer.alloc(2000, 7)]);
    const result = await addFiles(accountId, owner, [await upload(await png(), "good.png"), await upload(broken, "broken.jpg")]);
    expect(result).toMatchObject({ ok: false, status: 400, message: "files.unreadable", values: { name: "broken.jpg" } });
    expect(await rowsOf(accountId)).toEqual([]);
    expect(await objectsOf(fileStore(), accountId)).toBe(0);
  });

  it("with photosOnly refuses a PDF (415 files.onlyPhotos) and takes photos", async () => {
    const { accountId, owner } = await account();
    const refused = await addFiles(accountId, owner, [await upload(PDF, "a.pdf")], { photosOnly: true });
    expect(refused).toMatchObject({ ok: false, status: 415, message: "files.onlyPhotos" });
    expect(await rowsOf(accountId)).toEqual([]);
    expect(await addFiles(accountId, owner, [await upload(await png(), "a.png")], { photosOnly: true })).toMatchObject({
      ok: true,
    });
  });

  it("with maxOnOwner counts the files already there (413 files.requestTooMany)", async () => {
    const { accountId, owner } = await account();
    await added(await addFiles(accountId, owner, [await upload(PDF, "1.pdf"), await upload(PDF, "2.pdf")], { maxOnOwner: 3 }));
    const refused = await addFiles(accountId, owner, [await upload(PDF, "3.pdf"), await upload(PDF, "4.pdf")], { maxOnOwner: 3 });
    expect(refused).toMatchObject({ ok: false, status: 413, message: "files.requestTooMany", values: { limit: 3 } });
    expect(await rowsOf(accountId)).toHaveLength(2);
    await added(await addFiles(accountId, owner, [await upload(PDF, "3.pdf")], { maxOnOwner: 3 }));
  });

  it("refuses what passes the account's room (413 files.quota, with used and limit), storing nothing", async () => {
    const { accountId, owner } = await account();
    const [first] = await added(await addFiles(accountId, owner, [await upload(PDF, "1.pdf")], { roomBytes: 1000 }));
    expect(first.storedBytes).toBe(PDF.length);
    const big = Buffer.concat([PDF, Buffer.alloc(1000 - PDF.length * 2 + 1, 32)]);
    const refused = await addFiles(accountId, owner, [await upload(big, "big.pdf")], { roomBytes: 1000 });
    expect(refused).toMatchObject({ ok: false, status: 413, message: "files.quota" });
    expect(!refused.ok && refused.values.used).toBeTruthy();
    expect(!refused.ok && refused.values.limit).toBeTruthy();
    expect(await rowsOf(accountId)).toHaveLength(1);
    // Exactly up to the limit is fine.
    const fits = Buffer.concat([PDF, Buffer.alloc(1000 - PDF.length * 2, 32)]);
    await added(await addFiles(accountId, owner, [await upload(fits, "fits.pdf")], { roomBytes: 1000 }));
  });

  it("refuses an empty list with 400 files.noneChosen", async () => {
    const { accountId, owner } = await account();
    expect(await addFiles(accountId, owner, [])).toMatchObject({ ok: false, status: 400, message: "files.noneChosen" });
  });
});

describe("order, caption and show to customer", () => {
  it("moves up and down, places at an order, numbers them 0, 1, 2…", async () => {
    const { accountId, owner } = await account();
    const rows = await added(
      await addFiles(accountId, owner, await Promise.all(["a", "b", "c", "d"].map((name) => upload(PDF, `${name}.pdf`)))),
    );
    const names = async () => (await listFiles(accountId, owner)).map((row) => `${row.name}:${row.position}`);
    expect(await names()).toEqual(["a.pdf:0", "b.pdf:1", "c.pdf:2", "d.pdf:3"]);
    await moveFile(accountId, rows[2].id, "up");
    expect(await names()).toEqual(["a.pdf:0", "c.pdf:1", "b.pdf:2", "d.pdf:3"]);
    await moveFile(accountId, rows[0].id, "up");
    expect(await names()).toEqual(["a.pdf:0", "c.pdf:1", "b.pdf:2", "d.pdf:3"]);
    await moveFile(accountId, rows[3].id, "down");
    expect(await names()).toEqual(["a.pdf:0", "c.pdf:1", "b.pdf:2", "d.pdf:3"]);
    await moveFile(accountId, rows[0].id, "down");
    expect(await names()).toEqual(["c.pdf:0", "a.pdf:1", "b.pdf:2", "d.pdf:3"]);
    const moved = await updateFile(accountId, rows[3].id, { order: 0, caption: "  Wall  ", showToCustomer: true });
    expect(moved).toMatchObject({ position: 0, caption: "Wall", showToCustomer: true });
    expect(await names()).toEqual(["d.pdf:0", "c.pdf:1", "a.pdf:2", "b.pdf:3"]);
    await updateFile(accountId, rows[3].id, { order: 99 });
    expect(await names()).toEqual(["c.pdf:0", "a.pdf:1", "b.pdf:2", "d.pdf:3"]);
    expect(await updateFile(accountId, rows[3].id, { caption: "" })).toMatchObject({ caption: null, showToCustomer: true });
    // Another account's file is not found, and is left as it was.
    const other = await account();
    expect(await updateFile(other.accountId, rows[0].id, { caption: "theirs" })).toBeUndefined();
    expect(await moveFile(other.accountId, rows[0].id, "up")).toBeUndefined();
    expect(await getFile(accountId, rows[0].id)).toMatchObject({ caption: null });
  });
});

describe("copyFile, deleteFile and the purge", () => {
  it("copies a photo to the estimate with copies of its own: deleting the copy keeps the original's bytes", async () => {
    const { accountId, owner, db, customer, job } = await account();
    const estimate = await createEstimate(db, accountId, { customerId: customer.id, jobId: job.id, title: "Quote" });
    const [photo] = await added(await addFiles(accountId, owner, [await upload(await jpeg(), "wall.jpg")], { caption: "Wall" }));
    const copy = await copyFile(accountId, photo.id, { kind: "estimate", id: estimate.id }, { createdBy: accountId });
    expect(copy).toMatchObject({ estimateId: estimate.id, jobId: null, caption: "Wall", kind: "jpeg", position: 0 });
    expect(copy!.id).not.toBe(photo.id);
    const before = await readStoredFile((await readFileCopy(accountId, photo, "display"))!);
    expect(await readStoredFile((await readFileCopy(accountId, copy!, "display"))!)).toEqual(before);
    expect(await deleteFile(accountId, copy!.id)).toBe(true);
    expect(await readFileCopy(accountId, copy!, "display")).toBeUndefined();
    expect(await readStoredFile((await readFileCopy(accountId, photo, "display"))!)).toEqual(before);
    expect(await fileStore().get(fileKey(accountId, photo.id, "original"))).not.toBeNull();
    // Another account cannot copy it, nor delete it.
    const other = await account();
    expect(await copyFile(other.accountId, photo.id, other.owner)).toBeUndefined();
    // Nor can it be copied onto another account's record.
    expect(await copyFile(accountId, photo.id, other.owner)).toBeUndefined();
    expect(await listFiles(other.accountId, other.owner)).toEqual([]);
    expect(await rowsOf(accountId)).toHaveLength(1);
    expect(await deleteFile(other.accountId, photo.id)).toBe(false);
    expect(await getFile(accountId, photo.id)).toBeDefined();
  });

  it("deleting a job, an estimate, an invoice, an appointment and a work request queues their copies; the purge removes them", async () => {
    const { accountId, db, customer, job } = await account();
    const estimate = await createEstimate(db, accountId, { customerId: customer.id, title: "Quote" });
    const invoice = await createInvoice(db, accountId, { customerId: customer.id, title: "Bill" });
    const appointment = await createAppointment(db, accountId, { customerId: customer.id, title: "Visit" });
    const request = await createWorkRequest(accountId, {
      name: "Visitor",
      phone: "555-0100",
      email: "visitor@example.com",
      address: "1 Street",
      description: "Sink",
      preferredTimes: null,
    });
    const owners: [FileOwner, () => Promise<unknown>][] = [
      [{ kind: "job", id: job.id }, () => deleteJob(accountId, job.id)],
      [{ kind: "estimate", id: estimate.id }, () => deleteEstimate(accountId, estimate.id)],
      [{ kind: "invoice", id: invoice.id }, () => deleteInvoice(accountId, invoice.id)],
      [{ kind: "appointment", id: appointment.id }, () => deleteAppointment(accountId, appointment.id)],
      [{ kind: "workRequest", id: request.id }, () => deleteWorkRequest(accountId, request.id)],
    ];
    const store = fileStore();
    for (const [owner, remove] of owners) {
      const [photo] = await added(await addFiles(accountId, owner, [await upload(await png(), "p.png")]));
      const key = fileKey(accountId, photo.id, "thumbnail");
      expect(await store.get(key)).not.toBeNull();
      expect(await remove(), owner.kind).toBeTruthy();
      expect(await getFile(accountId, photo.id), owner.kind).toBeUndefined();
      const queued = await db.select().from(filePurges).all();
      expect(
        queued.map((row) => row.prefix),
        owner.kind,
      ).toContain(`accounts/${accountId}/${photo.id}/`);
      expect(await purgeDeletedFiles(new Date(), store)).toBeGreaterThanOrEqual(1);
      expect(await store.get(key), owner.kind).toBeNull();
      expect(await store.get(fileKey(accountId, photo.id, "original")), owner.kind).toBeNull();
    }
  });

  it("deleting the account queues every file's copies, and the purge removes them", async () => {
    const { accountId, owner } = await account();
    const rows = await added(await addFiles(accountId, owner, [await upload(await png(), "p.png"), await upload(PDF, "q.pdf")]));
    expect(await deleteAccount(accountId)).toBe(true);
    expect(await rowsOf(accountId)).toEqual([]);
    await purgeDeletedFiles();
    for (const row of rows) expect(await fileStore().get(fileKey(accountId, row.id, "original"))).toBeNull();
    expect(await objectsOf(fileStore(), accountId)).toBe(0);
  });

  it("removeAccountFiles: only for an account that is gone; deletes everything under its prefix; best effort when the store fails", async () => {
    const { accountId, owner } = await account();
    const [row] = await added(await addFiles(accountId, owner, [await upload(await png(), "p.png")]));
    await expect(removeAccountFiles(accountId)).rejects.toThrow(/still exists/);
    expect(await fileStore().get(fileKey(accountId, row.id, "display"))).not.toBeNull();
    const leftover = fileKey(accountId, "crash-leftover-0000000", "original");
    await fileStore().put(leftover, Buffer.from("half"), "image/jpeg");
    expect(await deleteAccount(accountId)).toBe(true);
    expect(await removeAccountFiles(accountId)).toBe(true);
    expect(await fileStore().get(leftover)).toBeNull();
    expect(await fileStore().get(fileKey(accountId, row.id, "display"))).toBeNull();
    const failing = { ...fileStore(), deletePrefix: () => Promise.reject(new Error("store down")) } as FileStore;
    expect(await removeAccountFiles(accountId, failing)).toBe(false);
    await purgeDeletedFiles();
  });

  it("purges each file once with two purges at once, and again after a crash between the copies and the queue row", async () => {
    const { accountId, owner, db } = await account();
    await purgeDeletedFiles();
    const rows = await added(
      await addFiles(accountId, owner, [
        await upload(await png(), "1.png"),
        await upload(PDF, "2.pdf"),
        await upload(PDF, "3.pdf"),
      ]),
    );
    const ids = rows.map((row) => row.id);
    await db.delete(files).where(eq(files.accountId, accountId));
    const [a, b] = await Promise.all([purgeDeletedFiles(), purgeDeletedFiles()]);
    expect(a + b).toBe(3);
    expect(await db.select().from(filePurges).all()).toEqual([]);
    for (const id of ids) expect(await fileStore().get(fileKey(accountId, id, "original"))).toBeNull();

    // A crash after the copies were deleted, before the queue row was: the row is still there.
    const [again] = await added(await addFiles(accountId, owner, [await upload(await png(), "4.png")]));
    await db.delete(files).where(eq(files.id, again.id));
    await fileStore().deletePrefix(`accounts/${accountId}/${again.id}/`);
    expect(await purgeDeletedFiles()).toBe(1);
    expect(await purgeDeletedFiles()).toBe(0);
  });
});

describe("on the S3 store", () => {
  const KEYS = {
    bucket: "tradedesk-files-test",
    accessKeyId: "AKIATESTLOOPBACK",
    secretAccessKey: "loopback-secret-0123456789abcdef",
  };
  let s3: S3Server;
  let store: FileStore;
  beforeAll(async () => {
    s3 = await startS3Server({ ...KEYS, pageSize: 3 });
    store = s3Store({ endpoint: s3.url, region: "auto", ...KEYS });
  });
  afterAll(async () => {
    await s3.close();
  });

  it("adds, serves, refuses, deletes and purges", async () => {
    const { accountId, owner } = await account();
    const refused = await addFiles(accountId, owner, [await upload(await png(), "a.png"), await upload(TEXT, "b.jpg")], {
      store,
    });
    expect(refused).toMatchObject({ ok: false, status: 415, message: "files.invalidKind" });
    expect(await objectsOf(store, accountId)).toBe(0);

    const [photo, pdf] = await added(
      await addFiles(accountId, owner, [await upload(await jpeg(), "a.jpg"), await upload(PDF, "b.pdf")], { store }),
    );
    const display = await readFileCopy(accountId, photo, "display", store);
    expect(display?.contentType).toBe("image/jpeg");
    expect((await sharp(await readStoredFile(display!)).metadata()).width).toBe(640);
    expect(await readStoredFile((await readFileCopy(accountId, pdf, "full", store))!)).toEqual(PDF);
    // Not in the folder store.
    expect(await fileStore().get(fileKey(accountId, photo.id, "display"))).toBeNull();

    const copy = await copyFile(accountId, photo.id, owner, { store });
    expect(await deleteFile(accountId, copy!.id, store)).toBe(true);
    expect(await readFileCopy(accountId, copy!, "display", store)).toBeUndefined();
    expect(await readFileCopy(accountId, photo, "display", store)).toBeDefined();

    expect(await deleteFile(accountId, photo.id, store)).toBe(true);
    expect(await store.get(fileKey(accountId, photo.id, "original"))).toBeNull();
    await deleteJob(accountId, owner.id);
    await purgeDeletedFiles(new Date(), store);
    expect(await store.get(fileKey(accountId, pdf.id, "original"))).toBeNull();
    expect(await objectsOf(store, accountId)).toBe(0);
  });
});
