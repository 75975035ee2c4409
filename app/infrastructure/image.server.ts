// Photos made fit to send: from an uploaded image, the copies a browser, a customer, an
// e-mail or a PDF receives, each turned the way the camera was held and with every piece of
// metadata removed (EXIF with the GPS position, XMP, IPTC, the camera's ICC profile, colours
// converted to sRGB). The original as uploaded is kept by the caller and never served: what a
// member downloads is the `full` copy (docs/decisions/034-files-and-photos-storage.md).
//
// One image at a time per process (a queue, libvips on one thread, its operation cache
// off), so ten uploads at once wait for each other instead of decoding ten 12-megapixel
// photos side by side. HEIC (iPhones) is decoded by libheif's WebAssembly build in a worker
// thread, ended after each photo so the memory the decoder grew is given back.
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
// HEIC: libheif (libde265) in WebAssembly, and sharp, in a worker thread of its own for each
// photo. The decoder's memory grows to hold a photo (about 150 MB for 12 MP) and WebAssembly
// never gives memory back, and the 48 MB of decoded pixels would wait for the main thread's
// garbage collector: the worker makes the copies itself, hands back only the JPEGs, and
// ending it frees the rest at once. The module is compiled once per process and given to
// each worker, which then starts in a few milliseconds.

const require = createRequire(import.meta.url);

/** The copies every image gets: longest side and JPEG quality (the worker makes them the same way). */
const COPIES = [
  { name: "full", max: FULL_MAX, quality: 90 },
  { name: "display", max: DISPLAY_MAX, quality: 80 },
  { name: "thumbnail", max: THUMB_MAX, quality: 75 },
] as const;

// CommonJS run by the worker: heic-decode's `all` reads the size before decoding, so a
// photo over the limit is refused without growing the decoder's memory. The sharp chain is
// copy() below.
const HEIC_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { module, glue, lib, sharpPath, bytes, maxPixels, copies } = workerData;
const sharp = require(sharpPath);
sharp.concurrency(1);
sharp.cache(false);
const libheif = require(glue)({
  instantiateWasm(imports, receive) {
    const instance = new WebAssembly.Instance(module, imports);
    receive(instance, module);
    return instance.exports;
  },
});
const { all } = require(lib)(libheif);
(async () => {
  let images;
  try {
    images = await all({ buffer: new Uint8Array(bytes) });
    const [primary] = images;
    if (!primary) throw new Error("the file holds no image");
    if (primary.width * primary.height > maxPixels) {
      parentPort.postMessage({ tooLarge: true, width: primary.width, height: primary.height });
      return;
    }
    const { width, height, data } = await primary.decode();
    images.dispose();
    images = undefined;
    const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const made = [];
    for (const { max, quality } of copies) {
      const { data: jpeg, info } = await sharp(pixels, { raw: { width, height, channels: 4 } })
        .resize({ width: max, height: max, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality })
        .toBuffer({ resolveWithObject: true });
      made.push({ bytes: jpeg, width: info.width, height: info.height });
    }
    parentPort.postMessage({ width, height, made });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  } finally {
    if (images && images.dispose) images.dispose();
  }
})();
`;

type HeicAnswer =
  | { width: number; height: number; made: { bytes: Uint8Array; width: number; height: number }[] }
  | { tooLarge: true; width: number; height: number }
  | { error: string };

let heicModule: Promise<WebAssembly.Module> | undefined;

/** libheif's WebAssembly, compiled once (the build that loads its .wasm file, not the one inlining it). */
function libheifModule(): Promise<WebAssembly.Module> {
  heicModule ??= readFile(require.resolve("libheif-js/libheif-wasm/libheif.wasm")).then((bytes) => WebAssembly.compile(bytes));
  return heicModule;
}

/** A HEIC photo's copies, made in a worker thread. libheif applies the HEIF rotation and mirroring (irot, imir) while decoding. */
async function heicCopies(bytes: Uint8Array): Promise<ProcessedImage> {
  const module = await libheifModule();
  // A copy of its own to hand over: a Buffer may be a view of a pool other buffers share.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const workerData = {
    module,
    glue: require.resolve("libheif-js/libheif-wasm/libheif.js"),
    lib: require.resolve("heic-decode/lib.js"),
    sharpPath: require.resolve("sharp"),
    bytes: copy.buffer,
    maxPixels: MAX_HEIC_PIXELS,
    copies: COPIES,
  };
  const worker = new Worker(HEIC_WORKER, { eval: true, workerData, transferList: [copy.buffer] });
  const answer = await new Promise<HeicAnswer | Error>((resolve) => {
    worker.once("message", resolve);
    worker.once("error", resolve);
    worker.once("exit", (code) => resolve(new Error(`the decoder stopped (exit code ${code})`)));
  });
  await worker.terminate();
  if (answer instanceof Error) throw new ImageError("unreadable", `The HEIC photo could not be decoded: ${answer.message}`);
  if ("error" in answer) throw new ImageError("unreadable", `The HEIC photo could not be decoded: ${answer.error}`);
  if ("tooLarge" in answer) {
    throw new ImageError(
      "too-many-pixels",
      `The HEIC photo is ${answer.width}×${answer.height} pixels; at most ${MAX_HEIC_PIXELS / 1e6} megapixels are made into copies.`,
    );
  }
  const [full, display, thumbnail] = answer.made.map((made): ImageCopy => ({
    bytes: Buffer.from(made.bytes),
    width: made.width,
    height: made.height,
    contentType: "image/jpeg",
  }));
  return { width: answer.width, height: answer.height, full, display, thumbnail };
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
async function openImage(source: Uint8Array | string): Promise<{ start: () => Sharp; width: number; height: number }> {
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
      const type = sniffFileKind(await headOf(input));
      if (!type?.image) throw new ImageError("not-an-image", "The file is not a JPEG, PNG, WebP or HEIC image.");
      if (type.kind === "heic") return await heicCopies(input instanceof Uint8Array ? input : await readFile(input.path));

      const image = await openImage(input instanceof Uint8Array ? input : input.path);
      // One after another: three decodes side by side would triple the memory of a photo.
      const made: ImageCopy[] = [];
      for (const { max, quality } of COPIES) made.push(await copy(image.start(), max, quality));
      const [full, display, thumbnail] = made;
      return { width: image.width, height: image.height, full, display, thumbnail };
    } catch (error) {
      throw unreadable(error);
    }
  });
}
