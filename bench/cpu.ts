// CPU time per request, measured from outside the server: the server process's user +
// system time (/proc/<pid>/stat) over a run of sequential requests, divided by their number.
// Unlike latency, CPU time barely depends on what else the machine is doing, so builds can
// be compared on a loaded machine. Usage (after `npm run build`, or with BUILD_DIRS=a,b to
// compare two builds, measured in turn):
//   npx tsx bench/cpu.ts            # BUILD_DIRS=build, CPU_REQUESTS=100, CPU_ROUNDS=2, CPU_PORT=3810
//   CPU_PEER=1 npx tsx bench/cpu.ts # TradeDesk's pages against the minimal Remix app of bench/peer
//   CPU_PAGES=/app/jobs,/app/jobs?q=none npx tsx bench/cpu.ts   # other pages than the six
// The peer comparison is also a phase of `npm run bench` (comparePeer, below).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { build as esbuild } from "esbuild";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";
import { prepareDatabase } from "./seed";

const root = path.resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
export const PAGES = ["/app/customers", "/app", "/app/estimates", "/app/invoices", "/app/schedule", "/app/reports"];
// What a browser sends: the server compresses, as in production without a compressing proxy.
export const ENCODING = process.env.CPU_ENCODING ?? "gzip, deflate, br";
const WARMUP_REQUESTS = 20;
/** Servers this module has started and not yet stopped: bench/run.ts stops them when interrupted. */
const running = new Set<ChildProcess>();

export function stopCpuServers() {
  for (const server of running) server.kill("SIGTERM");
}
const TICK_MS = 1000 / 100; // USER_HZ

export interface PageCpu {
  /** Server CPU (user + system) per request, in milliseconds. */
  cpuMs: number;
  /** Size of the last answer as received (decompressed when the server compressed it). */
  bytes: number;
  /** The Content-Encoding the server chose. */
  encoding: string;
  /** `<tr` elements in the page: the table's rows, with its header row. */
  tableRows: number;
}

interface Account {
  email: string;
  password: string;
}

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function waitForOk(url: string, server: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`the server for ${url} exited (${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

/** Starts `node <script>`, waits for `readyPath` to answer 200, runs `work`, stops the server. */
async function withServer<T>(
  script: string,
  port: number,
  env: Record<string, string>,
  readyPath: string,
  work: (base: string, pid: number) => Promise<T>,
): Promise<T> {
  const base = `http://${HOST}:${port}`;
  // Both servers with the Node options of production (scripts/server-flags.mjs).
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  running.add(server);
  try {
    await waitForOk(`${base}${readyPath}`, server);
    return await work(base, server.pid!);
  } finally {
    server.kill("SIGTERM");
    if (server.exitCode === null && server.signalCode === null) await new Promise((r) => server.once("exit", r));
    running.delete(server);
  }
}

/** Each page: warm-up requests, then `requests` sequential ones, timed by the server's CPU. */
async function measurePages(
  base: string,
  pid: number,
  pages: string[],
  headers: Record<string, string>,
  requests: number,
): Promise<Record<string, PageCpu>> {
  const result: Record<string, PageCpu> = {};
  for (const page of pages) {
    const get = async () => {
      const response = await fetch(`${base}${page}`, {
        headers: { ...headers, "Accept-Encoding": ENCODING },
        redirect: "manual",
      });
      if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
      return response;
    };
    const first = await (await get()).text();
    const tableRows = first.match(/<tr[\s>]/g)?.length ?? 0;
    for (let i = 1; i < WARMUP_REQUESTS; i++) await (await get()).arrayBuffer();
    const before = cpuMs(pid);
    let bytes = 0;
    let encoding = "";
    for (let i = 0; i < requests; i++) {
      const response = await get();
      encoding = response.headers.get("content-encoding") ?? "identity";
      bytes = (await response.arrayBuffer()).byteLength;
    }
    result[page] = { cpuMs: (cpuMs(pid) - before) / requests, bytes, encoding, tableRows };
  }
  return result;
}

/** TradeDesk's production build in `buildDir`, signed in as `account`: CPU per request of each page. */
export async function measureTradeDesk(options: {
  buildDir: string;
  dbFile: string;
  account: Account;
  port: number;
  requests: number;
  pages?: string[];
}): Promise<Record<string, PageCpu>> {
  const { buildDir, dbFile, account, port, requests, pages = PAGES } = options;
  const env = {
    DATABASE_URL: `file:${dbFile}`,
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    RATE_LIMIT_AUTH_PER_MINUTE: "100000",
    QUIET_LOG: "1",
    BUILD_DIR: buildDir,
  };
  return withServer(path.join(root, buildDir, "server.js"), port, env, "/healthz", async (base, pid) => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("td_session="))
      ?.split(";")[0];
    if (!cookie) throw new Error(`sign-in answered ${login.status}`);
    return measurePages(base, pid, pages, { Cookie: cookie }, requests);
  });
}

// The peer: a minimal Remix app (bench/peer) listing the same account's first 25 customers.
const PEER_DIR = path.join(root, "bench/peer");
export const PEER_SERVER = path.join(PEER_DIR, "build/server.js");
const PEER_SERVER_BUILD = path.join(PEER_DIR, "build/server/index.js");

function newestMtime(file: string): number {
  if (!statSync(file).isDirectory()) return statSync(file).mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newestMtime(path.join(file, name))));
}

/** Builds bench/peer when its build is missing or older than its sources; returns whether it built. */
export async function buildPeerIfStale(log: (s: string) => void = console.error): Promise<boolean> {
  const sources = ["app", "vite.config.ts", "server.ts", "package.json"].map((f) => path.join(PEER_DIR, f));
  sources.push(path.join(root, "server/compression.ts"));
  const sourceTime = Math.max(...sources.map(newestMtime));
  const built = [PEER_SERVER, PEER_SERVER_BUILD];
  if (built.every((f) => existsSync(f) && statSync(f).mtimeMs >= sourceTime)) return false;
  log("Building the peer (bench/peer) into bench/peer/build/...");
  const vite = spawnSync(path.join(root, "node_modules/.bin/remix"), ["vite:build"], {
    cwd: PEER_DIR,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (vite.status !== 0) throw new Error(`The peer's build failed (exit ${vite.status}):\n${vite.stdout}\n${vite.stderr}`);
  await esbuild({
    entryPoints: [path.join(PEER_DIR, "server.ts")],
    outfile: PEER_SERVER,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  return true;
}

/** What the peer's server needs to list `userId`'s first 25 customers from `dbFile`. */
export function peerEnvironment(dbFile: string, userId: string): Record<string, string> {
  return { PEER_DATABASE_URL: `file:${dbFile}`, PEER_USER_ID: userId };
}

/** The peer's one page, listing `userId`'s first 25 customers from `dbFile`. */
export async function measurePeer(options: { dbFile: string; userId: string; port: number; requests: number }): Promise<PageCpu> {
  const { dbFile, userId, port, requests } = options;
  const env = peerEnvironment(dbFile, userId);
  const result = await withServer(PEER_SERVER, port, env, "/", (base, pid) => measurePages(base, pid, ["/"], {}, requests));
  return result["/"];
}

export interface PeerComparison {
  requests: number;
  rounds: number;
  acceptEncoding: string;
  /** Best (lowest) of the rounds, per page. */
  tradedesk: Record<string, PageCpu>;
  peer: PageCpu;
  /** TradeDesk's CPU per request of each page ÷ the peer's. */
  ratios: Record<string, number>;
  /** Every round's figures, TradeDesk and peer measured alternately. */
  roundsCpuMs: { tradedesk: Record<string, number>; peer: number }[];
}

/**
 * TradeDesk's six pages and the peer's page, measured alternately (TradeDesk, peer, TradeDesk,
 * peer...) on the same database, each round with a freshly started server; the best of the rounds counts.
 */
export async function comparePeer(options: {
  buildDir: string;
  dbFile: string;
  account: Account & { userId: string };
  port: number;
  requests: number;
  rounds: number;
  log?: (s: string) => void;
}): Promise<PeerComparison> {
  const { buildDir, dbFile, account, port, requests, rounds, log = console.error } = options;
  await buildPeerIfStale(log);
  const best = <T extends { cpuMs: number }>(a: T | undefined, b: T) => (a && a.cpuMs <= b.cpuMs ? a : b);
  const tradedesk: Record<string, PageCpu> = {};
  let peer: PageCpu | undefined;
  const roundsCpuMs: PeerComparison["roundsCpuMs"] = [];
  for (let round = 0; round < rounds; round++) {
    const td = await measureTradeDesk({ buildDir, dbFile, account, port, requests });
    const p = await measurePeer({ dbFile, userId: account.userId, port: port + 1, requests });
    for (const [page, figures] of Object.entries(td)) tradedesk[page] = best(tradedesk[page], figures);
    peer = best(peer, p);
    roundsCpuMs.push({ tradedesk: Object.fromEntries(Object.entries(td).map(([k, v]) => [k, v.cpuMs])), peer: p.cpuMs });
    log(
      `  round ${round + 1}: peer ${p.cpuMs.toFixed(2)} ms; TradeDesk ${Object.entries(td)
        .map(([k, v]) => `${k} ${v.cpuMs.toFixed(2)}`)
        .join(", ")} (CPU ms per request)`,
    );
  }
  const ratios = Object.fromEntries(Object.entries(tradedesk).map(([page, f]) => [page, f.cpuMs / peer!.cpuMs]));
  return { requests, rounds, acceptEncoding: ENCODING, tradedesk, peer: peer!, ratios, roundsCpuMs };
}

async function main() {
  const port = Number(process.env.CPU_PORT ?? 3810);
  const requests = Number(process.env.CPU_REQUESTS ?? 100);
  const rounds = Number(process.env.CPU_ROUNDS ?? 2);
  const buildDirs = (process.env.BUILD_DIRS ?? "build").split(",");
  // CPU_PAGES=/app/estimates,/app/estimates?q=none measures other pages (not with CPU_PEER).
  const pages = process.env.CPU_PAGES ? process.env.CPU_PAGES.split(",") : PAGES;
  const database = await prepareDatabase({
    root,
    scale: 0.01,
    runFile: path.join(root, "data/bench/cpu.db"),
    log: (s) => console.error(s),
  });
  const account = database.accounts.small;

  if (process.env.CPU_PEER === "1") {
    const c = await comparePeer({ buildDir: buildDirs[0], dbFile: database.file, account, port, requests, rounds });
    console.log(
      `CPU ms per request, ${buildDirs[0]}/ against the minimal Remix app (${requests} sequential requests, Accept-Encoding: ${ENCODING}; best of ${rounds} rounds)`,
    );
    console.log(["page", "TradeDesk", "peer", "ratio", "bytes", "table rows"].join("\t"));
    for (const page of PAGES) {
      const t = c.tradedesk[page];
      console.log(
        [
          page,
          t.cpuMs.toFixed(2),
          c.peer.cpuMs.toFixed(2),
          c.ratios[page].toFixed(2),
          `${t.bytes} ${t.encoding}`,
          t.tableRows,
        ].join("\t"),
      );
    }
    console.log(`peer page: ${c.peer.bytes} bytes ${c.peer.encoding}, ${c.peer.tableRows} table rows`);
    return;
  }

  const runs: Record<string, Record<string, number[]>> = {};
  for (let round = 0; round < rounds; round++) {
    for (const buildDir of buildDirs) {
      const result = await measureTradeDesk({ buildDir, dbFile: database.file, account, port, requests, pages });
      for (const [page, { cpuMs }] of Object.entries(result)) ((runs[buildDir] ??= {})[page] ??= []).push(cpuMs);
      console.error(`round ${round + 1} ${buildDir}:`, JSON.stringify(result));
    }
  }
  console.log(`CPU ms per request (${requests} sequential requests, Accept-Encoding: ${ENCODING}; best of ${rounds} rounds)`);
  console.log(["page", ...buildDirs].join("\t"));
  for (const page of pages) console.log([page, ...buildDirs.map((b) => Math.min(...runs[b][page]).toFixed(2))].join("\t"));
}

// Run as a script (npx tsx bench/cpu.ts), not when bench/run.ts imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
