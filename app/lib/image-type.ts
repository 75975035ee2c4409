// What an uploaded logo really is, read from its first bytes: the file name and the
// type the browser claims are whatever the sender says. Only raster formats every
// browser and the PDF renderer can draw safely are accepted; SVG (which can carry
// scripts), GIF and anything else are refused.

export const LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];

/** The logo limit is 5 MB (docs/product/settings.md). */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: number[], at = 0) {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the bytes are (PNG, JPEG or WebP), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): LogoMimeType | null {
  // PNG: the 8-byte signature followed by the IHDR chunk.
  if (startsWith(bytes, PNG) && startsWith(bytes, ascii("IHDR"), 12)) return "image/png";
  // JPEG: start-of-image, then the marker of the next segment.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  // WebP: a RIFF container of type WEBP with a VP8, VP8L or VP8X chunk.
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8) && startsWith(bytes, ascii("VP8"), 12)) {
    return "image/webp";
  }
  return null;
}

export type LogoCheck = { ok: true; mimeType: LogoMimeType } | { ok: false; error: "missing" | "tooLarge" | "invalidType" };

/** Checks an uploaded logo: present, at most 5 MB, and a PNG, JPEG or WebP by its content. */
export function checkLogo(bytes: Uint8Array | null | undefined): LogoCheck {
  if (!bytes || bytes.length === 0) return { ok: false, error: "missing" };
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, error: "tooLarge" };
  const mimeType = sniffImageType(bytes);
  return mimeType ? { ok: true, mimeType } : { ok: false, error: "invalidType" };
}
