// Work that runs on its own happens once: two runners at once, a runner that dies holding a
// claim, a piece that fails and is tried again, all against the real libSQL file.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { workClaims } from "#db/schema";
import { getDb } from "./db.server";
import { claimWork, finishWork, LEASE_MS, MAX_ATTEMPTS, RETRY_MS, runDueWork, type WorkKind } from "./work.server";

const T0 = new Date("2026-11-25T09:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

/** A kind of work whose pieces are due from T0 and whose doing is counted (and can be made to fail or stall). */
function countingKind(name: string, keys: string[], behaviour: { fail?: (key: string) => boolean; delayMs?: number } = {}) {
  const runs: string[] = [];
  const kind: WorkKind = {
    name,
    due: async (now) => (now >= T0 ? keys.map((key) => ({ key })) : []),
    run: async (item) => {
      if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      if (behaviour.fail?.(item.key)) throw new Error(`could not do ${item.key}`);
      runs.push(item.key);
    },
  };
  return { kind, runs };
}

const uniqueKeys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}:${crypto.randomUUID()}:${i}`);

describe("the work runner", () => {
  it("does nothing before the work is due, then each piece once; later runs skip what is done", async () => {
    const keys = uniqueKeys("once", 3);
    const { kind, runs } = countingKind("test-once", keys);
    expect(await runDueWork([kind], { now: later(-60_000), runnerId: "a" })).toMatchObject({ done: [], skipped: 0 });
    const first = await runDueWork([kind], { now: T0, runnerId: "a" });
    expect(first.done.sort()).toEqual([...keys].sort());
    const second = await runDueWork([kind], { now: later(60_000), runnerId: "b" });
    expect(second).toMatchObject({ done: [], skipped: 3 });
    expect(runs.sort()).toEqual([...keys].sort());
  });

  it("two runners on one database at the same moment do each piece once", async () => {
    const keys = uniqueKeys("race", 20);
    const { kind, runs } = countingKind("test-race", keys, { delayMs: 2 });
    const [a, b, c] = await Promise.all(["a", "b", "c"].map((runnerId) => runDueWork([kind], { now: T0, runnerId })));
    expect(runs).toHaveLength(20);
    expect(new Set(runs).size).toBe(20);
    expect(a.done.length + b.done.length + c.done.length).toBe(20);
    expect(a.skipped + b.skipped + c.skipped).toBe(40);
  });

  it("a runner that dies holding a claim: the piece waits for the lease, then another runner does it once", async () => {
    const [key] = uniqueKeys("crash", 1);
    const { kind, runs } = countingKind("test-crash", [key]);
    // Runner "dead" claimed the piece and stopped before doing it.
    expect(await claimWork(key, kind.name, "dead", T0)).toBe(true);
    expect(await runDueWork([kind], { now: later(LEASE_MS - 1), runnerId: "alive" })).toMatchObject({ done: [], skipped: 1 });
    expect(runs).toEqual([]);
    expect((await runDueWork([kind], { now: later(LEASE_MS), runnerId: "alive" })).done).toEqual([key]);
    expect(runs).toEqual([key]);
    // The dead runner coming back cannot mark it or take it again.
    await finishWork(key, "dead", later(LEASE_MS + 1));
    expect(await claimWork(key, kind.name, "dead", later(2 * LEASE_MS))).toBe(false);
    const db = await getDb();
    expect(await db.select().from(workClaims).where(eq(workClaims.key, key)).get()).toMatchObject({
      claimedBy: "alive",
      attempts: 2,
    });
  });

  it("a piece that fails is tried again after a pause, and left alone after the last attempt", async () => {
    const [key] = uniqueKeys("fail", 1);
    const { kind, runs } = countingKind("test-fail", [key], { fail: () => true });
    const db = await getDb();
    let now = T0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const run = await runDueWork([kind], { now, runnerId: "a" });
      expect(run.failed, `attempt ${attempt}`).toEqual([{ key, error: `could not do ${key}` }]);
      // Not again before the pause is over.
      expect(await runDueWork([kind], { now: new Date(now.getTime() + RETRY_MS - 1), runnerId: "b" })).toMatchObject({
        failed: [],
        skipped: 1,
      });
      now = new Date(now.getTime() + RETRY_MS);
    }
    expect(await runDueWork([kind], { now, runnerId: "a" })).toMatchObject({ failed: [], done: [], skipped: 1 });
    expect(await db.select().from(workClaims).where(eq(workClaims.key, key)).get()).toMatchObject({
      attempts: MAX_ATTEMPTS,
      doneAt: null,
      lastError: `could not do ${key}`,
    });
    expect(runs).toEqual([]);
  });

  it("a piece that failed once and then works is done once", async () => {
    const [key] = uniqueKeys("flaky", 1);
    let calls = 0;
    const { kind, runs } = countingKind("test-flaky", [key], { fail: () => ++calls === 1 });
    expect((await runDueWork([kind], { now: T0, runnerId: "a" })).failed).toHaveLength(1);
    expect((await runDueWork([kind], { now: later(RETRY_MS), runnerId: "b" })).done).toEqual([key]);
    expect((await runDueWork([kind], { now: later(2 * RETRY_MS), runnerId: "a" })).done).toEqual([]);
    expect(runs).toEqual([key]);
  });
});
