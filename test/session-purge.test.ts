// Expired sessions are deleted by the work runner once a day (app/services/work-kinds.server.ts:
// a claim keyed by the UTC day, decision 014): after a pass, a session past its end or unused
// for longer than the idle timeout is gone and a live one stays; later passes the same day
// delete nothing, the next day's first pass does.
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "~/infrastructure/session.server";
import { runDueWork } from "~/infrastructure/work.server";
import { sessionsPurgeKey } from "~/lib/work-keys";
import { WORK_KINDS, WORK_SWEEPS } from "~/services/work-kinds.server";
import { signedInAccount } from "./accounts";

const NOW = new Date("2026-11-25T15:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW.getTime() + ms);

async function session(userId: string, { lastSeenAt, expiresAt }: { lastSeenAt: Date; expiresAt: Date }) {
  const db = await getDb();
  const id = crypto.randomUUID();
  await db
    .insert(sessions)
    .values({ id, userId, createdAt: new Date(expiresAt.getTime() - ABSOLUTE_TIMEOUT_MS), lastSeenAt, expiresAt });
  return id;
}

async function remaining(ids: string[]) {
  const db = await getDb();
  const rows = await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids));
  return rows.map((row) => row.id).sort();
}

const pass = (now: Date, runnerId: string) => runDueWork(WORK_KINDS, { now, runnerId, sweeps: WORK_SWEEPS });

describe("expired sessions", () => {
  it("a pass of the runner deletes them, once a day, and keeps the live ones", async () => {
    const { user } = await signedInAccount();
    const ended = await session(user.id, { lastSeenAt: at(-2 * DAY), expiresAt: at(-HOUR) });
    const idle = await session(user.id, { lastSeenAt: at(-IDLE_TIMEOUT_MS - HOUR), expiresAt: at(30 * DAY) });
    const live = await session(user.id, { lastSeenAt: at(-DAY), expiresAt: at(30 * DAY) });

    const first = await pass(NOW, "a");
    expect(first.done).toContain(sessionsPurgeKey("2026-11-25"));
    expect(first.failed).toEqual([]);
    expect(await remaining([ended, idle, live])).toEqual([live]);

    // One that ends an hour later stays until the next day: the purge is daily, not every run.
    const soon = await session(user.id, { lastSeenAt: at(-DAY), expiresAt: at(HOUR) });
    const sameDay = await Promise.all([pass(at(2 * HOUR), "a"), pass(at(2 * HOUR), "b")]);
    expect(sameDay.flatMap((run) => run.done)).not.toContain(sessionsPurgeKey("2026-11-25"));
    expect(await remaining([soon, live])).toEqual([soon, live].sort());

    const nextDay = await pass(new Date("2026-11-26T00:01:00Z"), "b");
    expect(nextDay.done).toContain(sessionsPurgeKey("2026-11-26"));
    expect(await remaining([soon, live])).toEqual([live]);
  });
});
