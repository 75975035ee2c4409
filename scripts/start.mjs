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
  // MALLOC_ARENA_MAX=2 as in the Docker image: glibc would otherwise keep a heap per thread that
  // made photo copies, and ten photos at once would take 600 MB instead of 400 (decision 034).
  env: { NODE_ENV: "production", MALLOC_ARENA_MAX: "2", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
