// A number of bytes as a person reads it ("820 KB", "1.2 GB"), in decimal units as phones and
// operating systems show them, with the locale's decimal mark. Pure.

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

export function formatBytes(bytes: number, locale = "en"): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  // One decimal below 10 ("1.2 GB", "9.5 MB"), none above ("12 MB", "820 KB"), none for bytes.
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** Megabytes (as FILES_MAX_MB_PER_ACCOUNT counts them) in bytes. */
export const megabytes = (mb: number) => mb * 1_000_000;

/** The longest side of a photo's thumbnail (app/infrastructure/image.server.ts THUMB_MAX). */
const THUMB = 320;

/** A thumbnail's size from its photo's, so a grid keeps its place while the images load. */
export function thumbnailSize(photo: { width: number | null; height: number | null }): { width: number; height: number } {
  const width = photo.width ?? THUMB;
  const height = photo.height ?? THUMB;
  const scale = Math.min(1, THUMB / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
