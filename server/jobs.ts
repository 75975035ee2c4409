// `npm run jobs -- --once [--now <ISO instant>] [--only <names>]`: does every piece of work
// due at that instant (default: now) against DATABASE_URL, once, then exits; with --only,
// just the named kinds and sweeps. For hosts where no server
// process stays up (a scheduled machine, cron), for operators, and for tests. It claims work
// as the server's runner does, so running it beside a server never does anything twice.
import { parseArgs } from "node:util";
import { setNow } from "~/lib/clock";
import { getConnection } from "~/infrastructure/db.server";
import { runDueWork } from "~/infrastructure/work.server";
import { WORK_KINDS, WORK_SWEEPS } from "~/services/work-kinds.server";

async function main() {
  const { values } = parseArgs({ options: { once: { type: "boolean" }, now: { type: "string" }, only: { type: "string" } } });
  if (!values.once) {
    console.error(
      "Usage: npm run jobs -- --once [--now 2026-11-25T09:00:00Z] [--only recurring-invoice,invoice-reminder]\n(The server runs due work every minute by itself.)",
    );
    process.exit(2);
  }
  // --only: just the named kinds of work and sweeps (the names the output uses).
  const names = [...WORK_KINDS, ...WORK_SWEEPS].map((part) => part.name);
  const only = values.only?.split(",").map((name) => name.trim());
  const unknown = only?.filter((name) => !names.includes(name)) ?? [];
  if (only && (only.length === 0 || unknown.length > 0)) {
    console.error(`--only takes names among ${names.join(", ")}; not "${unknown.join(", ") || values.only}".`);
    process.exit(2);
  }
  const chosen = <T extends { name: string }>(parts: readonly T[]) =>
    only ? parts.filter((part) => only.includes(part.name)) : parts;
  if (values.now !== undefined) {
    const at = new Date(values.now);
    if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(values.now)) {
      console.error(`--now must be an ISO instant such as 2026-11-25T09:00:00Z, not "${values.now}".`);
      process.exit(2);
    }
    setNow(at);
  }
  const { client } = await getConnection();
  const run = await runDueWork(chosen(WORK_KINDS), { sweeps: chosen(WORK_SWEEPS) });
  console.log(JSON.stringify(run));
  client.close();
  process.exit(run.failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
