// `npm run bench -- --sqld`: the main pages on the embedded file against the same pages on a
// libSQL server (sqld, what Turso runs) on loopback, in one run, and the database round trips
// each page makes. Not part of the default `npm run bench`.
//
// One copy of the benchmark's seeded database (bench/seed.ts: a large and a small account) is
// served from a file by one production server, and another copy from sqld by a second one;
// each page is loaded on the one, then on the other, back to back, so both meet the same
// machine load. A third production server reaches the same sqld through a loopback proxy
// that counts the HTTP requests it forwards: each is one round trip to the database (a
// statement alone, a batch, or one step of an interactive transaction). Each page is
// requested alone a few times and the fewest round trips kept (the work runner's minute
// check, say, may fall into one of them). The servers that are timed are not behind the proxy.
//
// Options (environment): BENCH_QUICK=1 (or --quick); BENCH_DURATION seconds per measurement
// (default 5, quick 2); BENCH_CONNECTIONS (default 10); BENCH_SCALE (the large account's
// size, default 1, quick 0.1); BENCH_ALONE (sequential requests per page and account for the
// "alone" medians, default 20); BENCH_PORT (default 3530; the next two ports are taken too);
// BUILD_DIR (default build-bench); BENCH_SKIP_BUILD=1; BENCH_SQLD_SEED=server to seed the
// sqld database through its URL (bench/seed.ts seedAt; minutes at full scale) instead of
// starting sqld on a copy of the seeded file (the default; the same rows); BENCH_SQLD_RESULTS
// (default bench/results/sqld-latest.json). SQLD_BIN names a sqld binary (scripts/sqld.mjs).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildIsStale } from "../scripts/build-freshness.mjs";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";
import { startSmtpSink } from "../scripts/load/smtp-sink.mjs";
import { ensureSqld, startSqld } from "../scripts/sqld.mjs";
import { prepareDatabase, type BenchAccount } from "./seed";
import { cpuMs, waitForOk } from "./server-process";

const root = path.resolve(import.meta.dirname, "..");
const QUICK = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 2 : 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SCALE = Number(process.env.BENCH_SCALE ?? (QUICK ? 0.1 : 1));
const ALONE = Number(process.env.BENCH_ALONE ?? (QUICK ? 5 : 20));
const ROUND_TRIP_SAMPLES = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3530);
const HOST = "127.0.0.1";
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const RESULTS_FILE = path.resolve(root, process.env.BENCH_SQLD_RESULTS ?? "bench/results/sqld-latest.json");
/** A page making more round trips than this is listed (docs/scaling.md). */
const MANY_ROUND_TRIPS = 10;
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

type Label = "large" | "small";
interface Page {
  key: string;
  name: string;
  path: (account: BenchAccount) => string;
  /** Under load at CONNECTIONS connections (the PDF only alone and for its round trips). */
  load: boolean;
}

const PAGES: Page[] = [
  { key: "dashboard", name: "Dashboard /app", path: () => "/app", load: true },
  { key: "customers", name: "Customers", path: () => "/app/customers", load: true },
  { key: "customerSearch", name: "Customer search ?q=garcia", path: () => "/app/customers?q=garcia", load: true },
  { key: "jobs", name: "Jobs", path: () => "/app/jobs", load: true },
  { key: "estimates", name: "Estimates", path: () => "/app/estimates", load: true },
  { key: "invoices", name: "Invoices", path: () => "/app/invoices", load: true },
  { key: "scheduleToday", name: "Schedule, Today", path: () => "/app/schedule", load: true },
  { key: "scheduleList", name: "Schedule, list", path: () => "/app/schedule?tab=list", load: true },
  { key: "scheduleWeek", name: "Schedule, week", path: () => "/app/schedule?tab=calendar", load: true },
  { key: "reports", name: "Reports", path: () => "/app/reports", load: true },
  { key: "apiCustomers", name: "GET /api/customers", path: () => "/api/customers", load: true },
  { key: "apiEstimates", name: "GET /api/estimates", path: () => "/api/estimates", load: true },
  { key: "estimatePdf", name: "Estimate PDF (20 items)", path: (a) => `/app/estimates/${a.pdfEstimateId}/pdf`, load: false },
];

// ---------------------------------------------------------------------------------
// Processes: every one started here is stopped by its PID at the end.

const children: ChildProcess[] = [];
const stops: (() => Promise<void>)[] = [];

/** SMTP_URL for the servers: the app requires one in production on a shared database. */
let smtpUrl = "";

function startServer(name: string, port: number, databaseUrl: string): ChildProcess {
  const out = createWriteStream(path.join(root, `data/bench/${name}.log`));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, BUILD_DIR, "server.js")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST,
      DATABASE_URL: databaseUrl,
      // Required in production on a database that is not a local file; the same on every server.
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
      RATE_LIMIT_AUTH_PER_MINUTE: "100000",
      QUIET_LOG: "1",
      BUILD_DIR,
      SMTP_URL: smtpUrl,
    },
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  children.push(child);
  return child;
}

async function stopAll() {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null && c.pid);
  for (const child of running) process.kill(child.pid!, "SIGTERM");
  const deadline = Date.now() + 8000;
  while (running.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  for (const child of running) if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGKILL");
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
}

/**
 * A loopback proxy in front of sqld that counts the requests it forwards. The libSQL client
 * speaks Hrana over HTTP: one POST per round trip (…/pipeline or …/cursor), plus a GET of the
 * protocol version once per connection (counted apart, never a page's).
 */
function countingProxy(
  target: URL,
): Promise<{ port: number; roundTrips: () => number; other: () => number; close: () => Promise<void> }> {
  let posts = 0;
  let others = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    if (req.method === "POST") posts++;
    else others++;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      resolve({
        port,
        roundTrips: () => posts,
        other: () => others,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
            agent.destroy();
          }),
      });
    });
  });
}

// ---------------------------------------------------------------------------------
// Measuring

async function signIn(base: string, account: BenchAccount): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (response.status !== 200) throw new Error(`Sign-in on ${base} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("td_session="));
  if (!cookie) throw new Error("Sign-in set no td_session cookie");
  return cookie.split(";")[0];
}

async function get(url: string, cookie: string) {
  const t0 = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - t0;
}

/** Waits until the processes are idle (under 5% of a core over two quarter seconds in a row). */
async function settle(pids: number[], maxSeconds = 30) {
  const t0 = Date.now();
  let quiet = 0;
  while (quiet < 2 && Date.now() - t0 < maxSeconds * 1000) {
    const before = pids.map(cpuMs);
    await new Promise((r) => setTimeout(r, 250));
    const used = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - before[i], 0);
    quiet = used < 12.5 * pids.length ? quiet + 1 : 0;
  }
}

interface LoadFigures {
  p50: number | null;
  p99: number | null;
  rps: number;
  samples: number;
  problems: number;
  /** CPU per request, ms: the app server's, and sqld's (0 on the file), until both were idle again. */
  cpuMsPerRequest: { app: number; sqld: number };
}

/** `pids`: the app server's, then sqld's when there is one. */
async function load(url: string, cookie: string, duration: number, pids: number[]): Promise<LoadFigures> {
  const before = pids.map(cpuMs);
  const r = await autocannon({ url, connections: CONNECTIONS, duration, timeout: 30, headers: { cookie } });
  await settle(pids);
  const used = pids.map((pid, i) => cpuMs(pid) - before[i]);
  const requests = Math.max(1, r.requests.total);
  const samples = r.latency.totalCount;
  return {
    p50: samples > 0 ? r.latency.p50 : null,
    p99: samples > 0 ? r.latency.p99 : null,
    rps: r.requests.average,
    samples,
    problems: r.non2xx + r.errors + r.timeouts,
    cpuMsPerRequest: { app: used[0] / requests, sqld: (used[1] ?? 0) / requests },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number | null | undefined, digits = 1) => (n === null || n === undefined ? "–" : n.toFixed(digits));

// ---------------------------------------------------------------------------------

export async function runSqldBench() {
  log(
    `TradeDesk benchmark, file against sqld${QUICK ? " (quick)" : ""}: ${DURATION} s per measurement at ${CONNECTIONS} connections; ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(2)}.`,
  );
  const found = ensureSqld({ log });
  if ("skipped" in found) {
    console.error(`sqld is not available, so nothing was measured: ${found.skipped}`);
    process.exit(1);
  }
  mkdirSync(path.join(root, "data/bench"), { recursive: true });
  const built = path.join(root, BUILD_DIR, "server.js");
  if (!(process.env.BENCH_SKIP_BUILD === "1" && existsSync(built)) && buildIsStale(root, BUILD_DIR)) {
    log(`Building into ${BUILD_DIR}/...`);
    const result = spawnSync("npm", ["run", "build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`The build failed:\n${result.stdout}\n${result.stderr}`);
  }

  const database = await prepareDatabase({ root, scale: SCALE, runFile: path.join(root, "data/bench/sqld-file.db"), log });
  const fileAccounts = database.accounts;
  let sqldAccounts = database.accounts;
  // sqld keeps its default database in <folder>/data.sqld/dbs/default/data, an SQLite file.
  const serverSeed = process.env.BENCH_SQLD_SEED === "server";
  const folder = path.join(root, "data/bench/sqld");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(path.join(folder, "data.sqld/dbs/default"), { recursive: true });
  if (!serverSeed) copyFileSync(path.join(root, database.cache.file), path.join(folder, "data.sqld/dbs/default/data"));
  const sqld = await startSqld({ bin: found.bin, dir: folder });
  stops.push(async () => {
    await sqld.stop();
    rmSync(folder, { recursive: true, force: true });
  });
  log(`sqld (pid ${sqld.pid}) at ${sqld.url}${serverSeed ? "" : `, on a copy of ${database.cache.file}`}.`);
  if (serverSeed) {
    log("Seeding sqld through its URL (BENCH_SQLD_SEED=server)...");
    const t0 = performance.now();
    // In a process of its own (bench/seed.ts's command line): the app reads DATABASE_URL once per process.
    const seeded = spawnSync("npx", ["tsx", path.join(root, "bench/seed.ts"), sqld.url, String(SCALE)], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (seeded.status !== 0) throw new Error(`Seeding sqld failed:\n${seeded.stdout}\n${seeded.stderr}`);
    sqldAccounts = JSON.parse(seeded.stdout.trim().split("\n").at(-1)!);
    log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const proxy = await countingProxy(new URL(sqld.url));
  stops.push(proxy.close);
  // Required in production on a shared database; the pages measured send no mail.
  const smtp = await startSmtpSink();
  stops.push(smtp.close);
  smtpUrl = smtp.url;

  const fileBase = `http://${HOST}:${PORT}`;
  const sqldBase = `http://${HOST}:${PORT + 1}`;
  const countBase = `http://${HOST}:${PORT + 2}`;
  const fileServer = startServer("sqld-bench-file", PORT, `file:./${path.relative(root, database.file)}`);
  await waitForOk(`${fileBase}/healthz`, fileServer, { name: "the file server" });
  // One after the other on sqld: the first applies any migration the seed lacks.
  const sqldServer = startServer("sqld-bench-sqld", PORT + 1, sqld.url);
  await waitForOk(`${sqldBase}/healthz`, sqldServer, { name: "the sqld server" });
  const countServer = startServer("sqld-bench-count", PORT + 2, `http://${HOST}:${proxy.port}`);
  await waitForOk(`${countBase}/healthz`, countServer, { name: "the counting server" });
  log(
    `Servers: file on ${fileBase} (pid ${fileServer.pid}), sqld on ${sqldBase} (pid ${sqldServer.pid}), counting through the proxy on ${countBase} (pid ${countServer.pid}).`,
  );

  const labels: Label[] = ["large", "small"];
  const accounts = { file: fileAccounts, sqld: sqldAccounts };
  const cookies = {
    file: Object.fromEntries(await Promise.all(labels.map(async (l) => [l, await signIn(fileBase, fileAccounts[l])]))),
    sqld: Object.fromEntries(await Promise.all(labels.map(async (l) => [l, await signIn(sqldBase, sqldAccounts[l])]))),
  } as Record<"file" | "sqld", Record<Label, string>>;

  // Round trips first, on an otherwise idle machine (ours).
  log(`Round trips per request (fewest of ${ROUND_TRIP_SAMPLES} requests alone, through the counting proxy):`);
  const roundTrips: Record<string, Record<Label, number>> = {};
  for (const page of PAGES) {
    roundTrips[page.key] = { large: 0, small: 0 };
    for (const label of labels) {
      const counts: number[] = [];
      for (let i = 0; i < ROUND_TRIP_SAMPLES + 1; i++) {
        const before = proxy.roundTrips();
        await get(countBase + page.path(sqldAccounts[label]), cookies.sqld[label]);
        // The first request of a page may carry one-off work (a kept figure worked out): not counted.
        if (i > 0) counts.push(proxy.roundTrips() - before);
      }
      roundTrips[page.key][label] = Math.min(...counts);
    }
    log(`  ${page.name}: ${roundTrips[page.key].large} (large), ${roundTrips[page.key].small} (small)`);
  }
  await stopOne(countServer);

  log(`Alone: ${ALONE} sequential requests per page and account, file then sqld (median ms):`);
  const alone: Record<string, Record<Label, { file: number; sqld: number }>> = {};
  for (const page of PAGES) {
    alone[page.key] = {} as Record<Label, { file: number; sqld: number }>;
    for (const label of labels) {
      const figures = { file: 0, sqld: 0 };
      for (const [kind, base] of [
        ["file", fileBase],
        ["sqld", sqldBase],
      ] as const) {
        const url = base + page.path(accounts[kind][label]);
        await get(url, cookies[kind][label]);
        const times: number[] = [];
        for (let i = 0; i < ALONE; i++) times.push(await get(url, cookies[kind][label]));
        figures[kind] = median(times);
      }
      alone[page.key][label] = figures;
    }
    const a = alone[page.key];
    log(
      `  ${page.name}: large ${fmt(a.large.file)} / ${fmt(a.large.sqld)} ms, small ${fmt(a.small.file)} / ${fmt(a.small.sqld)} ms (file / sqld)`,
    );
  }

  log(`Under load: ${CONNECTIONS} connections, ${DURATION} s each, large account, file then sqld:`);
  const underLoad: Record<string, { file: LoadFigures; sqld: LoadFigures }> = {};
  const pids = { file: [fileServer.pid!], sqld: [sqldServer.pid!, sqld.pid] };
  for (const page of PAGES.filter((p) => p.load)) {
    const figures = {} as { file: LoadFigures; sqld: LoadFigures };
    for (const [kind, base] of [
      ["file", fileBase],
      ["sqld", sqldBase],
    ] as const) {
      const url = base + page.path(accounts[kind].large);
      await load(url, cookies[kind].large, 1, pids[kind]);
      figures[kind] = await load(url, cookies[kind].large, DURATION, pids[kind]);
    }
    underLoad[page.key] = figures;
    const { file, sqld: s } = figures;
    log(
      `  ${page.name}: file p50 ${fmt(file.p50, 0)} / p99 ${fmt(file.p99, 0)} ms, ${fmt(file.rps)} req/s, CPU ${fmt(file.cpuMsPerRequest.app)} ms/request; sqld p50 ${fmt(s.p50, 0)} / p99 ${fmt(s.p99, 0)} ms, ${fmt(s.rps)} req/s, CPU ${fmt(s.cpuMsPerRequest.app)} ms app + ${fmt(s.cpuMsPerRequest.sqld)} ms sqld per request${file.problems + s.problems ? `; ${file.problems} / ${s.problems} not 2xx or errors` : ""}`,
    );
  }

  await stopAll();

  const many = PAGES.filter((p) => Math.max(roundTrips[p.key].large, roundTrips[p.key].small) > MANY_ROUND_TRIPS);
  const rows = PAGES.map((page) => {
    const l = underLoad[page.key];
    const a = alone[page.key];
    const cpu = l
      ? `${fmt(l.file.cpuMsPerRequest.app)} | ${fmt(l.sqld.cpuMsPerRequest.app)} + ${fmt(l.sqld.cpuMsPerRequest.sqld)}`
      : "– | –";
    return `| ${page.name} | ${roundTrips[page.key].large} | ${fmt(a.large.file)} | ${fmt(a.large.sqld)} | ${fmt(a.small.file)} | ${fmt(a.small.sqld)} | ${l ? `${fmt(l.file.p50, 0)} / ${fmt(l.file.p99, 0)}` : "–"} | ${l ? `${fmt(l.sqld.p50, 0)} / ${fmt(l.sqld.p99, 0)}` : "–"} | ${cpu} |`;
  });
  const table = [
    `| Page | Round trips | Alone, large: file ms | sqld ms | Alone, small: file ms | sqld ms | ${CONNECTIONS} conn, large: file p50 / p99 ms | sqld p50 / p99 ms | CPU ms/request: file | sqld (app + sqld) |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
  console.log(`\n${table}\n`);
  console.log(
    many.length
      ? `Pages over ${MANY_ROUND_TRIPS} round trips: ${many.map((p) => `${p.name} (${roundTrips[p.key].large})`).join(", ")}.`
      : `No page makes more than ${MANY_ROUND_TRIPS} round trips.`,
  );
  const results = {
    date: new Date().toISOString(),
    quick: QUICK,
    machine: { cores: os.cpus().length, node: process.version, loadAverageAtEnd: os.loadavg() },
    config: { durationSeconds: DURATION, connections: CONNECTIONS, scale: SCALE, alone: ALONE, buildDir: BUILD_DIR, serverSeed },
    seed: { large: fileAccounts.large.counts, small: fileAccounts.small.counts, cache: database.cache.file },
    roundTrips,
    pagesOverTenRoundTrips: many.map((p) => p.key),
    aloneMedianMs: alone,
    underLoad,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  log(`Done in ${fmt((Date.now() - started) / 60000)} min; wrote ${path.relative(root, RESULTS_FILE)}.`);
}

async function stopOne(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(child.pid!, "SIGTERM");
  await exited;
}

export async function mainSqld() {
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stopAll().finally(() => process.exit(130)));
  try {
    await runSqldBench();
  } catch (error) {
    await stopAll();
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  }
}
