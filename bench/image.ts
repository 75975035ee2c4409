// `MALLOC_ARENA_MAX=2 npx tsx bench/image.ts [photo.jpg|photo.heic ...]`: what making the
// copies of a photo costs (processImage, app/infrastructure/image.server.ts; decision 034).
// Without a file it makes a 12-megapixel (4032×3024) phone-like JPEG: quality 92, fine
// texture (blurred noise, which decodes and encodes like a detailed photo, about 3.3 MB),
// EXIF orientation 6. For each photo: the time of processImage (the download, display and
// thumbnail copies), best and median of ROUNDS (default 5; the best counts a busy neighbour
// on the machine least), then ten at once with this process's peak RSS (sampled every 5 ms).
// Run it with the Docker image's MALLOC_ARENA_MAX=2 (glibc otherwise keeps a heap per thread
// and the peak is far higher).
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { processImage } from "~/infrastructure/image.server";

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function twelveMegapixels(): Promise<Buffer> {
  return sharp({
    create: { width: 4032, height: 3024, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function measure(name: string, photo: Buffer) {
  const times: number[] = [];
  let result = await processImage(photo); // warm-up: sharp's first run, libheif compiled
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    result = await processImage(photo);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  await Promise.all(Array.from({ length: 10 }, () => processImage(photo)));
  const ten = performance.now() - started;
  clearInterval(sampler);
  console.log(
    `${name} (${(photo.length / 2 ** 20).toFixed(1)} MB, ${result.width}×${result.height}): ` +
      `best ${Math.round(times[0])} ms, median ${Math.round(times[Math.floor(times.length / 2)])} ms; ` +
      `copies ${[result.full, result.display, result.thumbnail].map((copy) => `${copy.width}×${copy.height} ${Math.round(copy.bytes.length / 1024)} KB`).join(", ")}; ` +
      `ten at once ${(ten / 1000).toFixed(1)} s, RSS ${mb(baseline)} → peak ${mb(peak)} MB`,
  );
}

const files = process.argv.slice(2);
if (files.length === 0) await measure("12 MP JPEG", await twelveMegapixels());
for (const file of files) await measure(path.basename(file), readFileSync(file));
console.log(
  `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? "(unset)"}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`,
);
