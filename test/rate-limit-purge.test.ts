// Rate-limit counts whose window has ended are purged by the daily pass that purges expired
// sessions (sessions-purge, app/services/work-kinds.server.ts; decision 033): their keys name
// addresses and e-mails, which are kept no longer than they count.
import { describe, expect, it } from "vitest";
import { getConnection } from "~/infrastructure/db.server";
import { FixedWindowLimiter } from "~/infrastructure/rate-limit.server";
import { runDueWork } from "~/infrastructure/work.server";
import { sessionsPurgeKey } from "~/lib/work-keys";
import { WORK_KINDS, WORK_SWEEPS } from "~/services/work-kinds.server";

const NOW = new Date("2026-11-25T15:00:00Z");
const MINUTE = 60_000;

async function keys() {
  const { client } = await getConnection();
  const result = await client.execute("SELECT key FROM rate_limits ORDER BY key");
  return result.rows.map((row) => String(row.key));
}

describe("stale rate-limit counts", () => {
  it("go in the day's first pass of the runner; counts still running stay", async () => {
    const signIns = new FixedWindowLimiter({ name: "purge-sign-in", windowMs: 15 * MINUTE, max: 10 });
    const addresses = new FixedWindowLimiter({ name: "purge-address", windowMs: MINUTE, max: 20 });
    await signIns.hit("ana@example.com", NOW.getTime() - 20 * MINUTE); // ended 5 minutes ago
    await addresses.hit("203.0.113.7 /login", NOW.getTime() - 2 * MINUTE); // ended a minute ago
    await signIns.hit("lee@example.com", NOW.getTime() - 5 * MINUTE); // ends in 10 minutes

    const run = await runDueWork(WORK_KINDS, { now: NOW, runnerId: "a", sweeps: WORK_SWEEPS });
    expect(run.failed).toEqual([]);
    expect(run.done).toContain(sessionsPurgeKey("2026-11-25"));
    expect(await keys()).toEqual(["purge-sign-in:lee@example.com"]);
  });
});
