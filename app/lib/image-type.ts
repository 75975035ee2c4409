// What an uploaded logo really is, read from its first bytes: the file name and the
// type the browser claims are whatever the sender says. Only raster formats every
// browser and the PDF renderer can draw safely are accepted; SVG (which can carry
// scripts), GIF and anything else are refused.
import { type FileKind, sniffFileKind } from "./file-kind";

export const LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];

/** The logo limit is 5 MB (docs/product/settings.md). */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

const LOGO_KINDS: Partial<Record<FileKind, LogoMimeType>> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };

/** The image type the bytes are (PNG, JPEG or WebP), or null for anything else (signatures in file-kind.ts). */
export function sniffImageType(bytes: Uint8Array): LogoMimeType | null {
  const type = sniffFileKind(bytes);
  return (type && LOGO_KINDS[type.kind]) ?? null;
}

export type LogoCheck = { ok: true; mimeType: LogoMimeType } | { ok: false; error: "missing" | "tooLarge" | "invalidType" };

/** Checks an uploaded logo: present, at most 5 MB, and a PNG, JPEG or WebP by its content. */
export function checkLogo(bytes: Uint8Array | null | undefined): LogoCheck {
  if (!bytes || bytes.length === 0) return { ok: false, error: "missing" };
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, error: "tooLarge" };
  const mimeType = sniffImageType(bytes);
  return mimeType ? { ok: true, mimeType } : { ok: false, error: "invalidType" };
}
