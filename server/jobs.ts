// `npm run jobs -- --once [--now <ISO instant>] [--only <names>]`: does every piece of work
// due at that instant (default: now) against DATABASE_URL, once, then exits; with --only,
// just the named kinds and sweeps. For hosts where no server
// process stays up (a scheduled machine, cron), for operators, and for tests. It claims work
// as the server's runner does, so running it beside a server never does anything twice.
// The work itself comes from the app's runtime (server/runtime.ts): the production build's
// when NODE_ENV is production (build/jobs.js, what `npm run jobs` runs), else the sources'
// through Vite (`tsx server/jobs.ts`, as the tests run it).
import path from "node:path";
import { parseArgs } from "node:util";
import { assertPackagesPatched } from "./patched-packages";
import { importProductionBuild, runtimeOf, type AppRuntime } from "./runtime";

async function loadRuntime(): Promise<{ runtime: AppRuntime; close: () => Promise<void> }> {
  const root = path.resolve(process.cwd());
  if (process.env.NODE_ENV === "production") {
    return { runtime: runtimeOf(await importProductionBuild(root)), close: async () => {} };
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({
    root,
    logLevel: "error",
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
  });
  const entry = (await devServer.ssrLoadModule("/app/server-runtime.server.ts")) as { serverRuntime: AppRuntime };
  return { runtime: entry.serverRuntime, close: () => devServer.close() };
}

async function main() {
  const { values } = parseArgs({ options: { once: { type: "boolean" }, now: { type: "string" }, only: { type: "string" } } });
  if (!values.once) {
    console.error(
      "Usage: npm run jobs -- --once [--now 2026-11-25T09:00:00Z] [--only recurring-invoice,invoice-reminder]\n(The server runs due work every minute by itself.)",
    );
    process.exit(2);
  }
  let now: Date | undefined;
  if (values.now !== undefined) {
    now = new Date(values.now);
    if (Number.isNaN(now.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(values.now)) {
      console.error(`--now must be an ISO instant such as 2026-11-25T09:00:00Z, not "${values.now}".`);
      process.exit(2);
    }
  }
  assertPackagesPatched();
  const { runtime, close } = await loadRuntime();
  // --only: just the named kinds of work and sweeps (the names the output uses).
  const names = runtime.workNames();
  const only = values.only?.split(",").map((name) => name.trim());
  const unknown = only?.filter((name) => !names.includes(name)) ?? [];
  if (only && (only.length === 0 || unknown.length > 0)) {
    console.error(`--only takes names among ${names.join(", ")}; not "${unknown.join(", ") || values.only}".`);
    process.exit(2);
  }
  const run = await runtime.runDueWorkOnce({ now, only });
  console.log(JSON.stringify(run));
  await close();
  process.exit(run.failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
