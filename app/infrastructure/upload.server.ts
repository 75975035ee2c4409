// Reading a photo or file upload (multipart/form-data) as it streams in: each file is
// written to a temporary file as its bytes arrive, so twenty 20 MB photos never sit in
// memory, and the reading stops at the byte that passes a limit (20 MB a file, 20 files, a
// small text field) instead of taking in the rest of an oversize body. The small text
// fields (caption, showToCustomer, intent, csrf) come back as a FormData for parseForm.
// A parser of its own: Remix's (@web3-storage/multipart-parser) refuses a file name holding
// ";" or "=" ("Smith; kitchen.jpg") and reads part headers without a limit
// (docs/decisions/034-files-and-photos-storage.md).
import { mkdtemp, open, rm, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { FILE_HEAD_BYTES } from "~/lib/file-kind";

export interface UploadLimits {
  /** Bytes of one file: 20 MB (a 48 MP JPEG or a long scanned PDF fits). */
  fileBytes: number;
  /** Files in one request. */
  files: number;
  /** Bytes of one text field. */
  fieldBytes: number;
  /** Text fields in one request. */
  fields: number;
}

export const UPLOAD_LIMITS: UploadLimits = {
  fileBytes: 20 * 1024 * 1024,
  files: 20,
  fieldBytes: 64 * 1024,
  fields: 50,
};

/** A part's headers (Content-Disposition and Content-Type, a few hundred bytes from a browser). */
const MAX_PART_HEADER_BYTES = 16 * 1024;
/** What a body may hold before its first boundary (browsers send nothing there). */
const MAX_PREAMBLE_BYTES = 16 * 1024;

export interface UploadedFile {
  /** The form field it was sent as. */
  field: string;
  /** The name on the sender's device, without folders; only ever shown, never used as a path. */
  filename: string;
  /** The type the browser claims: not to be trusted (file-kind.ts reads `head`). */
  claimedType: string;
  size: number;
  /** The temporary file holding it, until cleanup(). */
  path: string;
  /** Its first bytes (up to FILE_HEAD_BYTES), for checkFileKind. */
  head: Uint8Array;
}

export interface Upload {
  ok: true;
  files: UploadedFile[];
  /** The text fields, in order. */
  fields: FormData;
  /** Deletes the temporary files: call it once the files are stored (a finally). */
  cleanup(): Promise<void>;
}

export type UploadError =
  | { ok: false; error: "too-large"; what: "file" | "field"; limit: number }
  | { ok: false; error: "too-many"; what: "files" | "fields"; limit: number }
  | { ok: false; error: "not-multipart" }
  | { ok: false; error: "malformed"; reason: string };

/**
 * A refused upload, with the text fields read before the refusal: a browser sends a form's
 * fields in their order, so what was typed above a file input arrives before the files, and
 * a page can show it again.
 */
export type UploadRefused = UploadError & { fields: FormData };

/** The HTTP status for a refused upload: 413 for a limit, 415 for another content type, else 400. */
export function uploadErrorStatus(error: UploadError): 400 | 413 | 415 {
  if (error.error === "too-large" || error.error === "too-many") return 413;
  return error.error === "not-multipart" ? 415 : 400;
}

class Refused extends Error {
  constructor(readonly answer: UploadError) {
    super(answer.error);
  }
}

const refuse = (answer: UploadError): never => {
  throw new Refused(answer);
};
const malformed = (reason: string) => refuse({ ok: false, error: "malformed", reason });

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType) return null;
  const [type, ...params] = contentType.split(";");
  if (type.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const param of params) {
    const at = param.indexOf("=");
    if (at < 0 || param.slice(0, at).trim().toLowerCase() !== "boundary") continue;
    const value = param
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    return /^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/.test(value) && !value.endsWith(" ") ? value : null;
  }
  return null;
}

/** The parameters of a Content-Disposition value: quoted values may hold ";" and "=". */
function dispositionParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of value.matchAll(pattern)) {
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : match[3].trim();
    params.set(match[1].toLowerCase(), raw);
  }
  return params;
}

/**
 * A part's name and file name. Browsers write a name's `"`, CR and LF as %22, %0D, %0A (the
 * HTML standard); the file name loses any folders (an old browser's C:\fakepath\).
 */
function partHeaders(block: string) {
  let disposition: string | undefined;
  let contentType = "";
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) malformed("a part header without a name");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-disposition") disposition = value;
    else if (name === "content-type") contentType = value;
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) return malformed("a part without Content-Disposition: form-data");
  const params = dispositionParams(disposition);
  const unescape = (text: string) => text.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
  const name = params.get("name");
  if (!name) return malformed("a part without a name");
  let filename = params.get("filename");
  const extended = params.get("filename*");
  if (filename === undefined && extended !== undefined) {
    const encoded = /^utf-8''(.*)$/i.exec(extended)?.[1];
    try {
      filename = encoded !== undefined ? decodeURIComponent(encoded) : extended;
    } catch {
      return malformed("a file name that is not UTF-8");
    }
  }
  return {
    name: unescape(name),
    filename: filename === undefined ? undefined : (unescape(filename).split(/[/\\]/).pop() ?? "").slice(0, 255),
    contentType,
  };
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const DASHES = Buffer.from("--");

/**
 * Reads a multipart/form-data request: the files spooled to temporary files (in a folder of
 * their own under `dir`, by default the system's), the text fields as a FormData. A limit
 * passed, a body that is not multipart or is cut short, is an UploadError, with the request's
 * body cancelled and every temporary file already deleted.
 */
export async function readUpload(
  request: Request,
  options: { limits?: Partial<UploadLimits>; dir?: string } = {},
): Promise<Upload | UploadRefused> {
  const limits = { ...UPLOAD_LIMITS, ...options.limits };
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary) return { ok: false, error: "not-multipart", fields: new FormData() };
  if (!request.body) return { ok: false, error: "malformed", reason: "no body", fields: new FormData() };

  // The body starts with "--boundary"; every later boundary with "\r\n--boundary". A CRLF
  // put in front lets one delimiter find them all.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = request.body.getReader();
  let spool: string | undefined;
  const files: UploadedFile[] = [];
  const fields = new FormData();
  let fieldCount = 0;
  const cleanup = async () => {
    if (spool) await rm(spool, { recursive: true, force: true });
  };

  // The part being read.
  type Part =
    | { kind: "file"; file: UploadedFile; handle: FileHandle; head: Buffer[]; headBytes: number }
    | { kind: "field"; name: string; chunks: Buffer[]; size: number }
    | { kind: "skip" };
  let part: Part | undefined;
  let handle: FileHandle | undefined;

  async function startPart(block: string) {
    const headers = partHeaders(block);
    if (headers.filename === undefined) {
      if (++fieldCount > limits.fields) refuse({ ok: false, error: "too-many", what: "fields", limit: limits.fields });
      part = { kind: "field", name: headers.name, chunks: [], size: 0 };
      return;
    }
    // A file input left empty is sent as a part with an empty file name.
    if (headers.filename === "") {
      part = { kind: "skip" };
      return;
    }
    if (files.length >= limits.files) refuse({ ok: false, error: "too-many", what: "files", limit: limits.files });
    spool ??= await mkdtemp(path.join(options.dir ?? os.tmpdir(), "tradedesk-upload-"));
    const file = path.join(spool, String(files.length + 1));
    handle = await open(file, "wx", 0o600);
    const uploaded: UploadedFile = {
      field: headers.name,
      filename: headers.filename,
      claimedType: headers.contentType,
      size: 0,
      path: file,
      head: new Uint8Array(),
    };
    files.push(uploaded);
    part = { kind: "file", file: uploaded, handle, head: [], headBytes: 0 };
  }

  async function partData(data: Buffer) {
    if (!part || data.length === 0) return;
    if (part.kind === "file") {
      part.file.size += data.length;
      if (part.file.size > limits.fileBytes) refuse({ ok: false, error: "too-large", what: "file", limit: limits.fileBytes });
      if (part.headBytes < FILE_HEAD_BYTES) {
        part.head.push(data.subarray(0, FILE_HEAD_BYTES - part.headBytes));
        part.headBytes += Math.min(data.length, FILE_HEAD_BYTES - part.headBytes);
      }
      await part.handle.write(data);
    } else if (part.kind === "field") {
      part.size += data.length;
      if (part.size > limits.fieldBytes) refuse({ ok: false, error: "too-large", what: "field", limit: limits.fieldBytes });
      part.chunks.push(Buffer.from(data));
    }
  }

  async function endPart() {
    if (part?.kind === "file") {
      part.file.head = new Uint8Array(Buffer.concat(part.head));
      await part.handle.close();
      handle = undefined;
    } else if (part?.kind === "field") {
      fields.append(part.name, Buffer.concat(part.chunks).toString("utf8"));
    }
    part = undefined;
  }

  let pending: Buffer = Buffer.from(CRLF);
  type State = "preamble" | "after-delimiter" | "headers" | "body" | "done";
  let state: State = "preamble";
  /** Read through a function: consume() changes the state, which narrowing would not see. */
  const finished = () => state === "done";
  let preamble = 0;
  let epilogue = 0;

  /** Consumes what `pending` holds, as far as it can; the rest waits for more bytes. */
  async function consume() {
    for (;;) {
      if (state === "preamble") {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          const keep = Math.min(pending.length, delimiter.length - 1);
          preamble += pending.length - keep;
          if (preamble > MAX_PREAMBLE_BYTES) malformed("no boundary where the body starts");
          pending = pending.subarray(pending.length - keep);
          return;
        }
        pending = pending.subarray(at + delimiter.length);
        state = "after-delimiter";
      } else if (state === "after-delimiter") {
        if (pending.length < 2) return;
        if (pending.subarray(0, 2).equals(DASHES)) {
          state = "done";
          return;
        }
        if (!pending.subarray(0, 2).equals(CRLF)) malformed("a boundary not followed by a line break");
        pending = pending.subarray(2);
        state = "headers";
      } else if (state === "headers") {
        // A part with no header line at all ends its headers at once.
        const at = pending.subarray(0, 2).equals(CRLF) ? -2 : pending.indexOf(HEADER_END);
        if (at === -1) {
          if (pending.length > MAX_PART_HEADER_BYTES) malformed("part headers too long");
          return;
        }
        await startPart(at === -2 ? "" : pending.subarray(0, at).toString("utf8"));
        pending = pending.subarray(at === -2 ? 2 : at + HEADER_END.length);
        state = "body";
      } else if (state === "body") {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          // All but what could be the start of the delimiter.
          const cut = Math.max(0, pending.length - (delimiter.length - 1));
          await partData(pending.subarray(0, cut));
          pending = pending.subarray(cut);
          return;
        }
        await partData(pending.subarray(0, at));
        await endPart();
        pending = pending.subarray(at + delimiter.length);
        state = "after-delimiter";
      } else {
        return; // "done": what follows the last boundary is ignored
      }
    }
  }

  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        // The connection dropped, or the server's own body limit cut it (server/body-limit.ts).
        return malformed(`the body could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
      const { done, value } = chunk;
      if (done) break;
      if (finished()) {
        // Read to its end (so the connection can serve the next request), but no more than
        // a browser would send after the last boundary (nothing).
        epilogue += value.length;
        if (epilogue > MAX_PREAMBLE_BYTES) malformed("data after the last boundary");
        continue;
      }
      pending = pending.length === 0 ? Buffer.from(value) : Buffer.concat([pending, value]);
      await consume();
      if (finished()) epilogue = pending.length;
    }
    if (!finished()) malformed("the body ended before its last boundary");
    return { ok: true, files, fields, cleanup };
  } catch (error) {
    // Stop reading: nothing more of the body is taken in. The body is left unread rather than
    // cancelled, which would destroy the connection (Remix's request stream destroys the Node
    // request) before the 413 or 400 could be sent; the answer closes the connection instead
    // (server/body-limit.ts sets Connection: close on an answer to an unread body).
    reader.releaseLock();
    await handle?.close().catch(() => {});
    await cleanup();
    if (error instanceof Refused) return { ...error.answer, fields };
    throw error;
  }
}
