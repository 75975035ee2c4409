// Uploads read as they stream: requests built as a browser's FormData post would be, raw
// bodies for what a browser never sends, a body that never ends, and the same over real
// HTTP on loopback, where the answer must come while the client is still sending.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFileKind } from "~/lib/file-kind";
import { multipartBoundary, readUpload, UPLOAD_LIMITS, uploadErrorStatus, type Upload, type UploadError } from "./upload.server";

const MB = 1024 * 1024;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "upload-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What a browser posts for this form. */
const post = (form: FormData) => new Request("http://localhost/app/jobs/1/files", { method: "POST", body: form });

/** A request with this exact body. */
const raw = (body: string | Buffer | ReadableStream<Uint8Array>, boundary = "XyZ") =>
  new Request("http://localhost/app/jobs/1/files", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);

const jpeg = (size: number) => {
  const bytes = Buffer.alloc(size, 0x55);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
};

/** The temporary folders readUpload left under `dir`. */
const spoolFolders = async () => (await readdir(dir)).filter((name) => name.startsWith("tradedesk-upload-"));

function expectUpload(result: Upload | UploadError): Upload {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

describe("readUpload: what a browser sends", () => {
  it("spools each file to a temporary file and answers the text fields", async () => {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("caption", "Kitchen, before — cocina «antes»");
    form.append("showToCustomer", "on");
    form.append("file", new File([jpeg(300_000)], "IMG_0001.JPG", { type: "image/jpeg" }));
    form.append(
      "file",
      new File([Buffer.from("%PDF-1.7\n%%EOF\n")], 'Smith; kitchen=1 "final" año.pdf', { type: "application/octet-stream" }),
    );
    const upload = expectUpload(await readUpload(post(form), { dir }));
    try {
      expect([...upload.fields.entries()]).toEqual([
        ["intent", "upload"],
        ["caption", "Kitchen, before — cocina «antes»"],
        ["showToCustomer", "on"],
      ]);
      expect(upload.files.map(({ field, filename, claimedType, size }) => ({ field, filename, claimedType, size }))).toEqual([
        { field: "file", filename: "IMG_0001.JPG", claimedType: "image/jpeg", size: 300_000 },
        // The name a Remix parser refuses (";" and "=" inside the quotes), and quotes sent as %22.
        { field: "file", filename: 'Smith; kitchen=1 "final" año.pdf', claimedType: "application/octet-stream", size: 15 },
      ]);
      expect((await readFile(upload.files[0].path)).equals(jpeg(300_000))).toBe(true);
      expect(upload.files[0].head).toHaveLength(256);
      expect(checkFileKind(upload.files[0].head)).toMatchObject({ ok: true, type: { kind: "jpeg" } });
      // The PDF's real kind, whatever the browser claimed.
      expect(checkFileKind(upload.files[1].head)).toMatchObject({ ok: true, type: { kind: "pdf" } });
    } finally {
      await upload.cleanup();
    }
    expect(existsSync(upload.files[0].path)).toBe(false);
    expect(await spoolFolders()).toEqual([]);
  });

  it("takes exactly 20 MB and 20 files", async () => {
    const form = new FormData();
    form.append("file", new File([jpeg(20 * MB)], "big.jpg", { type: "image/jpeg" }));
    for (let i = 1; i < 20; i++) form.append("file", new File([jpeg(1000)], `small-${i}.jpg`, { type: "image/jpeg" }));
    const upload = expectUpload(await readUpload(post(form), { dir }));
    expect(upload.files).toHaveLength(20);
    expect(upload.files[0].size).toBe(20 * MB);
    await upload.cleanup();
  });

  it("skips a file input left empty, as a browser sends it", async () => {
    const body = [
      "--XyZ",
      'Content-Disposition: form-data; name="caption"',
      "",
      "no photo",
      "--XyZ",
      'Content-Disposition: form-data; name="file"; filename=""',
      "Content-Type: application/octet-stream",
      "",
      "",
      "--XyZ--",
      "",
    ].join("\r\n");
    const upload = expectUpload(await readUpload(raw(body), { dir }));
    expect(upload.files).toEqual([]);
    expect(upload.fields.get("caption")).toBe("no photo");
    await upload.cleanup();
  });

  it("reads a body cut into one-byte chunks the same (a boundary split across reads)", async () => {
    const form = new FormData();
    form.append("caption", "split");
    form.append("file", new File([Buffer.from("\r\n--XyZ is not the boundary\r\n-")], "tricky.bin"));
    const posted = post(form);
    const type = posted.headers.get("content-type")!;
    const bytes = Buffer.from(await posted.arrayBuffer());
    const oneByOne = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": type },
      body: oneByOne,
      duplex: "half",
    } as RequestInit);
    const upload = expectUpload(await readUpload(request, { dir }));
    expect(upload.fields.get("caption")).toBe("split");
    expect(await readFile(upload.files[0].path, "latin1")).toBe("\r\n--XyZ is not the boundary\r\n-");
    await upload.cleanup();
  });
});

describe("readUpload: refusals", () => {
  it("one byte over 20 MB: too-large with the limit, 413, nothing left on disk", async () => {
    const form = new FormData();
    form.append("file", new File([jpeg(20 * MB + 1)], "huge.jpg", { type: "image/jpeg" }));
    const result = await readUpload(post(form), { dir });
    expect(result).toMatchObject({ ok: false, error: "too-large", what: "file", limit: 20 * MB });
    expect(uploadErrorStatus(result as UploadError)).toBe(413);
    expect(await spoolFolders()).toEqual([]);
  });

  it("the 21st file: too-many, nothing left on disk", async () => {
    const form = new FormData();
    for (let i = 0; i < 21; i++) form.append("file", new File([jpeg(100)], `p${i}.jpg`));
    expect(await readUpload(post(form), { dir })).toMatchObject({
      ok: false,
      error: "too-many",
      what: "files",
      limit: UPLOAD_LIMITS.files,
    });
    expect(await spoolFolders()).toEqual([]);
  });

  it("a refusal keeps the text fields read before it, and none after", async () => {
    const form = new FormData();
    form.append("name", "Ana Ruiz");
    form.append("description", "Cracked tile by the door");
    for (let i = 0; i < 3; i++) form.append("file", new File([jpeg(100)], `p${i}.jpg`));
    form.append("after", "sent after the files");
    const result = await readUpload(post(form), { dir, limits: { files: 2 } });
    expect(result).toMatchObject({ ok: false, error: "too-many", what: "files", limit: 2 });
    const fields = (result as { fields: FormData }).fields;
    expect([...fields.entries()]).toEqual([
      ["name", "Ana Ruiz"],
      ["description", "Cracked tile by the door"],
    ]);
    expect(await spoolFolders()).toEqual([]);
  });

  it("a text field over 64 KB, and too many fields", async () => {
    const long = new FormData();
    long.append("caption", "x".repeat(64 * 1024 + 1));
    expect(await readUpload(post(long), { dir })).toMatchObject({
      ok: false,
      error: "too-large",
      what: "field",
      limit: 64 * 1024,
    });
    const many = new FormData();
    for (let i = 0; i < 51; i++) many.append(`f${i}`, "v");
    expect(await readUpload(post(many), { dir })).toMatchObject({ ok: false, error: "too-many", what: "fields", limit: 50 });
  });

  it("not multipart: JSON, a URL-encoded form, no boundary (415)", async () => {
    const json = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    const result = await readUpload(json);
    expect(result).toMatchObject({ ok: false, error: "not-multipart" });
    expect(uploadErrorStatus(result as UploadError)).toBe(415);
    expect(
      await readUpload(new Request("http://localhost/x", { method: "POST", body: new URLSearchParams({ a: "1" }) })),
    ).toMatchObject({
      ok: false,
      error: "not-multipart",
    });
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary="----WebKitFormBoundaryAbC"')).toBe("----WebKitFormBoundaryAbC");
    expect(multipartBoundary("Multipart/Form-Data; charset=utf-8; boundary=abc")).toBe("abc");
  });

  it("malformed: cut before the last boundary, a part without a name, endless part headers (400)", async () => {
    const cut = await readUpload(
      raw('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff'),
      { dir },
    );
    expect(cut).toMatchObject({ ok: false, error: "malformed" });
    expect(uploadErrorStatus(cut as UploadError)).toBe(400);
    expect(await readUpload(raw("--XyZ\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XyZ--"))).toMatchObject({
      ok: false,
      error: "malformed",
      reason: "a part without a name",
    });
    expect(await readUpload(raw(`--XyZ\r\nX-Padding: ${"a".repeat(20_000)}`))).toMatchObject({
      error: "malformed",
      reason: "part headers too long",
    });
    expect(await readUpload(raw("no boundary anywhere ".repeat(1000)))).toMatchObject({ error: "malformed" });
    expect(await spoolFolders()).toEqual([]);
  });
});

/** A body that sends the start of a file part, then bytes for ever, counting what was pulled. */
function endlessBody(header: string) {
  const seen = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`--XyZ\r\n${header}\r\n\r\n`));
    },
    pull(controller) {
      seen.pulled += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("readUpload: a body that never ends", () => {
  it("stops reading at the byte past 20 MB of a file", async () => {
    const { stream, seen } = endlessBody('Content-Disposition: form-data; name="file"; filename="endless.jpg"');
    const result = await readUpload(raw(stream), { dir });
    expect(result).toMatchObject({ ok: false, error: "too-large", what: "file", limit: 20 * MB });
    expect(seen.pulled).toBeGreaterThan(20 * MB);
    expect(seen.pulled).toBeLessThan(20 * MB + 1 * MB);
    // Nothing more is pulled afterwards: the body is left unread (the answer closes the connection).
    const after = seen.pulled;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.pulled - after).toBeLessThanOrEqual(64 * 1024);
    expect(seen.cancelled).toBe(false);
    expect(await spoolFolders()).toEqual([]);
  });

  it("stops a text field after 64 KB without writing anything to disk", async () => {
    const { stream, seen } = endlessBody('Content-Disposition: form-data; name="caption"');
    expect(await readUpload(raw(stream), { dir })).toMatchObject({
      ok: false,
      error: "too-large",
      what: "field",
      limit: 64 * 1024,
    });
    expect(seen.pulled).toBeLessThan(1 * MB);
  });
});

describe("readUpload over HTTP on loopback", () => {
  let server: http.Server;
  let url: string;
  const received: number[] = [];
  beforeAll(async () => {
    // As the app's server hands a request to Remix (@remix-run/express): the Node request's
    // body as a web stream.
    server = http.createServer(async (req, res) => {
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: createReadableStreamFromReadable(req),
        duplex: "half",
      } as RequestInit);
      const result = await readUpload(request, { dir });
      received.push(req.socket.bytesRead);
      if (result.ok) {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            files: result.files.map((file) => [file.filename, file.size]),
            caption: result.fields.get("caption"),
          }),
        );
        await result.cleanup();
      } else {
        // What the app's server does with an answer to a body it did not read (server/body-limit.ts).
        res.writeHead(uploadErrorStatus(result), { "Content-Type": "application/json", Connection: "close" });
        res.end(JSON.stringify(result));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers a real multipart post", async () => {
    const form = new FormData();
    form.append("caption", "Roof");
    form.append("photo", new File([jpeg(2 * MB)], "roof.jpg", { type: "image/jpeg" }));
    const response = await fetch(`${url}/upload`, { method: "POST", body: form });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ files: [["roof.jpg", 2 * MB]], caption: "Roof" });
  });

  it("answers 413 while a client is still sending a body that never ends", { timeout: 30_000 }, async () => {
    const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      const request = http.request(`${url}/upload`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=XyZ", "Transfer-Encoding": "chunked" },
      });
      let sent = 0;
      let stopped = false;
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      request.on("response", (response) => {
        stopped = true;
        let body = "";
        response.on("data", (data: Buffer) => (body += data));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent }));
      });
      request.on("error", (error) => (stopped ? undefined : reject(error)));
      request.write('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="endless.jpg"\r\n\r\n');
      // Bounded: at most 200 MB or 20 s, whichever comes first; the answer should stop it far sooner.
      const started = Date.now();
      const send = () => {
        while (!stopped && sent < 200 * MB && Date.now() - started < 20_000) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", send);
        }
        if (!stopped) reject(new Error(`no answer after ${sent} bytes`));
      };
      send();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: "too-large", what: "file", limit: 20 * MB });
    // The client got its answer after a little over 20 MB (plus what the sockets buffer).
    expect(answer.sent).toBeGreaterThan(20 * MB);
    expect(answer.sent).toBeLessThan(40 * MB);
    expect(received.at(-1)).toBeLessThan(22 * MB);
    expect(await spoolFolders()).toEqual([]);
  });
});
