import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALLOWED_FILE_KINDS, checkFileKind, FILE_HEAD_BYTES, FILE_KIND_ERROR, ftypBrands, sniffFileKind } from "./file-kind";
import { sniffImageType } from "./image-type";

const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));
const text = (value: string) => new Uint8Array(Buffer.from(value, "latin1"));

// Real 1x1 images (as in image-type.test.ts).
const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWJSTX79HwAAAP//U/RKqgAAAAZJREFUAwAEoQJ18+MsXwAAAABJRU5ErkJggg==";
const JPEG_HEAD =
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/";
const WEBP_1X1 = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==";
const GIF_1X1 = "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";

/** An ISO-BMFF file's start: the ftyp box with these brands, then the next box's header. */
function ftyp(major: string, compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size + 8);
  box.writeUInt32BE(size, 0);
  box.write("ftyp", 4, "latin1");
  box.write(major, 8, "latin1");
  box.write([...compatible].join(""), 16, "latin1");
  box.writeUInt32BE(8, size);
  box.write("meta", size + 4, "latin1");
  return new Uint8Array(box);
}

describe("sniffFileKind", () => {
  it("recognizes JPEG, PNG, WebP and PDF by their bytes", () => {
    expect(sniffFileKind(bytes(JPEG_HEAD))).toMatchObject({
      kind: "jpeg",
      mimeType: "image/jpeg",
      extension: "jpg",
      image: true,
    });
    expect(sniffFileKind(bytes(PNG_1X1))).toMatchObject({ kind: "png", mimeType: "image/png", image: true });
    expect(sniffFileKind(bytes(WEBP_1X1))).toMatchObject({ kind: "webp", mimeType: "image/webp", image: true });
    expect(sniffFileKind(text("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"))).toMatchObject({
      kind: "pdf",
      mimeType: "application/pdf",
      extension: "pdf",
      image: false,
    });
    expect(sniffFileKind(text("%PDF-2.0\n"))?.kind).toBe("pdf");
  });

  it("recognizes a real HEIC (an HEVC encoder's output) by its ftyp box", () => {
    const heic = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../test/fixtures/photo-64x64.heic")));
    expect(ftypBrands(heic)).toEqual({ major: "heic", compatible: ["mif1", "heic", "miaf"] });
    expect(sniffFileKind(heic.subarray(0, FILE_HEAD_BYTES))).toMatchObject({ kind: "heic", mimeType: "image/heic", image: true });
  });

  it("recognizes HEIC as phones and cameras write it", () => {
    // iPhone (iOS 11 to 15; iOS 16 and later add Apple's own brands), Samsung, a Pixel's
    // Ultra HDR HEIC, Canon's 10-bit heix, a burst (image sequence), a generic mif1 file.
    const phones = [
      ftyp("heic", ["mif1", "heic"]),
      ftyp("heic", ["mif1", "MiHE", "MiPr", "miaf", "MiHB", "heic"]),
      ftyp("mif1", ["mif1", "heic"]),
      ftyp("heix", ["mif1", "heix"]),
      ftyp("msf1", ["msf1", "hevc", "mif1", "heic"]),
      ftyp("hevc", ["msf1", "hevc"]),
      ftyp("heim", ["mif1", "heim"]),
      ftyp("heis", ["mif1", "heis"]),
    ];
    for (const start of phones) expect(sniffFileKind(start)).toMatchObject({ kind: "heic", mimeType: "image/heic" });
    // The generic brand alone names no codec: accepted as HEIF, decoded if it can be.
    expect(sniffFileKind(ftyp("mif1", ["mif1", "miaf"]))).toMatchObject({
      kind: "heic",
      mimeType: "image/heif",
      extension: "heif",
    });
  });

  it("refuses other ISO-BMFF files: AVIF, an MP4 or QuickTime video", () => {
    expect(sniffFileKind(ftyp("avif", ["mif1", "avif", "miaf"]))).toBeNull();
    expect(sniffFileKind(ftyp("mif1", ["mif1", "avif"]))).toBeNull();
    expect(sniffFileKind(ftyp("isom", ["isom", "iso2", "avc1", "mp41"]))).toBeNull();
    expect(sniffFileKind(ftyp("qt  ", ["qt  "]))).toBeNull();
    expect(sniffFileKind(ftyp("mp42", ["mp42", "isom"]))).toBeNull();
  });

  it("refuses a broken ftyp box: too short, a size that is not whole brands, cut before its brands", () => {
    expect(sniffFileKind(ftyp("heic", []).subarray(0, 12))).toBeNull();
    const odd = ftyp("heic", ["mif1"]);
    new DataView(odd.buffer).setUint32(0, 22);
    expect(sniffFileKind(odd)).toBeNull();
    const tooSmall = ftyp("heic", ["mif1"]);
    new DataView(tooSmall.buffer).setUint32(0, 8);
    expect(sniffFileKind(tooSmall)).toBeNull();
    // Only the major brand arrived: still HEIC.
    expect(sniffFileKind(ftyp("heic", ["mif1", "heic"]).subarray(0, 16))?.kind).toBe("heic");
  });

  it("refuses GIF, SVG, text, Office files and executables, whatever they are named", () => {
    expect(sniffFileKind(bytes(GIF_1X1))).toBeNull();
    expect(sniffFileKind(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffFileKind(text("notes.txt renamed to photo.jpg\n"))).toBeNull();
    expect(sniffFileKind(text("PK\x03\x04\x14\x00\x06\x00"))).toBeNull(); // .docx, .xlsx (zip)
    expect(sniffFileKind(text("MZ\x90\x00\x03\x00\x00\x00"))).toBeNull(); // .exe
    expect(sniffFileKind(text("\x7fELF\x02\x01\x01\x00"))).toBeNull();
    expect(sniffFileKind(text("<html><body>%PDF-1.4</body></html>"))).toBeNull(); // the header must come first
    expect(sniffFileKind(text("%PDF-"))).toBeNull(); // no version
    expect(sniffFileKind(new Uint8Array())).toBeNull();
  });
});

describe("checkFileKind", () => {
  it("names the type found, or refuses with the key and the allowed kinds", () => {
    expect(checkFileKind(text("%PDF-1.4\n"))).toEqual({
      ok: true,
      type: { kind: "pdf", mimeType: "application/pdf", extension: "pdf", image: false },
    });
    expect(checkFileKind(bytes(GIF_1X1))).toEqual({ ok: false, error: FILE_KIND_ERROR, kinds: ALLOWED_FILE_KINDS });
    expect(ALLOWED_FILE_KINDS).toBe("JPEG, PNG, WebP, HEIC, PDF");
  });
});

describe("the logo check shares the signatures", () => {
  it("still takes PNG, JPEG and WebP only: not HEIC, not PDF", () => {
    expect(sniffImageType(bytes(PNG_1X1))).toBe("image/png");
    expect(sniffImageType(bytes(JPEG_HEAD))).toBe("image/jpeg");
    expect(sniffImageType(bytes(WEBP_1X1))).toBe("image/webp");
    expect(sniffImageType(ftyp("heic", ["mif1", "heic"]))).toBeNull();
    expect(sniffImageType(text("%PDF-1.7\n"))).toBeNull();
  });
});
