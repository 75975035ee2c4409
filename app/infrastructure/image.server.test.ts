// sharp and libheif run for real on images made here (and one 767-byte HEIC an HEVC encoder
// made, test/fixtures/photo-64x64.heic): what leaves processImage must be upright, the right
// size, and carry no metadata at all.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DISPLAY_MAX,
  ImageError,
  MAX_PIXELS,
  processImage,
  THUMB_MAX,
  type ImageCopy,
  type ProcessedImage,
} from "./image.server";

const run = promisify(execFile);
const HEIC_FIXTURE = path.resolve(import.meta.dirname, "../../test/fixtures/photo-64x64.heic");

const SECRETS = ["SecretPhoneMaker", "secret-xmp-marker", "secret-iptc-city"];
const ascii = (text: string) => Buffer.from(text, "latin1");

/** An APP13 segment (Photoshop 3.0, one IPTC record: 2:90 city) as a camera app writes it. */
function iptcSegment(city: string): Buffer {
  const dataset = Buffer.concat([Buffer.from([0x1c, 0x02, 90, 0, city.length]), ascii(city)]);
  const resource = Buffer.concat([ascii("8BIM"), Buffer.from([0x04, 0x04, 0, 0]), Buffer.alloc(4), dataset]);
  resource.writeUInt32BE(dataset.length, 10);
  const body = Buffer.concat([ascii("Photoshop 3.0\0"), resource, Buffer.alloc(dataset.length % 2)]);
  const header = Buffer.from([0xff, 0xed, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** The JPEG with a segment added right after its start-of-image marker. */
const withSegment = (jpeg: Buffer, segment: Buffer) => Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);

/** The markers of a JPEG's header segments (APP0 "JFIF", APP1 "Exif", APP13 …), up to the image data. */
function jpegSegments(bytes: Buffer): string[] {
  const found: string[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xda) break; // start of scan: pixels follow
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xe0 && marker <= 0xef) {
      const id = bytes
        .subarray(at + 4, at + 4 + 14)
        .toString("latin1")
        .split("\0")[0];
      found.push(`APP${marker - 0xe0} ${id}`);
    } else if (marker === 0xfe) found.push("COM");
    at += 2 + length;
  }
  return found;
}

/** A photo as a phone stores it: 4000×3000 pixels lying on their side with orientation 6, GPS, XMP and IPTC. */
async function phonePhoto(): Promise<Buffer> {
  // A red block in the stored top-left corner: orientation 6 (turn 90° clockwise) shows it top-right.
  const marker = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#3366aa" } })
    .composite([{ input: marker, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "SecretPhoneMaker", Model: "X1" },
      // IFD3 is the GPS directory in libvips' naming.
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 26/1 4624/100", GPSLongitudeRef: "W", GPSLongitude: "79/1 58/1 5600/100" },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,26.77N" exif:UserComment="secret-xmp-marker"/></rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
  return withSegment(jpeg, iptcSegment("secret-iptc-city"));
}

/** Nothing but pixels: no EXIF, XMP, IPTC, ICC or orientation, and none of the secrets in the bytes. */
async function expectNoMetadata(copy: ImageCopy) {
  const metadata = await sharp(copy.bytes).metadata();
  expect(metadata.format).toBe("jpeg");
  expect(copy.contentType).toBe("image/jpeg");
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  expect([metadata.width, metadata.height]).toEqual([copy.width, copy.height]);
  expect(jpegSegments(copy.bytes)).toEqual([]);
  expect(copy.bytes.includes(ascii("Exif\0\0"))).toBe(false);
  for (const secret of SECRETS) expect(copy.bytes.includes(ascii(secret))).toBe(false);
}

const copiesOf = (image: ProcessedImage) => [image.full, image.display, image.thumbnail];

/** The colour at (x, y) of a copy. */
async function pixel(copy: ImageCopy, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(copy.bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const near = (actual: number[], expected: number[]) =>
  expect(
    actual.every((value, i) => Math.abs(value - expected[i]) <= 24),
    `${actual} ≈ ${expected}`,
  ).toBe(true);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "image-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("processImage: a phone photo", () => {
  let input: Buffer;
  let image: ProcessedImage;
  beforeAll(async () => {
    input = await phonePhoto();
    image = await processImage(input);
  });

  it("starts from a photo that really carries the GPS position, XMP and IPTC", async () => {
    const metadata = await sharp(input).metadata();
    expect(metadata.orientation).toBe(6);
    expect(metadata.exif?.includes(ascii("SecretPhoneMaker"))).toBe(true);
    expect(metadata.xmp?.includes(ascii("secret-xmp-marker"))).toBe(true);
    expect(metadata.iptc?.includes(ascii("secret-iptc-city"))).toBe(true);
    expect(jpegSegments(input)).toEqual(expect.arrayContaining(["APP1 Exif", "APP13 Photoshop 3.0"]));
  });

  it("turns it upright: the 4000×3000 photo with orientation 6 is a portrait, the corner where the camera put it", async () => {
    expect([image.width, image.height]).toEqual([3000, 4000]);
    expect([image.full.width, image.full.height]).toEqual([3000, 4000]);
    expect([image.display.width, image.display.height]).toEqual([1200, DISPLAY_MAX]);
    expect([image.thumbnail.width, image.thumbnail.height]).toEqual([240, THUMB_MAX]);
    // The stored top-left red block is now at the top right, and the top left is blue.
    near(await pixel(image.display, 1200 - 20, 20), [255, 0, 0]);
    near(await pixel(image.display, 20, 20), [0x33, 0x66, 0xaa]);
    near(await pixel(image.thumbnail, 240 - 4, 4), [255, 0, 0]);
  });

  it("strips every piece of metadata from every copy", async () => {
    for (const copy of copiesOf(image)) await expectNoMetadata(copy);
  });

  it("reads the same photo from a file on disk (an upload spooled to a temporary file)", async () => {
    const file = path.join(dir, "upload");
    await writeFile(file, input);
    const fromFile = await processImage({ path: file });
    expect([fromFile.width, fromFile.height, fromFile.display.width, fromFile.display.height]).toEqual([3000, 4000, 1200, 1600]);
    await expectNoMetadata(fromFile.display);
  });
});

describe("processImage: other images", () => {
  it("never enlarges; a transparent PNG is drawn on white", async () => {
    // 800×600, the left half transparent, the right half opaque green.
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 400, height: 600, channels: 4, background: "#00a000" } }, left: 400, top: 0 }])
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).hasAlpha).toBe(true);
    const image = await processImage(png);
    expect([image.width, image.height]).toEqual([800, 600]);
    expect([image.full.width, image.full.height, image.display.width, image.display.height]).toEqual([800, 600, 800, 600]);
    expect([image.thumbnail.width, image.thumbnail.height]).toEqual([320, 240]);
    near(await pixel(image.display, 100, 300), [255, 255, 255]);
    near(await pixel(image.display, 700, 300), [0, 0xa0, 0]);
    for (const copy of copiesOf(image)) await expectNoMetadata(copy);
  });

  it("reads WebP, and drops the EXIF a WebP carries", async () => {
    const webp = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#884422" } })
      .webp()
      .withExif({ IFD0: { Make: "SecretPhoneMaker" } })
      .toBuffer();
    expect((await sharp(webp).metadata()).exif).toBeDefined();
    const image = await processImage(webp);
    expect([image.display.width, image.display.height, image.thumbnail.width, image.thumbnail.height]).toEqual([
      1600, 800, 320, 160,
    ]);
    for (const copy of copiesOf(image)) await expectNoMetadata(copy);
  });

  it("decodes an iPhone-style HEIC (HEVC) and keeps none of its EXIF and GPS", async () => {
    const heic = await readFile(HEIC_FIXTURE);
    expect(heic.includes(ascii("SecretPhoneMaker"))).toBe(true);
    const image = await processImage(heic);
    expect([image.width, image.height, image.display.width, image.display.height]).toEqual([64, 64, 64, 64]);
    // Left half red, right half blue, as encoded.
    near(await pixel(image.display, 8, 32), [0xd0, 0x20, 0x20]);
    near(await pixel(image.display, 56, 32), [0x20, 0x40, 0xd0]);
    for (const copy of copiesOf(image)) await expectNoMetadata(copy);
    // A worker thread for each photo; and from a file on disk.
    const again = await processImage({ path: HEIC_FIXTURE });
    expect(again.thumbnail.width).toBe(64);
  });
});

describe("processImage: what it refuses, with a clear error", () => {
  const refusal = async (input: Uint8Array) => {
    const error = await processImage(input).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImageError);
    return error as ImageError;
  };

  it("a truncated JPEG, a JPEG signature followed by garbage, a truncated HEIC", async () => {
    const jpeg = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } },
    })
      .jpeg()
      .toBuffer();
    const truncated = await refusal(jpeg.subarray(0, jpeg.length / 2));
    expect(truncated.code).toBe("unreadable");
    expect(truncated.message).toMatch(/could not be read.*premature end/i);

    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    expect((await refusal(garbage)).code).toBe("unreadable");

    const heic = await readFile(HEIC_FIXTURE);
    const halfHeic = await refusal(heic.subarray(0, 500));
    expect(halfHeic.code).toBe("unreadable");
    expect(halfHeic.message).toMatch(/HEIC/);
  });

  it("what is not an image: a PDF, text", async () => {
    expect((await refusal(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n"))).code).toBe("not-an-image");
    expect((await refusal(Buffer.from("just some notes.txt renamed photo.jpg"))).code).toBe("not-an-image");
  });

  it("too many pixels: checked before decoding, for sharp's formats and for HEIC", async () => {
    // A 12,000×5,000 PNG of one colour is a few KB: a decompression bomb for a naive decoder.
    const bomb = await sharp({ create: { width: 12_000, height: 5_000, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(12_000 * 5_000).toBeGreaterThan(MAX_PIXELS);
    const refused = await refusal(bomb);
    expect(refused.code).toBe("too-many-pixels");
    expect(refused.message).toMatch(/12000×5000/);

    // The HEIC fixture claiming 8064×6048 (a 48 MP "HEIF Max" photo) in its ispe box.
    const heic = Buffer.from(await readFile(HEIC_FIXTURE));
    const ispe = heic.indexOf(ascii("ispe"));
    heic.writeUInt32BE(8064, ispe + 8);
    heic.writeUInt32BE(6048, ispe + 12);
    const big = await refusal(heic);
    expect(big.code).toBe("too-many-pixels");
    expect(big.message).toMatch(/8064×6048/);
  });

  it("the queue goes on after a refusal", async () => {
    const [bad, good] = await Promise.allSettled([
      processImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])),
      processImage(
        await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      ),
    ]);
    expect(bad.status).toBe("rejected");
    expect(good.status === "fulfilled" && good.value.display.width).toBe(10);
  });
});

describe("processImage: ten 12-megapixel photos at once", () => {
  // In a process of its own, as the server is: this test process holds Vitest and the other
  // tests' memory. With the Docker image's MALLOC_ARENA_MAX=2 (decision 034).
  it("run one at a time and keep the process under 400 MB", { timeout: 120_000 }, async () => {
    const photo = path.join(dir, "twelve-megapixels.jpg");
    await sharp({
      create: {
        width: 4032,
        height: 3024,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .blur(1.2)
      .jpeg({ quality: 92 })
      .withMetadata({ orientation: 6 })
      .toFile(photo);
    const script = path.join(dir, "ten-at-once.mts");
    await writeFile(
      script,
      `import { readFileSync } from "node:fs";
      const { processImage, imageJobsQueued } = await import(${JSON.stringify(path.resolve(import.meta.dirname, "image.server.ts"))});
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const photo = readFileSync(${JSON.stringify(photo)});
      const all = Array.from({ length: 10 }, () => processImage(photo));
      const queued = imageJobsQueued();
      const images = await Promise.all(all);
      clearInterval(sampler);
      console.log(JSON.stringify({ peak, queued, after: imageJobsQueued(), sizes: images.map((image) => image.display.width + "x" + image.display.height) }));
      process.exit(0);`,
    );
    const { stdout } = await run(process.execPath, ["--import", "tsx", script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, MALLOC_ARENA_MAX: "2" },
    });
    const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
    expect(result.queued).toBe(10);
    expect(result.after).toBe(0);
    expect(result.sizes).toEqual(Array(10).fill("1200x1600"));
    console.info(`10 × 12 MP at once: peak RSS ${Math.round(result.peak / 2 ** 20)} MB`);
    expect(result.peak).toBeLessThan(400 * 2 ** 20);
  });
});
