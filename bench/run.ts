// `npm run bench`: the performance benchmark (docs/performance.md says how to read it).
// Seeds a large and a small account, serves the production build on loopback, and measures
// page latency and throughput against a bare node:http ceiling and the minimal Remix app of
// bench/peer under the same load (the peer serving each page's own HTML again, saved by
// bench/peer-pages.ts), the estimate PDF (speed and memory), the JavaScript and CSS each page
// ships, LCP in Chromium on a low-end profile, and the server's CPU per page against that
// minimal Remix app rendering the same HTML (measured by bench/cpu.ts).
// Figures go to bench/results/latest.json and the generated part of docs/performance.md.
//
// Options (environment): BENCH_QUICK=1 (or --quick) for a short run while working on the
// harness; BENCH_DURATION seconds per measurement; BENCH_SCALE to shrink the large account;
// BENCH_PORT (default 3510; the ceiling server takes the next port); BUILD_DIR (default
// build-bench); BENCH_SKIP_BUILD=1 to serve the build as it is; BENCH_SKIP_LCP=1;
// BENCH_LCP_RUNS (cold loads per page, default 7, quick 1); CPU_REQUESTS (sequential
// requests per page for the CPU comparison, default 100, quick 30) and CPU_ROUNDS (default
// 2, quick 1); BENCH_RESULTS and BENCH_DOC (other files for the figures and the page, for a
// trial run that should not replace the recorded one).
//
// `npm run bench -- --sqld` runs bench/sqld.ts instead: the main pages on the embedded file
// against a libSQL server (sqld) in the same run, and the database round trips per page.
// `npm run bench -- --files` runs bench/files.ts: photo uploads through the server (time, peak
// RSS of ten at once) and the HTML of a job's page with 50 photos.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { pageAssets, type PageAssets } from "./assets";
import { buildPeerIfStale, comparePeer, PEER_SERVER, peerEnvironment, stopCpuServers } from "./cpu";
import { LOW_END_PROFILE, measureLcp, type LcpResult } from "./lcp";
import { savePeerPage } from "./peer-pages";
import { evaluateTargets, writeMarkdown, type Endpoint, type LoadFigures, type Results } from "./report";
import { prepareDatabase, type BenchAccount } from "./seed";
import { cpuMs, waitForOk } from "./server-process";
import { buildIsStale } from "../scripts/build-freshness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const QUICK = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 3 : 8));
const WARMUP = QUICK ? 1 : 2;
const SCALE = Number(process.env.BENCH_SCALE ?? (QUICK ? 0.1 : 1));
const CONNECTIONS = [10, 50] as const;
const PDF_WARMUP = QUICK ? 20 : 100;
const PDF_RENDERS = QUICK ? 200 : 1000;
// Cold loads per page for the LCP. On this machine one page's loads spread over 700 ms or
// more (a static copy of the estimates page: 1,172 to 1,932 ms), so a median of 3 moved by
// hundreds of milliseconds from run to run.
const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? (QUICK ? 1 : 7));
const PORT = Number(process.env.BENCH_PORT ?? 3510);
const BARE_PORT = PORT + 1;
// The CPU comparison serves TradeDesk and the peer, one after the other, on the next two ports.
const CPU_PORT = PORT + 2;
// The minimal Remix app under load, beside the ceiling, for scale.
const PEER_PORT = PORT + 4;
const CPU_REQUESTS = Number(process.env.CPU_REQUESTS ?? (QUICK ? 30 : 100));
const CPU_ROUNDS = Number(process.env.CPU_ROUNDS ?? (QUICK ? 1 : 2));
const HOST = "127.0.0.1";
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const BASE = `http://${HOST}:${PORT}`;
// Where the figures go: BENCH_RESULTS and BENCH_DOC send a trial run's elsewhere.
const RESULTS_FILE = path.resolve(root, process.env.BENCH_RESULTS ?? "bench/results/latest.json");
const DOC_FILE = path.resolve(root, process.env.BENCH_DOC ?? "docs/performance.md");
const started = Date.now();
const children: ChildProcess[] = [];
let stopping = false;

const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

/** Builds into BUILD_DIR when the build is missing or older than the sources (as `npm start` does). */
function buildIfStale() {
  const built = path.join(root, BUILD_DIR, "server.js");
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync(built))
    return log(`Serving ${BUILD_DIR}/ as it is (BENCH_SKIP_BUILD=1).`);
  if (!buildIsStale(root, BUILD_DIR)) return log(`${BUILD_DIR}/ is up to date.`);
  log(`Building into ${BUILD_DIR}/...`);
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`The build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
}

function startProcess(name: string, args: string[], env: Record<string, string>): ChildProcess {
  const logFile = path.join(root, `data/bench/${name}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  child.on("exit", (code, signal) => {
    if (!stopping) log(`${name} exited unexpectedly (code ${code}, signal ${signal}); its output is in data/bench/${name}.log.`);
  });
  children.push(child);
  return child;
}

/** Waits for one of the servers startProcess started to answer 200. */
const waitForServer = (url: string, child: ChildProcess, name: string) =>
  waitForOk(url, child, { name, hint: `; see data/bench/${name}.log` });

/** SIGTERM, then SIGKILL for a server still finishing abandoned requests after a few seconds. */
async function stopChildren() {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null && child.pid);
  for (const child of running) child.kill("SIGTERM");
  const deadline = Date.now() + 5000;
  while (running.some((child) => child.exitCode === null && child.signalCode === null) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/**
 * Waits until the server is idle. When autocannon's time is up it drops the requests in
 * flight, but the server still works through them: the next measurement would queue behind
 * that backlog. Idle = under 5% of a core over a quarter second. Returns the seconds waited.
 */
async function settle(pid: number, maxSeconds = 60): Promise<number> {
  const t0 = Date.now();
  // Two quiet quarter seconds in a row: on a busy machine a working server can miss one slice.
  let quiet = 0;
  while (quiet < 2 && Date.now() - t0 < maxSeconds * 1000) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 250));
    quiet = cpuMs(pid) - before < 12.5 ? quiet + 1 : 0;
  }
  return (Date.now() - t0) / 1000;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return kb / 1024;
}

/** Signs in through POST /api/auth/login, as a script would; returns the session cookie. */
async function signIn(account: BenchAccount): Promise<{ name: string; value: string; header: string }> {
  const response = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: BASE },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (response.status !== 200)
    throw new Error(`Sign-in as ${account.email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("td_session="));
  if (!cookie) throw new Error("Sign-in set no td_session cookie");
  const [pair] = cookie.split(";");
  const value = pair.slice("td_session=".length);
  return { name: "td_session", value, header: pair };
}

function endpointsFor(accounts: Record<"large" | "small", BenchAccount>): Endpoint[] {
  const pdf = (a: BenchAccount) => `/app/estimates/${a.pdfEstimateId}/pdf`;
  const same = (p: string) => ({ large: p, small: p });
  return [
    { key: "dashboard", name: "Dashboard", paths: same("/app"), kind: "page" },
    { key: "customers", name: "Customers, page 1", paths: same("/app/customers"), kind: "list" },
    { key: "customerSearch", name: "Customer search (?q=garcia)", paths: same("/app/customers?q=garcia"), kind: "list" },
    { key: "jobs", name: "Jobs", paths: same("/app/jobs"), kind: "list" },
    { key: "estimates", name: "Estimates", paths: same("/app/estimates"), kind: "list" },
    { key: "invoices", name: "Invoices", paths: same("/app/invoices"), kind: "list" },
    { key: "scheduleToday", name: "Schedule, Today tab (the default)", paths: same("/app/schedule"), kind: "page" },
    { key: "customersApi", name: "GET /api/customers", paths: same("/api/customers"), kind: "list" },
    { key: "scheduleList", name: "Schedule, list", paths: same("/app/schedule?tab=list"), kind: "list" },
    { key: "scheduleWeek", name: "Schedule, calendar week", paths: same("/app/schedule?tab=calendar"), kind: "page" },
    { key: "reports", name: "Reports", paths: same("/app/reports"), kind: "page" },
    { key: "apiEstimates", name: "GET /api/estimates", paths: same("/api/estimates"), kind: "list" },
    {
      key: "estimatePdf",
      name: "Estimate PDF (20 items)",
      paths: { large: pdf(accounts.large), small: pdf(accounts.small) },
      kind: "pdf",
    },
  ];
}

/** Stops the run when a server has died: every figure after that would be a meaningless zero. */
function assertAlive() {
  const dead = children.find((child) => child.exitCode !== null || child.signalCode !== null);
  if (dead)
    throw new Error(`A server died during the run (code ${dead.exitCode}, signal ${dead.signalCode}); see data/bench/*.log.`);
}

async function load(url: string, connections: number, duration: number, cookie?: string, pid?: number): Promise<LoadFigures> {
  assertAlive();
  const r = await autocannon({ url, connections, duration, timeout: 30, headers: cookie ? { cookie } : {} });
  assertAlive();
  const drainSeconds = pid ? await settle(pid) : 0;
  // autocannon drops the requests still in flight when the time is up, and times only 2xx
  // answers: a page slower than the measurement has no latency at all, not a latency of 0.
  const samples = r.latency.totalCount;
  return {
    p50: samples > 0 ? r.latency.p50 : null,
    p99: samples > 0 ? r.latency.p99 : null,
    samples,
    rps: r.requests.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    drainSeconds,
  };
}

/** `count` requests one after another: for a page too slow to load-test. */
async function sequential(url: string, count: number, cookie: string): Promise<LoadFigures> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    p50: Math.round(times[Math.floor(times.length / 2)]),
    p99: Math.round(times[times.length - 1]),
    samples: times.length,
    rps: 1000 / mean,
    requests: times.length,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    drainSeconds: 0,
    sequential: true,
  };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

async function measurePdf(url: string, cookie: string, pid: number) {
  const once = async () => {
    const t0 = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - t0;
    if (response.status !== 200 || body.subarray(0, 5).toString() !== "%PDF-") throw new Error(`PDF answered ${response.status}`);
    return ms;
  };
  const rssBefore = rssMb(pid);
  for (let i = 0; i < PDF_WARMUP; i++) await once();
  const rssAfterWarmup = rssMb(pid);
  const times: number[] = [];
  const samples: { renders: number; rssMb: number }[] = [{ renders: 0, rssMb: rssAfterWarmup }];
  const every10: number[] = [];
  for (let i = 1; i <= PDF_RENDERS; i++) {
    times.push(await once());
    if (i % 10 === 0) every10.push(rssMb(pid));
    if (i % Math.max(1, PDF_RENDERS / 10) === 0) samples.push({ renders: i, rssMb: rssMb(pid) });
  }
  const rssAfter = rssMb(pid);
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  // RSS saws up and down by tens of MB as V8 collects garbage, so two single readings can
  // show growth that is only the saw. The trend: the median of the readings (one every 10
  // renders) over the last tenth of the renders against the median over the first tenth.
  const tenth = Math.max(1, Math.floor(every10.length / 10));
  const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const trendGrowthMb = medianOf(every10.slice(-tenth)) - medianOf(every10.slice(0, tenth));
  return {
    warmupRenders: PDF_WARMUP,
    renders: PDF_RENDERS,
    medianMs: q(0.5),
    p90Ms: q(0.9),
    p99Ms: q(0.99),
    rss: {
      beforeMb: rssBefore,
      afterWarmupMb: rssAfterWarmup,
      afterMb: rssAfter,
      growthMb: rssAfter - rssAfterWarmup,
      trendGrowthMb,
      peakMb: Math.max(...every10, ...samples.map((x) => x.rssMb), rssAfter),
      samples,
    },
  };
}

function machine() {
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  return {
    cores: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    commit: git("rev-parse", "HEAD"),
    branch: git("rev-parse", "--abbrev-ref", "HEAD"),
    // Others' edits in the checkout count here too: the commit alone may not be what was measured.
    uncommittedChanges: git("status", "--porcelain", "--untracked-files=no", "--", "app", "server", "db", "public")
      .split("\n")
      .filter(Boolean).length,
    loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
}

async function main() {
  const info = machine();
  log(
    `TradeDesk benchmark${QUICK ? " (quick mode)" : ""}: ${DURATION} s per measurement at ${CONNECTIONS.join(" and ")} connections; ${info.cores} cores, Node ${info.node}, load average ${info.loadAverageAtStart.join(" ")}.`,
  );
  mkdirSync(path.join(root, "data/bench"), { recursive: true });
  buildIfStale();
  if (!(await buildPeerIfStale(log))) log("bench/peer/build/ is up to date.");
  const database = await prepareDatabase({ root, scale: SCALE, runFile: path.join(root, "data/bench/run.db"), log });
  const { accounts } = database;

  const bare = startProcess("bare-server", [path.join(root, "bench/bare-server.mjs")], { PORT: String(BARE_PORT), HOST });
  // With the Node options of production (scripts/server-flags.mjs), as `npm start` runs it.
  const app = startProcess("app-server", [...SERVER_NODE_FLAGS, path.join(root, BUILD_DIR, "server.js")], {
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST,
    DATABASE_URL: `file:./${path.relative(root, database.file)}`,
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    RATE_LIMIT_AUTH_PER_MINUTE: "100000",
    QUIET_LOG: "1",
    BUILD_DIR,
  });
  const peerServer = startProcess("peer-server", [...SERVER_NODE_FLAGS, PEER_SERVER], {
    NODE_ENV: "production",
    PORT: String(PEER_PORT),
    HOST,
    ...peerEnvironment(database.file, accounts.small.accountId),
  });
  const PEER_BASE = `http://${HOST}:${PEER_PORT}/`;
  await waitForServer(`http://${HOST}:${BARE_PORT}/`, bare, "bare-server");
  await waitForServer(PEER_BASE, peerServer, "peer-server");
  await waitForServer(`${BASE}/healthz`, app, "app-server");
  const pid = app.pid!;
  log(
    `Serving ${BUILD_DIR}/ on ${BASE} (pid ${pid}, RSS ${fmt(rssMb(pid))} MB) and the bare node:http ceiling on port ${BARE_PORT}.`,
  );

  const cookies = { large: await signIn(accounts.large), small: await signIn(accounts.small) };
  const endpoints = endpointsFor(accounts);

  // The PDF phase comes first, on a server that has served nothing heavy yet, so its memory
  // figures are about PDFs and not about the garbage the load tests leave behind.
  log(`Estimate PDF: ${PDF_WARMUP} warm-up then ${PDF_RENDERS} sequential renders (large account)...`);
  const pdf = await measurePdf(BASE + endpoints.find((e) => e.key === "estimatePdf")!.paths.large, cookies.large.header, pid);
  log(
    `  median ${fmt(pdf.medianMs, 1)} ms, p90 ${fmt(pdf.p90Ms, 1)} ms; RSS ${fmt(pdf.rss.beforeMb)} → ${fmt(pdf.rss.afterWarmupMb)} (warm) → ${fmt(pdf.rss.afterMb)} MB: growth ${fmt(pdf.rss.growthMb, 1)} MB (trend ${fmt(pdf.rss.trendGrowthMb, 1)} MB), peak ${fmt(pdf.rss.peakMb)} MB`,
  );

  // Every URL must answer 200 before it is timed: a redirect to /login would be fast and
  // meaningless. Two requests each also tell how long one takes alone. The large account's
  // answer of each page (not the PDF) is saved for the peer to serve again (bench/peer-pages.ts).
  const pageBytes: Record<string, Record<string, number>> = {};
  const aloneMs: Record<string, Record<string, number>> = {};
  /** The peer's path serving the large account's answer of each page, by endpoint key. */
  const peerPaths: Record<string, string> = {};
  for (const endpoint of endpoints) {
    pageBytes[endpoint.key] = {};
    aloneMs[endpoint.key] = {};
    for (const label of ["large", "small"] as const) {
      const times: number[] = [];
      for (let i = 0; i < 2; i++) {
        const t0 = performance.now();
        const response = await fetch(BASE + endpoint.paths[label], {
          headers: { cookie: cookies[label].header },
          redirect: "manual",
        });
        const body = Buffer.from(await response.arrayBuffer());
        times.push(performance.now() - t0);
        if (response.status !== 200) throw new Error(`${endpoint.paths[label]} (${label}) answered ${response.status}`);
        pageBytes[endpoint.key][label] = body.length;
        if (label === "large" && endpoint.kind !== "pdf")
          peerPaths[endpoint.key] = savePeerPage(
            `load-${endpoint.key}`,
            body.toString("utf8"),
            response.headers.get("content-type") ?? "",
          );
      }
      aloneMs[endpoint.key][label] = Math.min(...times);
    }
  }
  const bareBytes = Buffer.from(await (await fetch(`http://${HOST}:${BARE_PORT}/`)).arrayBuffer()).length;
  const peerBytes = Buffer.from(await (await fetch(PEER_BASE)).arrayBuffer()).length;
  const peerPageBytes: Record<string, number> = {};
  for (const [key, peerPath] of Object.entries(peerPaths)) {
    const response = await fetch(PEER_BASE + peerPath.slice(1));
    if (response.status !== 200) throw new Error(`The peer's ${peerPath} answered ${response.status}`);
    peerPageBytes[key] = Buffer.from(await response.arrayBuffer()).length;
  }
  log(
    `All ${endpoints.length * 2} URLs answer 200; the dashboard is ${fmt(pageBytes.dashboard.large / 1024, 1)} KB of HTML, the ceiling page ${fmt(bareBytes / 1024, 1)} KB.`,
  );

  log("Ceiling: bare node:http...");
  await load(`http://${HOST}:${BARE_PORT}/`, 10, WARMUP);
  const ceiling: Record<string, LoadFigures> = {};
  for (const c of CONNECTIONS) {
    ceiling[c] = await load(`http://${HOST}:${BARE_PORT}/`, c, DURATION);
    log(`  ${c} connections: p50 ${ceiling[c].p50} ms, p99 ${ceiling[c].p99} ms, ${fmt(ceiling[c].rps)} req/s`);
  }
  // What a minimal server-rendered Remix page gets here (bench/peer: 25 customers in a table).
  log("For scale: the minimal Remix app (bench/peer)...");
  await load(PEER_BASE, 10, WARMUP, undefined, peerServer.pid);
  const peerLoad: Record<string, LoadFigures> = {};
  for (const c of CONNECTIONS) {
    peerLoad[c] = await load(PEER_BASE, c, DURATION, undefined, peerServer.pid);
    log(`  ${c} connections: p50 ${peerLoad[c].p50} ms, p99 ${peerLoad[c].p99} ms, ${fmt(peerLoad[c].rps, 1)} req/s`);
  }

  const load_: Record<string, Record<"large" | "small", Record<string, LoadFigures>>> = {};
  /** The peer serving each page's HTML (the large account's), at 10 connections, right after the page. */
  const peerSameHtml: NonNullable<Results["peer"]>["sameHtml"] = {};
  for (const endpoint of endpoints) {
    load_[endpoint.key] = { large: {}, small: {} };
    for (const c of CONNECTIONS) {
      // Large and small back to back, so the ratio compares runs under the same machine load.
      for (const label of ["large", "small"] as const) {
        const url = BASE + endpoint.paths[label];
        // A page that takes longer alone than a tenth of the measurement cannot answer even
        // once per connection in it, and would leave minutes of abandoned work behind:
        // it is timed with a few requests one after another instead, and marked so.
        const tooSlow = aloneMs[endpoint.key][label] > (DURATION * 1000) / 10;
        if (tooSlow && c !== CONNECTIONS[0]) {
          load_[endpoint.key][label][c] = load_[endpoint.key][label][CONNECTIONS[0]];
          continue;
        }
        if (!tooSlow && c === CONNECTIONS[0]) await load(url, 10, WARMUP, cookies[label].header, pid);
        const figures = tooSlow
          ? await sequential(url, 3, cookies[label].header)
          : await load(url, c, DURATION, cookies[label].header, pid);
        load_[endpoint.key][label][c] = figures;
        const problems = figures.non2xx + figures.errors + figures.timeouts;
        log(
          `  ${endpoint.name} [${label}, ${tooSlow ? `too slow for load: ${aloneMs[endpoint.key][label].toFixed(0)} ms alone; sequential` : `${c} conn`}]: p50 ${figures.p50 ?? "–"} ms, p99 ${figures.p99 ?? "–"} ms, ${fmt(figures.rps, 1)} req/s, ${figures.samples} timed${figures.drainSeconds >= 1 ? `, ${fmt(figures.drainSeconds)} s to drain` : ""}${problems ? `, ${figures.non2xx} non-2xx / ${figures.errors} errors / ${figures.timeouts} timeouts` : ""}`,
        );
      }
      // The peer serving the same HTML, under the same load, right after the page: the p99 target's pair.
      const peerPath = peerPaths[endpoint.key];
      if (peerPath && c === 10) {
        const url = PEER_BASE + peerPath.slice(1);
        await load(url, 10, WARMUP, undefined, peerServer.pid);
        const figures = await load(url, 10, DURATION, undefined, peerServer.pid);
        peerSameHtml[endpoint.key] = { path: peerPath, pageBytes: peerPageBytes[endpoint.key], load: figures };
        const problems = figures.non2xx + figures.errors + figures.timeouts;
        log(
          `  ${endpoint.name} [the peer, same HTML, 10 conn]: p50 ${figures.p50 ?? "–"} ms, p99 ${figures.p99 ?? "–"} ms, ${fmt(figures.rps, 1)} req/s, ${figures.samples} timed${problems ? `, ${problems} not 2xx / errors / timeouts` : ""}`,
        );
      }
    }
  }
  const rssAfterLoad = rssMb(pid);

  log("First-load JavaScript and CSS...");
  const assetPages: { page: string; cookie?: string }[] = [
    { page: "/" },
    { page: "/login" },
    { page: "/app", cookie: cookies.large.header },
    { page: "/app/estimates", cookie: cookies.large.header },
  ];
  const assets: PageAssets[] = [];
  for (const { page, cookie } of assetPages) {
    const a = await pageAssets(BASE, page, cookie);
    if (a.status !== 200) throw new Error(`${page} answered ${a.status}`);
    assets.push(a);
    log(
      `  ${page}: JS ${fmt(a.jsGzipBytes / 1024, 1)} KB gzip in ${a.files.filter((f) => f.kind === "js").length} files (+ ${fmt(a.inlineJsGzipBytes / 1024, 1)} KB inline), CSS ${fmt(a.cssGzipBytes / 1024, 1)} KB gzip`,
    );
  }

  let lcp: LcpResult[] = [];
  if (process.env.BENCH_SKIP_LCP === "1") {
    log("LCP skipped (BENCH_SKIP_LCP=1).");
  } else {
    log(`LCP in Chromium, ${LCP_RUNS} cold load(s) per page, low-end profile...`);
    lcp = await measureLcp({
      base: BASE,
      runs: LCP_RUNS,
      log,
      pages: [
        { page: "/" },
        { page: "/login" },
        { page: "/app", cookie: cookies.large },
        { page: "/app/estimates", cookie: cookies.large },
      ].map((p) => ({ page: p.page, cookie: p.cookie ? { name: p.cookie.name, value: p.cookie.value } : undefined })),
    });
  }

  await stopChildren();

  // Each server alone on the machine (ours, that is), after everything else: sequential
  // requests, so the CPU per request does not depend on concurrency.
  log(
    `Server CPU per page against the minimal Remix app rendering the same HTML: ${CPU_REQUESTS} sequential requests per page, small account, best of ${CPU_ROUNDS} round(s)...`,
  );
  const cpuVsPeer = await comparePeer({
    buildDir: BUILD_DIR,
    dbFile: database.file,
    account: accounts.small,
    port: CPU_PORT,
    requests: CPU_REQUESTS,
    rounds: CPU_ROUNDS,
    log,
  });
  log(
    `  TradeDesk / the peer on the same HTML, ms per request: ${Object.entries(cpuVsPeer.tradedesk)
      .map(
        ([page, f]) => `${page} ${fmt(f.cpuMs, 2)} / ${fmt(cpuVsPeer.peer[page].cpuMs, 2)} (${fmt(cpuVsPeer.ratios[page], 2)}×)`,
      )
      .join(", ")}; the peer's own page ${fmt(cpuVsPeer.peerOwnPage.cpuMs, 2)}`,
  );

  const results: Results = {
    date: new Date().toISOString(),
    quick: QUICK,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    machine: { ...info, loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))) },
    config: {
      secondsPerMeasurement: DURATION,
      warmupSeconds: WARMUP,
      connections: [...CONNECTIONS],
      scale: SCALE,
      buildDir: BUILD_DIR,
      lcpProfile: LOW_END_PROFILE.description,
      lcpRuns: LCP_RUNS,
      acceptEncoding: "none (responses uncompressed, for the app and the ceiling alike)",
    },
    seed: {
      ...database.cache,
      large: accounts.large.counts,
      small: accounts.small.counts,
      note: "Each account also has one estimate of 20 line items, whose PDF is measured.",
    },
    server: { rssAfterLoadTestsMb: Number(fmt(rssAfterLoad, 1)) },
    ceiling: { pageBytes: bareBytes, load: ceiling },
    peer: { pageBytes: peerBytes, load: peerLoad, sameHtml: peerSameHtml },
    pageBytes,
    endpoints: endpoints.map((e) => ({ ...e, load: load_[e.key] })),
    pdf,
    assets,
    lcp,
    cpuVsPeer,
    targets: [],
  };
  results.targets = evaluateTargets(results);
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  const table = writeMarkdown(results, DOC_FILE);
  console.log(`\n${table}\n`);
  const missed = results.targets.filter((t) => !t.met).length;
  log(
    `Done in ${fmt((Date.now() - started) / 60000, 1)} min: ${results.targets.length - missed} targets met, ${missed} missed. Wrote ${path.relative(root, RESULTS_FILE)} and ${path.relative(root, DOC_FILE)}.`,
  );
}

// `npm run bench -- --sqld`: the file against a libSQL server, and round trips per page (bench/sqld.ts).
if (process.argv.includes("--sqld")) {
  await (await import("./sqld")).mainSqld();
} else if (process.argv.includes("--files")) {
  // `npm run bench -- --files`: photo uploads and a page of 50 photos (bench/files.ts).
  await (await import("./files")).mainFiles();
} else {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopCpuServers();
      void stopChildren().finally(() => process.exit(130));
    });
  }
  main().catch(fail);
}

async function fail(error: unknown) {
  const dead = children.filter((child) => child.exitCode !== null || child.signalCode !== null);
  const appLog = path.join(root, "data/bench/app-server.log");
  const signalled = existsSync(appLog) && readFileSync(appLog, "utf8").includes("SIGTERM");
  stopCpuServers();
  await stopChildren();
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  if (dead.length > 0 || signalled) {
    console.error(
      "The app server stopped before the run ended (see data/bench/app-server.log): on a shared machine, something else may have signalled it.",
    );
  }
  process.exit(1);
}
