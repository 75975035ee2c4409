// CPU time per request, measured from outside the server: the server process's user +
// system time (/proc/<pid>/stat) over a run of sequential requests, divided by their number.
// Unlike latency, CPU time barely depends on what else the machine is doing, so builds can
// be compared on a loaded machine. Usage (after `npm run build`, or with BUILD_DIRS=a,b to
// compare two builds, measured in turn):
//   npx tsx bench/cpu.ts            # BUILD_DIRS=build, CPU_REQUESTS=100, CPU_ROUNDS=2, CPU_PORT=3810
//   CPU_PEER=1 npx tsx bench/cpu.ts # TradeDesk's pages against the minimal Remix app of
//                                   # bench/peer rendering the same HTML
//   CPU_PAGES=/app/jobs,/app/jobs?q=none npx tsx bench/cpu.ts   # other pages than the six
// The peer comparison is also a phase of `npm run bench` (comparePeer, below).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { build as esbuild } from "esbuild";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";
import { PEER_PAGES_DIR, pageName, savePeerPage } from "./peer-pages";
import { prepareDatabase } from "./seed";
import { cpuMs, waitForOk } from "./server-process";

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
    await waitForOk(`${base}${readyPath}`, server, { name: `the server of ${script}`, timeoutMs: 30_000 });
    return await work(base, server.pid!);
  } finally {
    server.kill("SIGTERM");
    if (server.exitCode === null && server.signalCode === null) await new Promise((r) => server.once("exit", r));
    running.delete(server);
  }
}

/**
 * Each page: warm-up requests, then `requests` sequential ones, timed by the server's CPU.
 * `onFirstAnswer` gets each page's first answer (decompressed) and its Content-Type.
 */
async function measurePages(
  base: string,
  pid: number,
  pages: string[],
  headers: Record<string, string>,
  requests: number,
  onFirstAnswer?: (page: string, body: string, contentType: string) => void,
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
    const firstAnswer = await get();
    const first = await firstAnswer.text();
    onFirstAnswer?.(page, first, firstAnswer.headers.get("content-type") ?? "");
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

/**
 * TradeDesk's production build in `buildDir`, signed in as `account`: CPU per request of each
 * page. `onFirstAnswer` gets each page's first answer (the peer renders it again).
 */
export async function measureTradeDesk(options: {
  buildDir: string;
  dbFile: string;
  account: Account;
  port: number;
  requests: number;
  pages?: string[];
  onFirstAnswer?: (page: string, body: string, contentType: string) => void;
}): Promise<Record<string, PageCpu>> {
  const { buildDir, dbFile, account, port, requests, pages = PAGES, onFirstAnswer } = options;
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
    return measurePages(base, pid, pages, { Cookie: cookie }, requests, onFirstAnswer);
  });
}

// The peer: a minimal Remix app (bench/peer). Its own page lists the account's first 25
// customers; /page/<name> and /json/<name> serve again what TradeDesk answered, saved by
// bench/peer-pages.ts, so that each page is compared with the peer rendering the same HTML.
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

/**
 * What the peer's server needs: `dbFile` and `accountId` for its own page (the first 25 customers),
 * and the folder of the pages saved for it (bench/peer-pages.ts).
 */
export function peerEnvironment(dbFile: string, accountId: string, pagesDir = PEER_PAGES_DIR): Record<string, string> {
  return { PEER_DATABASE_URL: `file:${dbFile}`, PEER_USER_ID: accountId, PEER_PAGES_DIR: pagesDir };
}

/** The peer's CPU per request of each of `paths`: its own page (/) or pages saved for it. */
export async function measurePeer(options: {
  dbFile: string;
  accountId: string;
  port: number;
  requests: number;
  paths: string[];
  pagesDir?: string;
}): Promise<Record<string, PageCpu>> {
  const { dbFile, accountId, port, requests, paths, pagesDir } = options;
  const env = peerEnvironment(dbFile, accountId, pagesDir);
  return withServer(PEER_SERVER, port, env, "/", (base, pid) => measurePages(base, pid, paths, {}, requests));
}

export interface PeerComparison {
  requests: number;
  rounds: number;
  acceptEncoding: string;
  /** Best (lowest) of the rounds, per page. */
  tradedesk: Record<string, PageCpu>;
  /**
   * The peer rendering each page's HTML as TradeDesk answered it in the same round (the same
   * keys as `tradedesk`), best of the rounds.
   */
  peer: Record<string, PageCpu>;
  /** The peer's own page: the first 25 customers, rendered by React from its loader's rows. */
  peerOwnPage: PageCpu;
  /** TradeDesk's CPU per request of each page ÷ the peer's on the same HTML. */
  ratios: Record<string, number>;
  /** Every round's figures, TradeDesk and peer measured alternately. */
  roundsCpuMs: { tradedesk: Record<string, number>; peer: Record<string, number>; peerOwnPage: number }[];
}

/**
 * TradeDesk's pages and the peer rendering the same HTML, measured alternately (TradeDesk,
 * peer, TradeDesk, peer...) on the same database, each round with freshly started servers:
 * each round saves TradeDesk's first answer of every page, and the peer then serves those.
 * The best of the rounds counts, for each server apart.
 */
export async function comparePeer(options: {
  buildDir: string;
  dbFile: string;
  account: Account & { accountId: string };
  port: number;
  requests: number;
  rounds: number;
  pages?: string[];
  pagesDir?: string;
  log?: (s: string) => void;
}): Promise<PeerComparison> {
  const { buildDir, dbFile, account, port, requests, rounds, pages = PAGES, pagesDir, log = console.error } = options;
  await buildPeerIfStale(log);
  const best = <T extends { cpuMs: number }>(a: T | undefined, b: T) => (a && a.cpuMs <= b.cpuMs ? a : b);
  const tradedesk: Record<string, PageCpu> = {};
  const peer: Record<string, PageCpu> = {};
  let peerOwnPage: PageCpu | undefined;
  const roundsCpuMs: PeerComparison["roundsCpuMs"] = [];
  const cpuOf = (figures: Record<string, PageCpu>) => Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.cpuMs]));
  for (let round = 0; round < rounds; round++) {
    const peerPaths: Record<string, string> = {};
    const td = await measureTradeDesk({
      buildDir,
      dbFile,
      account,
      port,
      requests,
      pages,
      onFirstAnswer: (page, body, contentType) => {
        peerPaths[page] = savePeerPage(`cpu-${pageName(page)}`, body, contentType, pagesDir);
      },
    });
    const measured = await measurePeer({
      dbFile,
      accountId: account.accountId,
      port: port + 1,
      requests,
      paths: ["/", ...pages.map((page) => peerPaths[page])],
      pagesDir,
    });
    const p = Object.fromEntries(pages.map((page) => [page, measured[peerPaths[page]]]));
    for (const page of pages) {
      tradedesk[page] = best(tradedesk[page], td[page]);
      peer[page] = best(peer[page], p[page]);
    }
    peerOwnPage = best(peerOwnPage, measured["/"]);
    roundsCpuMs.push({ tradedesk: cpuOf(td), peer: cpuOf(p), peerOwnPage: measured["/"].cpuMs });
    log(
      `  round ${round + 1} (CPU ms per request, TradeDesk / the peer on the same HTML): ${pages
        .map((page) => `${page} ${td[page].cpuMs.toFixed(2)} / ${p[page].cpuMs.toFixed(2)}`)
        .join(", ")}; the peer's own page ${measured["/"].cpuMs.toFixed(2)}`,
    );
  }
  const ratios = Object.fromEntries(pages.map((page) => [page, tradedesk[page].cpuMs / peer[page].cpuMs]));
  return { requests, rounds, acceptEncoding: ENCODING, tradedesk, peer, peerOwnPage: peerOwnPage!, ratios, roundsCpuMs };
}

async function main() {
  const port = Number(process.env.CPU_PORT ?? 3810);
  const requests = Number(process.env.CPU_REQUESTS ?? 100);
  const rounds = Number(process.env.CPU_ROUNDS ?? 2);
  const buildDirs = (process.env.BUILD_DIRS ?? "build").split(",");
  // CPU_PAGES=/app/estimates,/app/estimates?q=none measures other pages.
  const pages = process.env.CPU_PAGES ? process.env.CPU_PAGES.split(",") : PAGES;
  const database = await prepareDatabase({
    root,
    scale: 0.01,
    runFile: path.join(root, "data/bench/cpu.db"),
    log: (s) => console.error(s),
  });
  const account = database.accounts.small;

  if (process.env.CPU_PEER === "1") {
    const c = await comparePeer({ buildDir: buildDirs[0], dbFile: database.file, account, port, requests, rounds, pages });
    console.log(
      `CPU ms per request, ${buildDirs[0]}/ against the minimal Remix app rendering the same HTML (${requests} sequential requests, Accept-Encoding: ${ENCODING}; best of ${rounds} rounds)`,
    );
    console.log(["page", "TradeDesk", "peer", "ratio", "TradeDesk bytes", "peer bytes"].join("\t"));
    for (const page of pages) {
      const [t, p] = [c.tradedesk[page], c.peer[page]];
      console.log(
        [
          page,
          t.cpuMs.toFixed(2),
          p.cpuMs.toFixed(2),
          c.ratios[page].toFixed(2),
          `${t.bytes} ${t.encoding}`,
          `${p.bytes} ${p.encoding}`,
        ].join("\t"),
      );
    }
    const own = c.peerOwnPage;
    console.log(`the peer's own page (25 customers): ${own.cpuMs.toFixed(2)} ms, ${own.bytes} bytes ${own.encoding}`);
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
