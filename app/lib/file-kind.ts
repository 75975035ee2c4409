// What an uploaded file really is, read from its first bytes: the file name and the type the
// browser claims are whatever the sender says (a phone names a HEIC photo IMG_0001.JPG when
// it converts on the way, a PDF may arrive as application/octet-stream). Photos and files on
// jobs, estimates, invoices and appointments accept JPEG, PNG, WebP, HEIC/HEIF and PDF;
// anything else (SVG, which can carry scripts, GIF, Office files, executables) is refused
// (docs/decisions/034-files-and-photos-storage.md). The logo check (image-type.ts) is the
// same signatures narrowed to the three formats every browser and the PDF renderer draw.

export type FileKind = "jpeg" | "png" | "webp" | "heic" | "pdf";

export interface FileType {
  kind: FileKind;
  /** The type the file is stored and served with: from its content, never from the upload's claim. */
  mimeType: string;
  /** The extension a download of it is named with. */
  extension: string;
  /** A photo (made into a display copy and a thumbnail); a PDF is not. */
  image: boolean;
}

/** How many leading bytes `sniffFileKind` needs at most (a HEIC `ftyp` box lists its brands there). */
export const FILE_HEAD_BYTES = 256;

/** The dictionary key of the refusal, shown with `{ kinds: ALLOWED_FILE_KINDS }`. */
export const FILE_KIND_ERROR = "files.invalidKind";
/** The accepted kinds as a person reads them, for the refusal's message. */
export const ALLOWED_FILE_KINDS = "JPEG, PNG, WebP, HEIC, PDF";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: number[], at = 0) {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const text = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * Brands of an ISO-BMFF `ftyp` box that mean HEVC-coded HEIF: `heic` (what iPhones and
 * Samsung phones write as the major brand), `heix` (10-bit, Canon), `heim`/`heis`
 * (multi-layer, scalable), and the image-sequence brands `hevc`/`hevx`/`hevm`/`hevs` (a
 * burst or a Live Photo's still).
 */
const HEVC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);
/** The generic HEIF brands: the codec is not named (an Android phone may write `mif1` first). */
const HEIF_BRANDS = new Set(["mif1", "msf1"]);
/** AV1-coded HEIF: AVIF, not one of the accepted kinds. */
const AVIF_BRANDS = new Set(["avif", "avis"]);

/**
 * The brands of an ISO-BMFF file: its `ftyp` box (size, "ftyp", major brand, minor version,
 * compatible brands), or null when the bytes do not start with one.
 */
export function ftypBrands(bytes: Uint8Array): { major: string; compatible: string[] } | null {
  if (bytes.length < 16 || !startsWith(bytes, ascii("ftyp"), 4)) return null;
  const size = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  // A box of 16 bytes holds no compatible brand; the brands are whole 4-byte codes.
  if (size < 16 || size % 4 !== 0) return null;
  const end = Math.min(size, bytes.length);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= end; at += 4) compatible.push(text(bytes, at, at + 4));
  return { major: text(bytes, 8, 12), compatible };
}

function heifType(bytes: Uint8Array): FileType | null {
  const brands = ftypBrands(bytes);
  if (!brands) return null;
  const all = [brands.major, ...brands.compatible];
  if (all.some((brand) => HEVC_BRANDS.has(brand))) {
    return { kind: "heic", mimeType: "image/heic", extension: "heic", image: true };
  }
  if (all.some((brand) => AVIF_BRANDS.has(brand))) return null;
  if (HEIF_BRANDS.has(brands.major)) return { kind: "heic", mimeType: "image/heif", extension: "heif", image: true };
  // An MP4 or QuickTime video (isom, mp42, qt) and anything else in a box.
  return null;
}

/** What the bytes are, from their signature: one of the accepted kinds, or null for anything else. */
export function sniffFileKind(bytes: Uint8Array): FileType | null {
  // PNG: the 8-byte signature followed by the IHDR chunk.
  if (startsWith(bytes, PNG) && startsWith(bytes, ascii("IHDR"), 12)) {
    return { kind: "png", mimeType: "image/png", extension: "png", image: true };
  }
  // JPEG: start-of-image, then the marker of the next segment.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { kind: "jpeg", mimeType: "image/jpeg", extension: "jpg", image: true };
  }
  // WebP: a RIFF container of type WEBP with a VP8, VP8L or VP8X chunk.
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8) && startsWith(bytes, ascii("VP8"), 12)) {
    return { kind: "webp", mimeType: "image/webp", extension: "webp", image: true };
  }
  // PDF: the header comment, then the version (%PDF-1.7, %PDF-2.0).
  if (startsWith(bytes, ascii("%PDF-")) && bytes.length >= 8) {
    return { kind: "pdf", mimeType: "application/pdf", extension: "pdf", image: false };
  }
  return heifType(bytes);
}

export type FileKindCheck =
  { ok: true; type: FileType } | { ok: false; error: typeof FILE_KIND_ERROR; kinds: typeof ALLOWED_FILE_KINDS };

/** Checks an upload's first bytes (at least FILE_HEAD_BYTES of them, or the whole file if shorter). */
export function checkFileKind(head: Uint8Array): FileKindCheck {
  const type = sniffFileKind(head);
  return type ? { ok: true, type } : { ok: false, error: FILE_KIND_ERROR, kinds: ALLOWED_FILE_KINDS };
}
