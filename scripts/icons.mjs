// Draws the home-screen icons from the favicon's shapes (public/favicon.svg) as PNGs, with no
// image library: `node scripts/icons.mjs` writes public/icons/ (committed; run it again after
// changing the mark). The shapes are in the favicon's 32×32 units.
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BLUE = [37, 99, 235];
const WHITE = [255, 255, 255];
const AMBER = [251, 191, 36];

const insideRoundedRect = (x, y, w, h, r) => {
  if (x < 0 || y < 0 || x > w || y > h) return false;
  const cx = Math.min(Math.max(x, r), w - r);
  const cy = Math.min(Math.max(y, r), h - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const insideRect = (x, y, [x0, y0, x1, y1]) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const insidePolygon = (x, y, points) => {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

/** The colour at a point of the mark (32×32 units), or null outside it. */
function markAt(x, y, { maskable }) {
  // Maskable icons are cropped to a circle by the phone: a full square, the glyph in the middle 70%.
  const background = maskable ? x >= 0 && y >= 0 && x <= 32 && y <= 32 : insideRoundedRect(x, y, 32, 32, 7);
  if (!background) return null;
  const g = maskable ? (v) => (v - 16) / 0.7 + 16 : (v) => v;
  const gx = g(x);
  const gy = g(y);
  if (insideRect(gx, gy, [9, 10, 23, 13]) || insideRect(gx, gy, [14.5, 13, 17.5, 24])) return WHITE;
  if (
    insidePolygon(gx, gy, [
      [19, 19],
      [23, 15],
      [24.5, 16.5],
      [20.5, 20.5],
    ])
  )
    return AMBER;
  return BLUE;
}

function render(size, options) {
  const SAMPLES = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        gr = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = markAt(((px + (sx + 0.5) / SAMPLES) * 32) / size, ((py + (sy + 0.5) / SAMPLES) * 32) / size, options);
          if (!colour) continue;
          r += colour[0];
          gr += colour[1];
          b += colour[2];
          a++;
        }
      }
      const o = (py * size + px) * 4;
      if (a) {
        pixels[o] = Math.round(r / a);
        pixels[o + 1] = Math.round(gr / a);
        pixels[o + 2] = Math.round(b / a);
      }
      pixels[o + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
    }
  }
  return png(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buffer) => {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const out = path.resolve(import.meta.dirname, "../public/icons");
mkdirSync(out, { recursive: true });
const icons = [
  ["icon-192.png", 192, { maskable: false }],
  ["icon-512.png", 512, { maskable: false }],
  ["icon-maskable-512.png", 512, { maskable: true }],
  ["apple-touch-icon.png", 180, { maskable: true }],
];
for (const [name, size, options] of icons) {
  writeFileSync(path.join(out, name), render(size, options));
  console.log(`public/icons/${name} (${size}×${size})`);
}
