// One contract, two stores: the folder on this machine's disk, and the AWS SDK talking HTTP to
// an S3 server on loopback that checks every request's Signature V4 (test/s3-server.ts).
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "../../test/s3-server";
import { parseEnv, fileStorageSettings } from "./env.server";
import {
  accountPrefix,
  createFileStore,
  fileKey,
  filePrefix,
  folderStore,
  isValidKey,
  newFileId,
  readStoredFile,
  s3Store,
  type FileStore,
} from "./file-store.server";

const KEYS = { bucket: "tradedesk-test", accessKeyId: "AKIATESTLOOPBACK", secretAccessKey: "loopback-secret-0123456789abcdef" };

let dir: string;
let s3: S3Server;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "file-store-test-"));
  // Three keys a page, so deleting a prefix follows the continuation over several pages.
  s3 = await startS3Server({ ...KEYS, pageSize: 3 });
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const s3Settings = () => ({ endpoint: s3.url, region: "auto", ...KEYS });

async function read(store: FileStore, key: string) {
  const file = await store.get(key);
  return file && { bytes: await readStoredFile(file), size: file.size, contentType: file.contentType };
}

const account = () => crypto.randomUUID();

function storeContract(name: string, makeStore: () => FileStore) {
  describe(`${name}: the file store contract`, () => {
    let store: FileStore;
    beforeAll(() => {
      store = makeStore();
    });

    it("stores bytes and gives them back with their size and type; nothing for an unknown key", async () => {
      const key = fileKey(account(), newFileId(), "display");
      const bytes = randomBytes(50_000);
      await store.put(key, bytes, "image/jpeg");
      expect(await read(store, key)).toEqual({ bytes, size: 50_000, contentType: "image/jpeg" });
      expect(await store.get(fileKey(account(), newFileId(), "display"))).toBeNull();
    });

    it("stores a file from disk and a stream of a known size, 6 MB each, streamed back", async () => {
      const upload = path.join(dir, `upload-${newFileId()}`);
      const bytes = randomBytes(6 * 1024 * 1024);
      await writeFile(upload, bytes);
      const fromDisk = fileKey(account(), newFileId(), "original");
      await store.put(fromDisk, { path: upload }, "image/heic");
      const fromStream = fileKey(account(), newFileId(), "original");
      await store.put(
        fromStream,
        { stream: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), size: bytes.length },
        "application/pdf",
      );

      for (const [key, type] of [
        [fromDisk, "image/heic"],
        [fromStream, "application/pdf"],
      ]) {
        const file = await store.get(key);
        expect(file?.size).toBe(bytes.length);
        expect(file?.contentType).toBe(type);
        let chunks = 0;
        const got: Buffer[] = [];
        const reader = file!.body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          chunks++;
          got.push(Buffer.from(read.value));
        }
        expect(chunks).toBeGreaterThan(1); // streamed, not one buffer
        expect(Buffer.concat(got).equals(bytes)).toBe(true);
      }
    });

    it("refuses a stream that is not the size announced, and stores nothing", async () => {
      const key = fileKey(account(), newFileId(), "original");
      await expect(store.put(key, { stream: Readable.from([Buffer.alloc(10)]), size: 20 }, "image/png")).rejects.toThrow();
      expect(await store.get(key)).toBeNull();
    });

    it("replaces what a key held", async () => {
      const key = fileKey(account(), newFileId(), "thumbnail");
      await store.put(key, Buffer.from("first"), "text/plain");
      await store.put(key, Buffer.from("second, longer"), "image/jpeg");
      expect(await read(store, key)).toEqual({ bytes: Buffer.from("second, longer"), size: 14, contentType: "image/jpeg" });
    });

    it("deletes keys, and a key with nothing stored is no error", async () => {
      const owner = account();
      const id = newFileId();
      const [a, b, c] = (["original", "display", "thumbnail"] as const).map((variant) => fileKey(owner, id, variant));
      for (const key of [a, b, c]) await store.put(key, Buffer.from(key), "text/plain");
      await store.delete([a, b, fileKey(owner, newFileId(), "original")]);
      expect(await store.get(a)).toBeNull();
      expect(await store.get(b)).toBeNull();
      expect((await read(store, c))?.bytes.toString()).toBe(c);
      await store.delete([]);
    });

    it("deletes a document's or an account's files by prefix, and nobody else's", async () => {
      const owner = account();
      // An account whose id starts with the first's: "accounts/<id>" is a prefix of both.
      const neighbour = `${owner}0`;
      const files = Array.from({ length: 4 }, () => newFileId());
      for (const id of files) {
        for (const variant of ["original", "display"] as const)
          await store.put(fileKey(owner, id, variant), Buffer.from(id), "text/plain");
      }
      const theirs = fileKey(neighbour, newFileId(), "original");
      await store.put(theirs, Buffer.from("theirs"), "text/plain");

      expect(await store.deletePrefix(filePrefix(owner, files[0]))).toBe(2);
      expect(await store.get(fileKey(owner, files[0], "original"))).toBeNull();
      expect(await store.get(fileKey(owner, files[1], "original"))).not.toBeNull();

      expect(await store.deletePrefix(accountPrefix(owner))).toBe(6);
      for (const id of files) expect(await store.get(fileKey(owner, id, "display"))).toBeNull();
      expect((await read(store, theirs))?.bytes.toString()).toBe("theirs");
      expect(await store.deletePrefix(accountPrefix(owner))).toBe(0);
    });

    it("refuses keys that could leave the store or hide a file, and prefixes that are not a whole folder", async () => {
      const bad = [
        "",
        "../etc/passwd",
        "accounts/../../x",
        "/etc/passwd",
        "a//b",
        "a/./b",
        ".tmp/x",
        "a/.hidden",
        "a\\b",
        "a/b/",
        "a~type",
        "a b",
        "é",
        "a".repeat(513),
      ];
      for (const key of bad) {
        expect(isValidKey(key), key).toBe(false);
        await expect(store.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow(/Not a file key/);
        await expect(store.get(key), key).rejects.toThrow(/Not a file key/);
        await expect(store.delete([key]), key).rejects.toThrow(/Not a file key/);
      }
      for (const prefix of ["", "/", "accounts", "accounts/abc", "../", "accounts/../"]) {
        await expect(store.deletePrefix(prefix), prefix).rejects.toThrow(/Not a key prefix/);
      }
      expect(() => fileKey("../other", newFileId(), "display")).toThrow(/Not a file key/);
    });
  });
}

storeContract("folder", () => folderStore(path.join(dir, "files")));
storeContract("S3 on loopback", () => s3Store(s3Settings()));

describe("keys", () => {
  it("file ids are 128 random bits, URL-safe", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newFileId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const accountId = "0f8b3f5e-2c7a-4c1e-9d1a-5b1e2f3a4b5c";
    expect(fileKey(accountId, "AbC-_x", "thumbnail")).toBe(`accounts/${accountId}/AbC-_x/thumbnail`);
    expect(filePrefix(accountId, "AbC-_x")).toBe(`accounts/${accountId}/AbC-_x/`);
    expect(accountPrefix(accountId)).toBe(`accounts/${accountId}/`);
  });
});

describe("the folder", () => {
  it("keeps a key under FILES_DIR as its path, with its type beside it", async () => {
    const root = path.join(dir, "layout");
    const store = folderStore(root);
    const owner = account();
    const key = fileKey(owner, "file1", "display");
    await store.put(key, Buffer.from("pixels"), "image/jpeg");
    expect(await readFile(path.join(root, "accounts", owner, "file1", "display"), "utf8")).toBe("pixels");
    expect(await readFile(path.join(root, "accounts", owner, "file1", "display~type"), "utf8")).toBe("image/jpeg");
    // Deleting the last file removes its now empty folders.
    await store.delete([key]);
    expect(existsSync(path.join(root, "accounts"))).toBe(false);
  });

  it("never shows half a file: a write that fails midway leaves the old bytes and no temporary file", async () => {
    const root = path.join(dir, "crash");
    const store = folderStore(root);
    const key = fileKey(account(), newFileId(), "original");
    await store.put(key, Buffer.from("the whole old file"), "text/plain");
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error("the connection dropped"));
      },
    });
    await expect(store.put(key, { stream: failing, size: 10 * 1024 * 1024 }, "image/jpeg")).rejects.toThrow(/connection dropped/);
    expect(await read(store, key)).toEqual({ bytes: Buffer.from("the whole old file"), size: 18, contentType: "text/plain" });
    expect(await readdir(path.join(root, ".tmp"))).toEqual([]);
  });
});

describe("S3 on loopback", () => {
  it("signs every request (Signature V4 checked by the server) and uses the bucket in the path", async () => {
    const store = s3Store(s3Settings());
    const key = fileKey(account(), newFileId(), "display");
    const before = s3.calls.length;
    await store.put(key, Buffer.from("signed"), "image/jpeg");
    await store.get(key);
    await store.delete([key]);
    const calls = s3.calls.slice(before);
    expect(calls.map((call) => `${call.method} ${call.signature} ${call.status}`)).toEqual([
      "PUT valid 200",
      "GET valid 200",
      "POST valid 200",
    ]);
    expect(calls[0].path).toBe(`/${KEYS.bucket}/${key}`);
    expect(calls[2].query).toBe("delete=");
    expect(s3.objects.has(key)).toBe(false);
  });

  it("fails with a wrong secret or key id: nothing is stored", async () => {
    const key = fileKey(account(), newFileId(), "display");
    const wrongSecret = s3Store({ ...s3Settings(), secretAccessKey: "not-the-secret" });
    await expect(wrongSecret.put(key, Buffer.from("x"), "image/jpeg")).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
    await expect(wrongSecret.get(key)).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
    const wrongKey = s3Store({ ...s3Settings(), accessKeyId: "AKIAWRONG" });
    await expect(wrongKey.deletePrefix(accountPrefix(account()))).rejects.toMatchObject({ name: "InvalidAccessKeyId" });
    expect(s3.objects.has(key)).toBe(false);
  });

  it("pages through a large prefix: seven keys at three a page", async () => {
    const store = s3Store(s3Settings());
    const owner = account();
    for (let i = 0; i < 7; i++) await store.put(fileKey(owner, `file${i}`, "original"), Buffer.from([i]), "image/png");
    const before = s3.calls.length;
    expect(await store.deletePrefix(accountPrefix(owner))).toBe(7);
    const lists = s3.calls.slice(before).filter((call) => call.query.includes("list-type=2"));
    expect(lists).toHaveLength(3);
    expect(lists.slice(1).every((call) => call.query.includes("continuation-token="))).toBe(true);
  });
});

describe("the store the environment names", () => {
  it("is the folder by default and the bucket with the four S3 variables", () => {
    expect(createFileStore(fileStorageSettings(parseEnv({ FILES_DIR: path.join(dir, "env") }))).kind).toBe("folder");
    const bucket = parseEnv({
      S3_ENDPOINT: s3.url,
      S3_BUCKET: KEYS.bucket,
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    });
    expect(createFileStore(fileStorageSettings(bucket)).kind).toBe("s3");
  });
});
