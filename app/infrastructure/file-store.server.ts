// Where photos and files are kept: a folder (FILES_DIR, by default data/files on the volume)
// or an S3-compatible bucket (Tigris, Cloudflare R2, AWS S3) when the S3_ variables are set.
// One interface for both; a key is a path of safe segments, `accounts/{accountId}/{fileId}/{variant}`
// with a random file id, so a key can be neither guessed nor made to point outside the store
// (docs/decisions/034-files-and-photos-storage.md).
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { env, fileStorageSettings, type FileStorageSettings } from "./env.server";

/** What is stored: bytes in memory, a file on disk (an upload spooled to a temporary file), or a stream of a known size. */
export type PutBody = Uint8Array | { path: string } | { stream: Readable | ReadableStream<Uint8Array>; size: number };

export interface StoredFile {
  /** The bytes, streamed: read it to the end or cancel it (an S3 answer holds its connection until then). */
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
}

export interface FileStore {
  readonly kind: "folder" | "s3";
  /** Stores the bytes under the key, replacing what was there; a reader never sees half of them. */
  put(key: string, body: PutBody, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Deletes these keys; a key with nothing stored is no error. */
  delete(keys: string[]): Promise<void>;
  /** Deletes every key under a prefix ending in "/" (an account's or a document's files); answers how many. */
  deletePrefix(prefix: string): Promise<number>;
}

// ---------------------------------------------------------------------------------------
// Keys.

/** A segment: letters, digits, "_", "-" and "." but not first (no "..", no hidden names). */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split("/").every((segment) => SEGMENT.test(segment));
}

function checkKey(key: string): string {
  if (!isValidKey(key))
    throw new TypeError(`Not a file key: ${JSON.stringify(key)} (segments of letters, digits, ".", "_", "-")`);
  return key;
}

/** A prefix is a key followed by "/": "accounts/42" would also take account 420's files. */
function checkPrefix(prefix: string): string {
  if (!prefix.endsWith("/") || !isValidKey(prefix.slice(0, -1))) {
    throw new TypeError(`Not a key prefix: ${JSON.stringify(prefix)} (a key followed by "/")`);
  }
  return prefix;
}

/** A new file's id: 128 random bits, URL-safe (22 characters). */
export function newFileId(): string {
  return randomBytes(16).toString("base64url");
}

export type FileVariant = "original" | "full" | "display" | "thumbnail";

/** Where one variant of a file is kept. */
export function fileKey(accountId: string, fileId: string, variant: FileVariant): string {
  return checkKey(`accounts/${accountId}/${fileId}/${variant}`);
}

/** Every variant of a file: for deletePrefix. */
export function filePrefix(accountId: string, fileId: string): string {
  return checkPrefix(`accounts/${accountId}/${fileId}/`);
}

/** Every file of an account: for deletePrefix when the account is deleted. */
export function accountPrefix(accountId: string): string {
  return checkPrefix(`accounts/${accountId}/`);
}

/** All of a stored file's bytes (a thumbnail for a PDF, a test). */
export async function readStoredFile(file: StoredFile): Promise<Buffer> {
  return Buffer.from(await new Response(file.body).arrayBuffer());
}

function bodyStream(body: Exclude<PutBody, Uint8Array | { path: string }>): Readable {
  return body.stream instanceof Readable
    ? body.stream
    : Readable.fromWeb(body.stream as import("node:stream/web").ReadableStream);
}

/** Counts a stream's bytes and fails it when they are not the size announced. */
function exactly(size: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > size) return done(new Error(`The stream is longer than the ${size} bytes announced.`));
      done(null, chunk);
    },
    flush(done) {
      done(seen === size ? null : new Error(`The stream ended after ${seen} of the ${size} bytes announced.`));
    },
  });
}

// ---------------------------------------------------------------------------------------
// A folder.

/** The content type beside each stored file: `<key>~type` (a key cannot hold "~"). */
const TYPE_SUFFIX = "~type";
/** Files being written, renamed into place when whole; a key segment cannot start with ".". */
const TEMP_DIR = ".tmp";
const STALE_TEMP_MS = 60 * 60_000;

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export function folderStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const temp = path.join(root, TEMP_DIR);
  const where = (key: string) => path.join(root, ...checkKey(key).split("/"));
  let tempSwept = false;

  /** Temporary files a crash left behind (older than an hour), once per process. */
  async function sweepTemp() {
    if (tempSwept) return;
    tempSwept = true;
    const names = await readdir(temp).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(temp, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
    }
  }

  /** Writes a temporary file with the bytes, flushed to disk, and answers its path. */
  async function writeTemp(body: PutBody | string): Promise<string> {
    await mkdir(temp, { recursive: true });
    await sweepTemp();
    const file = path.join(temp, randomBytes(12).toString("hex"));
    try {
      if (typeof body === "string" || body instanceof Uint8Array) await writeFile(file, body, { flag: "wx", mode: 0o600 });
      else if ("path" in body) await copyFile(body.path, file);
      else await pipeline(bodyStream(body), exactly(body.size), createWriteStream(file, { flags: "wx", mode: 0o600 }));
      // On disk before it is renamed into place: after a power cut the key holds the whole
      // file or the previous one, never an empty or partial one.
      const handle = await open(file, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      return file;
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  /** Removes the key's now empty folders, up to the root. */
  async function pruneFolders(file: string) {
    for (let folder = path.dirname(file); folder.startsWith(root + path.sep); folder = path.dirname(folder)) {
      try {
        await rmdir(folder);
      } catch {
        return; // not empty, or already gone
      }
    }
  }

  /** Counts the stored files (not their type files) under a folder. */
  async function countFiles(folder: string): Promise<number> {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    return entries.filter((entry) => entry.isFile() && !entry.name.endsWith(TYPE_SUFFIX)).length;
  }

  return {
    kind: "folder",

    async put(key, body, contentType) {
      const file = where(key);
      const data = await writeTemp(body);
      try {
        const type = await writeTemp(contentType);
        await mkdir(path.dirname(file), { recursive: true });
        // The type first: a crash between the two renames leaves a type without a file (not
        // found), never a file served with another file's type.
        await rename(type, file + TYPE_SUFFIX);
        await rename(data, file);
      } catch (error) {
        await rm(data, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = where(key);
      let handle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        const contentType = await readFile(file + TYPE_SUFFIX, "utf8").catch(() => "application/octet-stream");
        const stream = handle.createReadStream();
        return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size, contentType };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(keys) {
      const files = keys.map(where);
      for (const file of files) {
        await unlink(file).catch((error: unknown) => {
          if (!missing(error)) throw error;
        });
        await rm(file + TYPE_SUFFIX, { force: true });
        await pruneFolders(file);
      }
    },

    async deletePrefix(prefix) {
      const folder = path.join(root, ...checkPrefix(prefix).slice(0, -1).split("/"));
      const count = await countFiles(folder);
      await rm(folder, { recursive: true, force: true });
      await pruneFolders(folder);
      return count;
    },
  };
}

// ---------------------------------------------------------------------------------------
// An S3-compatible bucket.

export interface S3StoreOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3 answers at most 1,000 keys per list and takes at most 1,000 per DeleteObjects. */
const S3_BATCH = 1000;

export function s3Store(options: S3StoreOptions): FileStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // bucket in the path (https://endpoint/bucket/key): R2, Tigris and any endpoint work
    // without a DNS name per bucket.
    forcePathStyle: true,
    // Checksums only where S3 requires one (DeleteObjects): the SDK's default (a CRC32
    // trailer on every upload, aws-chunked) is not understood by every S3-compatible service.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;

  async function deleteBatch(keys: string[]) {
    for (let at = 0; at < keys.length; at += S3_BATCH) {
      const Objects = keys.slice(at, at + S3_BATCH).map((Key) => ({ Key }));
      const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      if (answer.Errors?.length) {
        const [first] = answer.Errors;
        throw new Error(
          `${answer.Errors.length} file(s) could not be deleted from the bucket: ${first.Key}: ${first.Code} ${first.Message}`,
        );
      }
    }
  }

  return {
    kind: "s3",

    async put(key, body, contentType) {
      checkKey(key);
      if (body instanceof Uint8Array) {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
        );
        return;
      }
      const ContentLength = "path" in body ? (await stat(body.path)).size : body.size;
      const source = "path" in body ? createReadStream(body.path) : bodyStream(body);
      const Body = source.pipe(exactly(ContentLength));
      // The SDK pipes the body into the request and would wait for the bytes a failed
      // stream never sends: a failure aborts the request instead.
      const aborted = new AbortController();
      let failure: unknown;
      const fail = (error: unknown) => {
        failure ??= error;
        Body.destroy(error as Error);
        aborted.abort(error);
      };
      source.on("error", fail);
      Body.on("error", fail);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body, ContentType: contentType, ContentLength }), {
          abortSignal: aborted.signal,
        });
      } catch (error) {
        throw failure ?? error;
      }
    },

    async get(key) {
      checkKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return {
          body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404))
          return null;
        throw error;
      }
    },

    async delete(keys) {
      await deleteBatch(keys.map(checkKey));
    },

    async deletePrefix(prefix) {
      checkPrefix(prefix);
      let count = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken, MaxKeys: S3_BATCH }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        // Deleting a page does not move the continuation token: it names the last key listed.
        await deleteBatch(keys);
        count += keys.length;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return count;
    },
  };
}

// ---------------------------------------------------------------------------------------
// The process's store.

export function createFileStore(settings: FileStorageSettings): FileStore {
  return settings.kind === "s3" ? s3Store(settings) : folderStore(settings.dir);
}

let store: FileStore | undefined;

/** The store the environment names (decision 034), one per process. */
export function fileStore(): FileStore {
  store ??= createFileStore(fileStorageSettings(env()));
  return store;
}
