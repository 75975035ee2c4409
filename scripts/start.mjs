// `npm start`: build when the build is missing or older than the sources, then serve
// the production build (the server applies migrations to the database at start).
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "build/server.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "server", "db", "public"].map((d) => path.join(root, d)).filter(existsSync);
const sourceTime = Math.max(...sources.map(newestMtime), statSync(path.join(root, "package.json")).mtimeMs);
const stale = !existsSync(built) || statSync(built).mtimeMs < sourceTime;

if (stale) {
  console.log("Building TradeDesk...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ["--enable-source-maps", built], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
