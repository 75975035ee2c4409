// `npm run jobs -- --once [--now <ISO instant>]`: does every piece of work due at that
// instant (default: now) against DATABASE_URL, once, then exits. For hosts where no server
// process stays up (a scheduled machine, cron), for operators, and for tests. It claims work
// as the server's runner does, so running it beside a server never does anything twice.
import { parseArgs } from "node:util";
import { setNow } from "~/lib/clock";
import { getConnection } from "~/services/db.server";
import { runDueWork } from "~/services/work.server";
import { WORK_KINDS, WORK_SWEEPS } from "~/services/work-kinds.server";

async function main() {
  const { values } = parseArgs({ options: { once: { type: "boolean" }, now: { type: "string" } } });
  if (!values.once) {
    console.error(
      "Usage: npm run jobs -- --once [--now 2026-11-25T09:00:00Z]\n(The server runs due work every minute by itself.)",
    );
    process.exit(2);
  }
  if (values.now !== undefined) {
    const at = new Date(values.now);
    if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(values.now)) {
      console.error(`--now must be an ISO instant such as 2026-11-25T09:00:00Z, not "${values.now}".`);
      process.exit(2);
    }
    setNow(at);
  }
  const { client } = await getConnection();
  const run = await runDueWork(WORK_KINDS, { sweeps: WORK_SWEEPS });
  console.log(JSON.stringify(run));
  client.close();
  process.exit(run.failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
