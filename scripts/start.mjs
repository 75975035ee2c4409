// `npm start`: build when the build is missing or older than the sources, then serve
// the production build (the server applies migrations to the database at start).
// `npm start -- --jobs --once [--now ISO]` (what `npm run jobs` runs) runs due work once instead.
import { spawnSync, spawn } from "node:child_process";
import path from "node:path";
import { buildIsStale } from "./build-freshness.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
const jobs = process.argv[2] === "--jobs";
const built = path.join(root, jobs ? "build/jobs.js" : "build/server.js");

const stale = buildIsStale(root, "build");

if (stale) {
  console.log("Building TradeDesk...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, built, ...process.argv.slice(jobs ? 3 : 2)], {
  cwd: root,
  stdio: "inherit",
  // glibc's settings of the Docker image (decision 034): a heap per thread that made photo copies
  // would take ten photos at once to 600 MB, and freed pixel buffers kept in the heap to 450.
  env: { NODE_ENV: "production", MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "1048576", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
