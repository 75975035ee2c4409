// Photos and files on a job, an estimate, an invoice, an appointment or a work request
// (docs/product/files.md, docs/decisions/034): the rows in `files`, the copies in the file
// store. Every function takes the account first; a file or a record of another account is
// not found. A photo is kept as uploaded (never served) and as three stripped JPEG copies
// (full, display, thumbnail); a PDF as uploaded. Deleting a row, by whatever cascade, queues
// its copies in `file_purges` (a trigger), and `purgeDeletedFiles` deletes them from the store.
import { and, asc, eq, inArray, max, sql, sum } from "drizzle-orm";
import { accounts, appointments, estimates, filePurges, files, invoices, jobs, workRequests } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import {
  accountPrefix,
  fileKey,
  fileStore,
  newFileId,
  type FileStore,
  type FileVariant,
  type StoredFile,
} from "~/infrastructure/file-store.server";
import { ImageError, MAX_HEIC_PIXELS, MAX_PIXELS, processImage } from "~/infrastructure/image.server";
import type { UploadedFile } from "~/infrastructure/upload.server";
import { ALLOWED_FILE_KINDS, checkFileKind, type FileType } from "~/lib/file-kind";
import { formatBytes, megabytes } from "~/lib/file-size";
import type { TextKey } from "~/locales/keys";

export type FileRow = typeof files.$inferSelect;

/** What a file is on: one of the five records. */
export type FileOwnerKind = "job" | "estimate" | "invoice" | "appointment" | "workRequest";
export interface FileOwner {
  kind: FileOwnerKind;
  id: string;
}

const OWNER_COLUMN = {
  job: files.jobId,
  estimate: files.estimateId,
  invoice: files.invoiceId,
  appointment: files.appointmentId,
  workRequest: files.workRequestId,
} as const;

/** The table of each kind of record, and its assignee where a technician may use it (their own work). */
const OWNER_RECORD = {
  job: { table: jobs, assignee: jobs.assigneeId },
  appointment: { table: appointments, assignee: appointments.assigneeId },
  estimate: { table: estimates, assignee: null },
  invoice: { table: invoices, assignee: null },
  workRequest: { table: workRequests, assignee: null },
} as const;

const OWNER_FIELD = {
  job: "jobId",
  estimate: "estimateId",
  invoice: "invoiceId",
  appointment: "appointmentId",
  workRequest: "workRequestId",
} as const satisfies Record<FileOwnerKind, keyof FileRow>;

/** A caption's longest length. */
export const CAPTION_MAX = 200;
/** Photos shown to the customer on one estimate or invoice page and its PDF. */
export const CUSTOMER_PHOTOS_MAX = 6;
/** Photos a work request may carry. */
export const REQUEST_PHOTOS_MAX = 5;

/** The copies a browser may ask for: a PDF has only `full` (its bytes as uploaded). */
export type ServedVariant = "full" | "display" | "thumbnail";
export const SERVED_VARIANTS: readonly ServedVariant[] = ["full", "display", "thumbnail"];

export const isImage = (file: Pick<FileRow, "kind">) => file.kind !== "pdf";

/** The row's owner, read back. */
export function ownerOf(file: FileRow): FileOwner {
  for (const kind of Object.keys(OWNER_FIELD) as FileOwnerKind[]) {
    const id = file[OWNER_FIELD[kind]];
    if (id) return { kind, id };
  }
  throw new Error(`File ${file.id} is on nothing`);
}

// ---------------------------------------------------------------------------------------
// The record a file is on.

/**
 * True when the record is the account's and, for a technician (`ownWork`, their member id),
 * assigned to them: a job or a visit of theirs. A technician has no files on estimates,
 * invoices or work requests.
 */
export async function canUseOwner(accountId: string, owner: FileOwner, ownWork?: string): Promise<boolean> {
  const { table, assignee } = OWNER_RECORD[owner.kind];
  if (ownWork && !assignee) return false;
  const db = await getDb();
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, owner.id), eq(table.accountId, accountId), ownWork && assignee ? eq(assignee, ownWork) : undefined))
    .get();
  return Boolean(found);
}

// ---------------------------------------------------------------------------------------
// Reading.

/** The record's files in their order. */
export async function listFiles(accountId: string, owner: FileOwner): Promise<FileRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(files)
    .where(and(eq(OWNER_COLUMN[owner.kind], owner.id), eq(files.accountId, accountId)))
    .orderBy(asc(files.position), asc(files.createdAt), asc(files.id))
    .all();
}

/** How many files each of these records has (for lists and detail pages), by record id. */
export async function fileCounts(accountId: string, kind: FileOwnerKind, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const column = OWNER_COLUMN[kind];
  const rows = await db
    .select({ id: column, count: sql<number>`count(*)` })
    .from(files)
    .where(and(inArray(column, ids), eq(files.accountId, accountId)))
    .groupBy(column)
    .all();
  return new Map(rows.map((row) => [row.id as string, row.count]));
}

/** The photos of an estimate or invoice marked for the customer, in order, at most CUSTOMER_PHOTOS_MAX. */
export async function customerPhotos(accountId: string, owner: FileOwner, limit = CUSTOMER_PHOTOS_MAX): Promise<FileRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(files)
    .where(
      and(
        eq(OWNER_COLUMN[owner.kind], owner.id),
        eq(files.accountId, accountId),
        eq(files.showToCustomer, true),
        sql`${files.kind} <> 'pdf'`,
      ),
    )
    .orderBy(asc(files.position), asc(files.createdAt), asc(files.id))
    .limit(limit)
    .all();
}

/** One file of the account, or undefined (another account's id is not found). */
export async function getFile(accountId: string, fileId: string): Promise<FileRow | undefined> {
  if (!fileId || fileId.length > 64) return undefined;
  const db = await getDb();
  return db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.accountId, accountId)))
    .get();
}

/** A file a member may open: the account's, and for a technician on a job or visit of theirs. */
export async function getMemberFile(accountId: string, fileId: string, ownWork?: string): Promise<FileRow | undefined> {
  const file = await getFile(accountId, fileId);
  if (!file) return undefined;
  if (ownWork && !(await canUseOwner(accountId, ownerOf(file), ownWork))) return undefined;
  return file;
}

/** Bytes the account's files take in the store, every copy counted. */
export async function accountFileBytes(accountId: string): Promise<number> {
  const db = await getDb();
  const row = await db
    .select({ bytes: sum(files.storedBytes) })
    .from(files)
    .where(eq(files.accountId, accountId))
    .get();
  return Number(row?.bytes ?? 0);
}

/** The account's limit, in bytes (FILES_MAX_MB_PER_ACCOUNT). */
export function accountFileLimit(): number {
  return megabytes(env().FILES_MAX_MB_PER_ACCOUNT);
}

/** What Settings shows: used and the limit, in bytes. */
export async function fileUsage(accountId: string): Promise<{ used: number; limit: number }> {
  return { used: await accountFileBytes(accountId), limit: accountFileLimit() };
}

// ---------------------------------------------------------------------------------------
// Adding.

/** A refusal: a dictionary key (files.*) and its values; nothing was stored. */
export interface FileRefusal {
  ok: false;
  status: 400 | 413 | 415 | 500;
  message: TextKey;
  values: Record<string, string | number>;
}

export type AddFilesResult = { ok: true; files: FileRow[] } | FileRefusal;

export interface AddFilesOptions {
  /** The login adding them (null for the customer of a work request). */
  createdBy?: string | null;
  caption?: string | null;
  showToCustomer?: boolean;
  /** Only photos (a work request). */
  photosOnly?: boolean;
  /** The most files the record may hold after these. */
  maxOnOwner?: number;
  locale?: string;
  store?: FileStore;
  /** The account's room in bytes (default: FILES_MAX_MB_PER_ACCOUNT). */
  roomBytes?: number;
}

const refusal = (status: FileRefusal["status"], message: TextKey, values: FileRefusal["values"] = {}): FileRefusal => ({
  ok: false,
  status,
  message,
  values,
});

/** One upload's copies, stored; the caller inserts the row. */
interface StoredUpload {
  id: string;
  type: FileType;
  upload: UploadedFile;
  storedBytes: number;
  width: number | null;
  height: number | null;
}

async function storeUpload(
  store: FileStore,
  accountId: string,
  upload: UploadedFile,
  type: FileType,
): Promise<StoredUpload | FileRefusal> {
  const id = newFileId();
  if (!type.image) {
    await store.put(fileKey(accountId, id, "original"), { path: upload.path }, type.mimeType);
    return { id, type, upload, storedBytes: upload.size, width: null, height: null };
  }
  let image;
  try {
    image = await processImage({ path: upload.path });
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    if (error.code === "too-many-pixels") {
      const limit = type.kind === "heic" ? MAX_HEIC_PIXELS : MAX_PIXELS;
      return refusal(400, "files.tooManyPixels", { name: upload.filename, limit: Math.round(limit / 1_000_000) });
    }
    return refusal(400, "files.unreadable", { name: upload.filename });
  }
  const copies: [FileVariant, Buffer][] = [
    ["full", image.full.bytes],
    ["display", image.display.bytes],
    ["thumbnail", image.thumbnail.bytes],
  ];
  await store.put(fileKey(accountId, id, "original"), { path: upload.path }, type.mimeType);
  for (const [variant, bytes] of copies) await store.put(fileKey(accountId, id, variant), bytes, "image/jpeg");
  const storedBytes = upload.size + copies.reduce((total, [, bytes]) => total + bytes.length, 0);
  return { id, type, upload, storedBytes, width: image.width, height: image.height };
}

/**
 * Adds uploaded files to a record (already checked to be the account's and the member's): each
 * checked by its content, the photos made into their copies, all stored, then the rows written
 * in one batch after the record's last file. Any refusal (a kind not accepted, an unreadable
 * photo, the account's room) stores nothing and writes nothing.
 */
export async function addFiles(
  accountId: string,
  owner: FileOwner,
  uploads: UploadedFile[],
  options: AddFilesOptions = {},
): Promise<AddFilesResult> {
  const store = options.store ?? fileStore();
  if (uploads.length === 0) return refusal(400, "files.noneChosen");
  const types: FileType[] = [];
  for (const upload of uploads) {
    const check = checkFileKind(upload.head);
    if (!check.ok) return refusal(415, "files.invalidKind", { kinds: ALLOWED_FILE_KINDS });
    if (options.photosOnly && !check.type.image) return refusal(415, "files.onlyPhotos", { kinds: "JPEG, PNG, WebP, HEIC" });
    types.push(check.type);
  }
  const db = await getDb();
  if (options.maxOnOwner !== undefined) {
    const row = await db
      .select({ count: sql<number>`count(*)` })
      .from(files)
      .where(and(eq(OWNER_COLUMN[owner.kind], owner.id), eq(files.accountId, accountId)))
      .get();
    if ((row?.count ?? 0) + uploads.length > options.maxOnOwner) {
      return refusal(413, "files.requestTooMany", { limit: options.maxOnOwner });
    }
  }
  // The room is checked against what is uploaded (the copies add a little more, counted once stored).
  const used = await accountFileBytes(accountId);
  const limit = options.roomBytes ?? accountFileLimit();
  const incoming = uploads.reduce((total, upload) => total + upload.size, 0);
  if (used + incoming > limit) {
    const locale = options.locale ?? "en";
    return refusal(413, "files.quota", { used: formatBytes(used, locale), limit: formatBytes(limit, locale) });
  }

  const stored: StoredUpload[] = [];
  const forget = () => store.delete(stored.flatMap((file) => variantKeys(accountId, file.id)));
  try {
    for (const [index, upload] of uploads.entries()) {
      const result = await storeUpload(store, accountId, upload, types[index]);
      if ("ok" in result) {
        await forget();
        return result;
      }
      stored.push(result);
    }
    const last = await db
      .select({ position: max(files.position) })
      .from(files)
      .where(and(eq(OWNER_COLUMN[owner.kind], owner.id), eq(files.accountId, accountId)))
      .get();
    const first = (last?.position ?? -1) + 1;
    const rows = stored.map((file, index): typeof files.$inferInsert => ({
      id: file.id,
      accountId,
      [OWNER_FIELD[owner.kind]]: owner.id,
      name: cleanName(file.upload.filename, file.type.extension),
      kind: file.type.kind,
      contentType: file.type.image ? "image/jpeg" : file.type.mimeType,
      size: file.upload.size,
      storedBytes: file.storedBytes,
      width: file.width,
      height: file.height,
      caption: options.caption?.trim() || null,
      showToCustomer: options.showToCustomer ?? false,
      position: first + index,
      createdBy: options.createdBy ?? null,
    }));
    const [head, ...tail] = rows.map((row) => db.insert(files).values(row).returning());
    const written = await db.batch([head, ...tail]);
    return { ok: true, files: written.map((result) => result[0]) };
  } catch (error) {
    await forget().catch(() => {});
    throw error;
  }
}

const variantKeys = (accountId: string, fileId: string) =>
  (["original", "full", "display", "thumbnail"] as const).map((variant) => fileKey(accountId, fileId, variant));

/** The device's name, without control characters, at most 200 characters, never empty. */
export function cleanName(name: string, extension: string): string {
  const cleaned = [...name]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && !'"\\/'.includes(char))
    .join("")
    .trim()
    .slice(-200);
  return cleaned || `file.${extension}`;
}

/**
 * Copies a file to another record of the account (a job's photo onto its estimate): new copies
 * under a new id, so each can be deleted on its own. Undefined when the file or the record is not the account's.
 */
export async function copyFile(
  accountId: string,
  fileId: string,
  to: FileOwner,
  options: { createdBy?: string | null; store?: FileStore } = {},
): Promise<FileRow | undefined> {
  const store = options.store ?? fileStore();
  const file = await getFile(accountId, fileId);
  // The record it goes to must be the account's too: a file of the account on another's estimate would show there.
  if (!file || !(await canUseOwner(accountId, to))) return undefined;
  const id = newFileId();
  const variants = isImage(file) ? (["original", "full", "display", "thumbnail"] as const) : (["original"] as const);
  const copied: string[] = [];
  try {
    for (const variant of variants) {
      const found = await store.get(fileKey(accountId, file.id, variant));
      if (!found) continue;
      const key = fileKey(accountId, id, variant);
      await store.put(key, { stream: found.body, size: found.size }, found.contentType);
      copied.push(key);
    }
    const db = await getDb();
    const last = await db
      .select({ position: max(files.position) })
      .from(files)
      .where(and(eq(OWNER_COLUMN[to.kind], to.id), eq(files.accountId, accountId)))
      .get();
    const {
      jobId: _job,
      estimateId: _estimate,
      invoiceId: _invoice,
      appointmentId: _visit,
      workRequestId: _request,
      ...rest
    } = file;
    const [row] = await db
      .insert(files)
      .values({
        ...rest,
        id,
        [OWNER_FIELD[to.kind]]: to.id,
        position: (last?.position ?? -1) + 1,
        createdBy: options.createdBy ?? null,
        createdAt: new Date(),
      })
      .returning();
    return row;
  } catch (error) {
    await store.delete(copied).catch(() => {});
    throw error;
  }
}

// ---------------------------------------------------------------------------------------
// Changing and deleting.

export interface FileChanges {
  caption?: string | null;
  showToCustomer?: boolean;
  /** The new place among the record's files, from 0; the others move to make room. */
  order?: number;
}

/** Changes a file's caption, its "show to customer" and its place; undefined when not found. */
export async function updateFile(accountId: string, fileId: string, changes: FileChanges): Promise<FileRow | undefined> {
  const file = await getFile(accountId, fileId);
  if (!file) return undefined;
  const db = await getDb();
  const set: Partial<typeof files.$inferInsert> = {};
  if (changes.caption !== undefined) set.caption = changes.caption?.trim() || null;
  if (changes.showToCustomer !== undefined) set.showToCustomer = changes.showToCustomer;
  if (Object.keys(set).length > 0) {
    await db
      .update(files)
      .set(set)
      .where(and(eq(files.id, fileId), eq(files.accountId, accountId)));
  }
  if (changes.order !== undefined) await placeFile(accountId, file, changes.order);
  return getFile(accountId, fileId);
}

/** Puts a file at a place among its record's files and numbers them all 0, 1, 2… in one batch. */
async function placeFile(accountId: string, file: FileRow, order: number) {
  const db = await getDb();
  const siblings = (await listFiles(accountId, ownerOf(file))).filter((other) => other.id !== file.id);
  const at = Math.max(0, Math.min(order, siblings.length));
  const ordered = [...siblings.slice(0, at), file, ...siblings.slice(at)];
  const updates = ordered
    .map((row, position) => ({ row, position }))
    .filter(({ row, position }) => row.position !== position || row.id === file.id)
    .map(({ row, position }) =>
      db
        .update(files)
        .set({ position })
        .where(and(eq(files.id, row.id), eq(files.accountId, accountId))),
    );
  const [head, ...tail] = updates;
  if (head) await db.batch([head, ...tail]);
}

/** Moves a file one place up or down among its record's files (the buttons that need no JavaScript). */
export async function moveFile(accountId: string, fileId: string, direction: "up" | "down"): Promise<FileRow | undefined> {
  const file = await getFile(accountId, fileId);
  if (!file) return undefined;
  const siblings = await listFiles(accountId, ownerOf(file));
  const index = siblings.findIndex((other) => other.id === fileId);
  return updateFile(accountId, fileId, { order: Math.max(0, index + (direction === "up" ? -1 : 1)) });
}

/**
 * Deletes a file: its row now (the trigger queues its copies), its copies right after, or by
 * the next purge if the store cannot be reached. False when not found.
 */
export async function deleteFile(accountId: string, fileId: string, store?: FileStore): Promise<boolean> {
  const db = await getDb();
  const deleted = await db
    .delete(files)
    .where(and(eq(files.id, fileId), eq(files.accountId, accountId)))
    .returning({ id: files.id });
  if (deleted.length === 0) return false;
  await purgeDeletedFiles(new Date(), store).catch(() => {});
  return true;
}

/**
 * The sweep "files-purge": deletes from the store the copies of deleted file rows (a file, a
 * job or document, an account) and then their queue rows. Deleting what is already gone is no
 * error, so two runners at once or a second run after a crash do no harm. Answers how many.
 */
export async function purgeDeletedFiles(_now: Date = new Date(), store: FileStore = fileStore(), limit = 200): Promise<number> {
  const db = await getDb();
  const queued = await db.select({ prefix: filePurges.prefix }).from(filePurges).limit(limit).all();
  let done = 0;
  for (const { prefix } of queued) {
    // The copies first, then the queue row: a crash between them leaves the row, and the next
    // run deletes nothing more. Counted by whoever removed the row, so two runners at once
    // count each file once.
    await store.deletePrefix(prefix);
    const removed = await db.delete(filePurges).where(eq(filePurges.prefix, prefix)).returning({ prefix: filePurges.prefix });
    done += removed.length;
  }
  return done;
}

/**
 * After an account's deletion: deletes everything stored under the account's prefix, the
 * copies its file rows had (also queued by the trigger) and anything a crash left behind.
 * Best effort: a store that cannot be reached leaves it to the purge sweep, and false is
 * answered. Refuses an account that still exists (an upload may be storing its copies).
 */
export async function removeAccountFiles(accountId: string, store: FileStore = fileStore()): Promise<boolean> {
  const db = await getDb();
  const still = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).get();
  if (still) throw new Error("The account still exists: delete it first");
  try {
    await store.deletePrefix(accountPrefix(accountId));
    return true;
  } catch (error) {
    console.error(`Could not delete the stored files of account ${accountId}: ${String(error)}`);
    return false;
  }
}

// ---------------------------------------------------------------------------------------
// Serving.

/** The stored copy behind a served variant: a PDF is served as uploaded, a photo never is. */
export function storedVariant(file: FileRow, variant: string): FileVariant | undefined {
  if (!(SERVED_VARIANTS as readonly string[]).includes(variant)) return undefined;
  if (!isImage(file)) return variant === "full" ? "original" : undefined;
  return variant as ServedVariant;
}

/** The copy's bytes, or undefined when the variant does not exist for the file or is missing from the store. */
export async function readFileCopy(
  accountId: string,
  file: FileRow,
  variant: string,
  store: FileStore = fileStore(),
): Promise<StoredFile | undefined> {
  const stored = storedVariant(file, variant);
  if (!stored) return undefined;
  return (await store.get(fileKey(accountId, file.id, stored))) ?? undefined;
}

/** A download's name: the device's name with the served copy's extension (a HEIC photo downloads as .jpg). */
export function downloadName(file: FileRow): string {
  if (!isImage(file)) return file.name;
  const base = file.name.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  return `${base || "photo"}.jpg`;
}

/** The answer with a file's copy: private, typed by its content, a PDF as an attachment. */
export function fileResponse(file: FileRow, stored: StoredFile, variant: string): Response {
  const name = variant === "full" ? downloadName(file) : file.name;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const disposition = isImage(file) ? "inline" : "attachment";
  return new Response(stored.body, {
    headers: {
      "Content-Type": isImage(file) ? "image/jpeg" : "application/pdf",
      "Content-Length": String(stored.size),
      "Content-Disposition": `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      // The id never changes what it names: a browser may keep it, a shared cache may not.
      "Cache-Control": "private, max-age=86400, immutable",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
      // A PDF opened in the browser runs no script of ours (it has none) and frames nothing.
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

/** The URLs of a file's copies for a member (`/files/{id}/…`) or through a share link's base (`/e/{token}`). */
export function fileUrls(file: Pick<FileRow, "id" | "kind">, base = "") {
  return {
    url: `${base}/files/${file.id}/full`,
    displayUrl: isImage(file) ? `${base}/files/${file.id}/display` : null,
    thumbnailUrl: isImage(file) ? `${base}/files/${file.id}/thumbnail` : null,
  };
}

/** A file as the API and the pages' loaders give it. */
export function toFileView(file: FileRow, base = "") {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    kind: file.kind,
    size: file.size,
    width: file.width,
    height: file.height,
    caption: file.caption,
    showToCustomer: file.showToCustomer,
    order: file.position,
    createdAt: file.createdAt.toISOString(),
    ...fileUrls(file, base),
  };
}
export type FileView = ReturnType<typeof toFileView>;

/** What a page's grid needs of a file (a page of 50 photos carries no more than this of each). */
export type FileCard = Pick<FileView, "id" | "name" | "width" | "height" | "caption" | "showToCustomer" | "url" | "thumbnailUrl">;

export function toFileCard(file: FileRow, base = ""): FileCard {
  const { url, thumbnailUrl } = fileUrls(file, base);
  const { id, name, width, height, caption, showToCustomer } = file;
  return { id, name, width, height, caption, showToCustomer, url, thumbnailUrl };
}
