// Photos made fit to send: from an uploaded image, the copies a browser, a customer, an
// e-mail or a PDF receives, each turned the way the camera was held and with every piece of
// metadata removed (EXIF with the GPS position, XMP, IPTC, the camera's ICC profile, colours
// converted to sRGB). The original as uploaded is kept by the caller and never served: what a
// member downloads is the `full` copy (docs/decisions/034-files-and-photos-storage.md).
//
// One image at a time per process (a queue, libvips on one thread, its operation cache
// off), so ten uploads at once wait for each other instead of decoding ten 12-megapixel
// photos side by side. HEIC (iPhones) is decoded by libheif's WebAssembly build in a worker
// thread, which is ended when idle so the memory the decoder grew is given back.
import { open, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import sharp, { type Sharp } from "sharp";
import { FILE_HEAD_BYTES, sniffFileKind } from "~/lib/file-kind";

sharp.concurrency(1);
sharp.cache(false);

/** Longest side of the download copy: a 12 MP (4032 px) photo keeps its size, a 48 MP one is made 12 MP. */
export const FULL_MAX = 4096;
/** Longest side of the copy shown on screens and in documents. */
export const DISPLAY_MAX = 1600;
/** Longest side of the thumbnail shown in lists. */
export const THUMB_MAX = 320;
/** Larger images are refused before decoding (a 48/50 MP phone photo passes; a 200 MP mode does not). */
export const MAX_PIXELS = 52_000_000;
/** HEIC is decoded whole into memory (4 bytes a pixel): the iPhone's 12 and 24 MP photos pass, 48 MP "HEIF Max" does not. */
export const MAX_HEIC_PIXELS = 26_000_000;

export type ImageInput = Uint8Array | { path: string };

export interface ImageCopy {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: "image/jpeg";
}

export interface ProcessedImage {
  /** The original's size once turned upright. */
  width: number;
  height: number;
  /** The download copy (at most FULL_MAX), stripped: what "download" serves instead of the original. */
  full: ImageCopy;
  /** At most DISPLAY_MAX: the photo on a page, in an e-mail or a PDF. */
  display: ImageCopy;
  /** At most THUMB_MAX: lists and grids. */
  thumbnail: ImageCopy;
}

export type ImageErrorCode = "not-an-image" | "unreadable" | "too-many-pixels";

/** An image that cannot be made into copies: the upload may still be kept as a plain file. */
export class ImageError extends Error {
  constructor(
    readonly code: ImageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ImageError";
  }
}

// ---------------------------------------------------------------------------------------
// One at a time.

let tail: Promise<unknown> = Promise.resolve();
let queued = 0;

/** Runs image jobs one after another, in the order they were asked for. */
function inTurn<T>(job: () => Promise<T>): Promise<T> {
  queued++;
  const result = tail.then(job).finally(() => queued--);
  tail = result.catch(() => {});
  return result;
}

/** Image jobs waiting or running in this process. */
export function imageJobsQueued(): number {
  return queued;
}

// ---------------------------------------------------------------------------------------
// HEIC: libheif (libde265) in WebAssembly, in a worker thread.

const require = createRequire(import.meta.url);
/** How long the decoder worker waits for the next HEIC before it ends (a batch of photos reuses it). */
const HEIC_WORKER_IDLE_MS = 15_000;

// CommonJS run by the worker: heic-decode's `all` reads the size before decoding, so a
// photo over the limit is refused without growing the decoder's memory.
const HEIC_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.module);
parentPort.on("message", async ({ id, bytes, maxPixels }) => {
  let images;
  try {
    images = await decode.all({ buffer: new Uint8Array(bytes) });
    const [primary] = images;
    if (!primary) throw new Error("the file holds no image");
    if (primary.width * primary.height > maxPixels) {
      parentPort.postMessage({ id, tooLarge: true, width: primary.width, height: primary.height });
      return;
    }
    const { width, height, data } = await primary.decode();
    parentPort.postMessage({ id, width, height, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  } finally {
    if (images && images.dispose) images.dispose();
  }
});
`;

type HeicAnswer =
  | { id: number; width: number; height: number; data: Uint8ClampedArray }
  | { id: number; tooLarge: true; width: number; height: number }
  | { id: number; error: string };

interface HeicDecoder {
  worker: Worker;
  idle?: NodeJS.Timeout;
  pending: Map<number, (answer: HeicAnswer | Error) => void>;
}

let decoder: HeicDecoder | undefined;
let nextId = 1;

function heicDecoder(): HeicDecoder {
  if (decoder) {
    clearTimeout(decoder.idle);
    return decoder;
  }
  const worker = new Worker(HEIC_WORKER, { eval: true, workerData: { module: require.resolve("heic-decode") } });
  worker.unref();
  const current: HeicDecoder = { worker, pending: new Map() };
  const fail = (error: Error) => {
    if (decoder === current) decoder = undefined;
    for (const settle of current.pending.values()) settle(error);
    current.pending.clear();
  };
  worker.on("message", (answer: HeicAnswer) => {
    current.pending.get(answer.id)?.(answer);
    current.pending.delete(answer.id);
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the HEIC decoder stopped (exit code ${code})`)));
  decoder = current;
  return current;
}

function releaseDecoderWhenIdle() {
  const current = decoder;
  if (!current || current.pending.size > 0) return;
  current.idle = setTimeout(() => {
    if (decoder === current) decoder = undefined;
    void current.worker.terminate();
  }, HEIC_WORKER_IDLE_MS);
  current.idle.unref();
}

/** Ends the HEIC decoder now (tests, shutdown). */
export async function stopHeicDecoder(): Promise<void> {
  const current = decoder;
  decoder = undefined;
  if (current) {
    clearTimeout(current.idle);
    await current.worker.terminate();
  }
}

/** Whether the HEIC decoder worker is running (tests: it ends when idle). */
export function heicDecoderRunning(): boolean {
  return decoder !== undefined;
}

async function decodeHeic(bytes: Uint8Array): Promise<{ width: number; height: number; pixels: Buffer }> {
  const current = heicDecoder();
  const id = nextId++;
  // A copy of its own to hand over: a Buffer may be a view of a pool other buffers share.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const answer = await new Promise<HeicAnswer | Error>((resolve) => {
    current.pending.set(id, resolve);
    current.worker.postMessage({ id, bytes: copy.buffer, maxPixels: MAX_HEIC_PIXELS }, [copy.buffer]);
  }).finally(releaseDecoderWhenIdle);
  if (answer instanceof Error) throw new ImageError("unreadable", `The HEIC photo could not be decoded: ${answer.message}`);
  if ("error" in answer) throw new ImageError("unreadable", `The HEIC photo could not be decoded: ${answer.error}`);
  if ("tooLarge" in answer) {
    throw new ImageError(
      "too-many-pixels",
      `The HEIC photo is ${answer.width}×${answer.height} pixels; at most ${MAX_HEIC_PIXELS / 1e6} megapixels are made into copies.`,
    );
  }
  return {
    width: answer.width,
    height: answer.height,
    pixels: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength),
  };
}

// ---------------------------------------------------------------------------------------
// The copies.

async function headOf(input: ImageInput): Promise<Uint8Array> {
  if (input instanceof Uint8Array) return input.subarray(0, FILE_HEAD_BYTES);
  const file = await open(input.path, "r");
  try {
    const head = new Uint8Array(FILE_HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, FILE_HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function unreadable(error: unknown): ImageError {
  if (error instanceof ImageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageError("too-many-pixels", `The image is too large to process: ${message}`);
  return new ImageError("unreadable", `The image could not be read (damaged or incomplete): ${message}`);
}

async function copy(source: Sharp, max: number, quality: number): Promise<ImageCopy> {
  const { data, info } = await source
    .resize({ width: max, height: max, fit: "inside", withoutEnlargement: true })
    // A transparent PNG or WebP on white, as it would look on a page; JPEG has no alpha.
    .flatten({ background: "#ffffff" })
    .jpeg({ quality })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, contentType: "image/jpeg" };
}

/** The pipeline every copy starts from: decoded, turned upright by its EXIF orientation. */
async function openImage(input: ImageInput): Promise<{ start: () => Sharp; width: number; height: number }> {
  const head = await headOf(input);
  const type = sniffFileKind(head);
  if (!type?.image) throw new ImageError("not-an-image", "The file is not a JPEG, PNG, WebP or HEIC image.");

  if (type.kind === "heic") {
    const bytes = input instanceof Uint8Array ? input : await readFile(input.path);
    const { width, height, pixels } = await decodeHeic(bytes);
    // libheif applies the HEIF rotation and mirroring (irot, imir) while decoding; the pixels
    // carry no metadata at all.
    const raw = { width, height, channels: 4 as const };
    return { start: () => sharp(pixels, { raw }), width, height };
  }

  const source = input instanceof Uint8Array ? input : input.path;
  const options = { failOn: "error" as const, limitInputPixels: MAX_PIXELS };
  // The header only: the pixel limit is checked here, with the size in the message.
  const metadata = await sharp(source, { ...options, limitInputPixels: false }).metadata();
  if (metadata.width * metadata.height > MAX_PIXELS) {
    throw new ImageError(
      "too-many-pixels",
      `The image is ${metadata.width}×${metadata.height} pixels; at most ${MAX_PIXELS / 1e6} megapixels are made into copies.`,
    );
  }
  return {
    start: () => sharp(source, options).rotate(),
    width: metadata.autoOrient.width,
    height: metadata.autoOrient.height,
  };
}

/**
 * The download, display and thumbnail copies of an uploaded image (JPEG, PNG, WebP or
 * HEIC, recognised by its bytes), as JPEG without any metadata. Throws ImageError when the
 * bytes are not such an image, are damaged or truncated, or have too many pixels.
 */
export function processImage(input: ImageInput): Promise<ProcessedImage> {
  return inTurn(async () => {
    try {
      const image = await openImage(input);
      // One after another: three decodes side by side would triple the memory of a photo.
      const full = await copy(image.start(), FULL_MAX, 90);
      const display = await copy(image.start(), DISPLAY_MAX, 80);
      const thumbnail = await copy(image.start(), THUMB_MAX, 75);
      return { width: image.width, height: image.height, full, display, thumbnail };
    } catch (error) {
      throw unreadable(error);
    }
  });
}
