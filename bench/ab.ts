// Two builds of TradeDesk compared page by page in one process (bench/ab-worker.mjs): CPU
// per request through Remix's handler, the builds taking turns request by request. Across
// two server processes (bench/cpu.ts) the machine's other work moved figures by 10–30%; in
// one process, alternating, both builds meet the same machine. Usage:
//   BUILD_DIR=build-before npm run build   # (from the older commit), then npm run build
//   npx tsx bench/ab.ts build-before build [pages, comma-separated] [requests per page, default 300]
import { spawnSync } from "node:child_process";
import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";
import { PAGES } from "./cpu";
import { prepareDatabase } from "./seed";

const root = path.resolve(import.meta.dirname, "..");
const [dirA, dirB, pages = PAGES.join(","), requests = "300"] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error("Usage: npx tsx bench/ab.ts <build dir A> <build dir B> [pages] [requests]");

const database = await prepareDatabase({
  root,
  scale: 0.01,
  runFile: path.join(root, "data/bench/cpu.db"),
  log: (s) => console.error(s),
});
// A copy of its own, so sessions and page views written here stay out of bench/cpu.ts's file.
const file = path.join(root, "data/bench/ab.db");
for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
copyFileSync(database.file, file);

const worker = spawnSync(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, "bench/ab-worker.mjs"), dirA, dirB, pages, requests],
  {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      NODE_ENV: "production",
      QUIET_LOG: "1",
      DATABASE_URL: `file:${file}`,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
      AB_EMAIL: database.accounts.small.email,
      AB_PASSWORD: database.accounts.small.password,
    },
    maxBuffer: 16 * 1024 * 1024,
  },
);
if (worker.status !== 0) throw new Error(`the worker failed (${worker.status}):\n${worker.stderr}`);

console.log(`CPU ms per request, ${requests} requests per page and build, alternating (mean / median)`);
console.log(["page", dirA, dirB, `${dirB} ÷ ${dirA} (means)`, "bytes"].join("\t"));
for (const line of worker.stdout.trim().split("\n")) {
  const { page, a, b } = JSON.parse(line);
  const bytes = a.bytes === b.bytes ? `${a.bytes}` : `${a.bytes} / ${b.bytes}`;
  console.log(
    [
      page,
      `${a.mean.toFixed(2)} / ${a.median.toFixed(2)}`,
      `${b.mean.toFixed(2)} / ${b.median.toFixed(2)}`,
      (b.mean / a.mean).toFixed(3),
      bytes,
    ].join("\t"),
  );
}
