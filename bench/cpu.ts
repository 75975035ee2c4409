// CPU time per request, measured from outside the server: the server process's user +
// system time (/proc/<pid>/stat) over a run of sequential requests, divided by their number.
// Unlike latency, CPU time barely depends on what else the machine is doing, so builds can
// be compared on a loaded machine. Usage (after `npm run build`, or with BUILD_DIRS=a,b to
// compare two builds, measured in turn):
//   npx tsx bench/cpu.ts            # BUILD_DIRS=build, CPU_REQUESTS=100, CPU_PORT=3810
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { prepareDatabase } from "./seed";

const root = path.resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const PORT = Number(process.env.CPU_PORT ?? 3810);
const BASE = `http://${HOST}:${PORT}`;
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 100);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 2);
const BUILD_DIRS = (process.env.BUILD_DIRS ?? "build").split(",");
const PAGES = ["/app/customers", "/app", "/app/estimates", "/app/invoices", "/app/schedule", "/app/reports"];
// What a browser sends: the server compresses, as in production without a compressing proxy.
const ENCODING = process.env.CPU_ENCODING ?? "gzip, deflate, br";
const TICK_MS = 1000 / 100; // USER_HZ

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function waitForOk(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

async function measure(buildDir: string, dbFile: string, account: { email: string; password: string }) {
  const server: ChildProcess = spawn(process.execPath, [path.join(root, buildDir, "server.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST,
      DATABASE_URL: `file:${dbFile}`,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
      RATE_LIMIT_AUTH_PER_MINUTE: "100000",
      QUIET_LOG: "1",
      BUILD_DIR: buildDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForOk(`${BASE}/healthz`);
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE },
      body: JSON.stringify(account),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("td_session="))
      ?.split(";")[0];
    if (!cookie) throw new Error(`sign-in answered ${login.status}`);
    const result: Record<string, { cpuMs: number; bytes: number; encoding: string }> = {};
    for (const page of PAGES) {
      const get = async () => {
        const response = await fetch(`${BASE}${page}`, { headers: { Cookie: cookie, "Accept-Encoding": ENCODING } });
        if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
        return response;
      };
      for (let i = 0; i < 20; i++) await (await get()).arrayBuffer(); // warm-up
      const before = cpuMs(server.pid!);
      let bytes = 0;
      let encoding = "";
      for (let i = 0; i < REQUESTS; i++) {
        const response = await get();
        encoding = response.headers.get("content-encoding") ?? "identity";
        bytes = Number(response.headers.get("content-length") ?? 0) || (await response.arrayBuffer()).byteLength;
        if (response.bodyUsed === false) await response.arrayBuffer();
      }
      result[page] = { cpuMs: (cpuMs(server.pid!) - before) / REQUESTS, bytes, encoding };
    }
    return result;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

const database = await prepareDatabase({
  root,
  scale: 0.01,
  runFile: path.join(root, "data/bench/cpu.db"),
  log: (s) => console.error(s),
});
const account = { email: database.accounts.small.email, password: database.accounts.small.password };
const runs: Record<string, Record<string, number[]>> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const buildDir of BUILD_DIRS) {
    const result = await measure(buildDir, database.file, account);
    for (const [page, { cpuMs }] of Object.entries(result)) ((runs[buildDir] ??= {})[page] ??= []).push(cpuMs);
    console.error(`round ${round + 1} ${buildDir}:`, JSON.stringify(result));
  }
}
console.log(`CPU ms per request (${REQUESTS} sequential requests, Accept-Encoding: ${ENCODING}; best of ${ROUNDS} rounds)`);
console.log(["page", ...BUILD_DIRS].join("\t"));
for (const page of PAGES) console.log([page, ...BUILD_DIRS.map((b) => Math.min(...runs[b][page]).toFixed(2))].join("\t"));
