// `npm run bench -- --files`: photos and files through the production server
// (docs/product/files.md, docs/decisions/034). Not part of the default `npm run bench`.
//
// One production server on a fresh database and files folder, with the Docker image's
// MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=1048576 (others, or other values, when set in
// the environment). Through the API, as a phone would:
// 1. one 12-megapixel JPEG (bench/image.ts makes the same kind) uploaded alone, ROUNDS times:
//    the upload's time (reading, checking, the three copies, storing), best and median;
// 2. ten uploads of it at once: the server's peak RSS (sampled from /proc every 10 ms), its
//    RSS before, and the time until all ten have answered;
// 3. a job with 50 photos: its Photos & files page (/app/jobs/{id}/files) — the HTML's size,
//    how many <img> it has and whether each is a lazy-loaded thumbnail with width and height —
//    and the time of the page alone (median of 20), against the bare node:http server answering
//    the same bytes, for scale.
//
// Options (environment): ROUNDS (default 5); BENCH_PORT (default 3560; the bare server takes the
// next); BUILD_DIR (default build-bench); BENCH_SKIP_BUILD=1; BENCH_FILES_RESULTS (default
// bench/results/files-latest.json).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { buildIsStale } from "../scripts/build-freshness.mjs";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";
import { waitForOk } from "./server-process";

const root = path.resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3560);
const BARE_PORT = PORT + 1;
const HOST = "127.0.0.1";
const BASE = `http://${HOST}:${PORT}`;
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const RESULTS_FILE = path.resolve(root, process.env.BENCH_FILES_RESULTS ?? "bench/results/files-latest.json");
const PAGE_PHOTOS = 50;
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function twelveMegapixels(): Promise<Buffer> {
  return sharp({
    create: { width: 4032, height: 3024, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function smallPhoto(index: number): Promise<Buffer> {
  const hue = (index * 37) % 255;
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function buildIfStale() {
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync(path.join(root, BUILD_DIR, "server.js"))) return;
  if (!buildIsStale(root, BUILD_DIR)) return;
  log(`Building into ${BUILD_DIR}/...`);
  const result = spawnSync("npm", ["run", "build"], { cwd: root, env: { ...process.env, BUILD_DIR }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`The build failed:\n${result.stdout}\n${result.stderr}`);
}

class Client {
  cookie = "";
  async call(method: string, url: string, body?: BodyInit, type?: string): Promise<Response> {
    const headers: Record<string, string> = { Cookie: this.cookie, Origin: BASE };
    if (type) headers["Content-Type"] = type;
    const response = await fetch(`${BASE}${url}`, { method, headers, body, redirect: "manual" });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0];
    return response;
  }
  async json<T>(method: string, url: string, body: unknown): Promise<T> {
    const response = await this.call(method, url, JSON.stringify(body), "application/json");
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  async upload(url: string, photos: { bytes: Buffer; name: string }[]): Promise<Response> {
    const form = new FormData();
    for (const photo of photos) form.append("file", new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }), photo.name);
    return this.call("POST", url, form);
  }
}

async function main() {
  buildIfStale();
  const work = mkdtempSync(path.join(os.tmpdir(), "tradedesk-bench-files-"));
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(BUILD_DIR, "server.js")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST,
      DATABASE_URL: `file:${path.join(work, "bench.db")}`,
      FILES_DIR: path.join(work, "files"),
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
      RATE_LIMIT_AUTH_PER_MINUTE: "10000",
      QUIET_LOG: "1",
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "1048576",
      // glibc's knobs, to try others (decision 034): passed on when set.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => /^MALLOC_\w+_$/.test(name))),
      BUILD_DIR,
    },
    stdio: "ignore",
  });
  let bare: http.Server | undefined;
  try {
    await waitForOk(`${BASE}/healthz`, server, { name: "the app server" });
    const client = new Client();
    await client.json("POST", "/api/auth/register", {
      name: "Bench Electric",
      email: `bench-${Date.now()}@example.com`,
      password: "bench-password-1",
    });
    const customer = await client.json<{ id: string }>("POST", "/api/customers", { name: "Pat Customer" });
    const job = await client.json<{ id: string }>("POST", "/api/jobs", { customerId: customer.id, title: "Panel upgrade" });
    const filesUrl = `/api/jobs/${job.id}/files`;

    // 1. One 12 MP photo alone.
    const photo = await twelveMegapixels();
    log(`12 MP JPEG: ${(photo.length / 1e6).toFixed(1)} MB; uploading it ${ROUNDS + 1} times (the first warms up)...`);
    const alone: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const at = performance.now();
      const response = await client.upload(filesUrl, [{ bytes: photo, name: `panel-${round}.jpg` }]);
      if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
      if (round > 0) alone.push(performance.now() - at);
    }

    // 2. Ten at once.
    const before = rssOf(server.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 10);
    const at = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.upload(filesUrl, [{ bytes: photo, name: `at-once-${i}.jpg` }])),
    );
    const tenMs = performance.now() - at;
    clearInterval(sampler);
    if (answers.some((response) => response.status !== 201)) throw new Error("an upload of the ten failed");

    // 3. A job with 50 photos.
    const page = await client.json<{ id: string }>("POST", "/api/jobs", { customerId: customer.id, title: "Fifty photos" });
    const small = await Promise.all(Array.from({ length: PAGE_PHOTOS }, (_, i) => smallPhoto(i)));
    for (let i = 0; i < PAGE_PHOTOS; i += 10) {
      const batch = small.slice(i, i + 10).map((bytes, j) => ({ bytes, name: `photo-${i + j + 1}.jpg` }));
      const response = await client.upload(`/api/jobs/${page.id}/files`, batch);
      if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
    }
    const pageUrl = `/app/jobs/${page.id}/files`;
    const first = await client.call("GET", pageUrl);
    if (first.status !== 200) throw new Error(`${pageUrl}: ${first.status}`);
    const html = await first.text();
    const images = html.match(/<img\b[^>]*>/g) ?? [];
    const photos = images.filter((tag) => tag.includes("/files/"));
    const lazyThumbnails = photos.filter(
      (tag) => /\/thumbnail"/.test(tag) && /loading="lazy"/.test(tag) && /\bwidth="\d+"/.test(tag) && /\bheight="\d+"/.test(tag),
    );
    const pageTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (await client.call("GET", pageUrl)).arrayBuffer();
      pageTimes.push(performance.now() - t);
    }
    const bytes = Buffer.from(html);
    bare = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(bytes));
    await new Promise<void>((resolve) => bare!.listen(BARE_PORT, HOST, resolve));
    const bareTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (await fetch(`http://${HOST}:${BARE_PORT}/`)).arrayBuffer();
      bareTimes.push(performance.now() - t);
    }

    const results = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${mb(os.totalmem())} MB, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
      upload12mp: {
        photoMB: +(photo.length / 1e6).toFixed(1),
        bestMs: Math.round(Math.min(...alone)),
        medianMs: Math.round(median(alone)),
      },
      tenAtOnce: { rssBeforeMB: mb(before), peakRssMB: mb(peak), allAnsweredMs: Math.round(tenMs) },
      page50: {
        path: "/app/jobs/{id}/files",
        htmlKB: +(bytes.length / 1024).toFixed(1),
        photoImages: photos.length,
        lazyThumbnailsWithSize: lazyThumbnails.length,
        medianMs: +median(pageTimes).toFixed(1),
        bareMedianMs: +median(bareTimes).toFixed(1),
      },
    };
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
    const targets = [
      ["12 MP photo processed under 1.5 s (upload median)", results.upload12mp.medianMs < 1500],
      ["10 uploads at once: server RSS under 400 MB", results.tenAtOnce.peakRssMB < 400],
      ["50 photos: page HTML under 150 KB", results.page50.htmlKB < 150],
      [
        "50 photos: every image a lazy thumbnail with width and height",
        lazyThumbnails.length === photos.length && photos.length === PAGE_PHOTOS,
      ],
    ] as const;
    for (const [name, met] of targets) log(`${met ? "met   " : "MISSED"} ${name}`);
  } finally {
    bare?.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(work, { recursive: true, force: true });
  }
}

export async function mainFiles() {
  await main();
}
