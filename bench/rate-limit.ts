// `npx tsx bench/rate-limit.ts [--sqld]`: what one rate-limit hit costs (FixedWindowLimiter,
// app/infrastructure/rate-limit.server.ts; decision 033). On a fresh, migrated embedded file
// (the server's settings: WAL, synchronous NORMAL, one connection), HITS hits are made one
// after another over KEYS keys (so both the insert and the update of the upsert are measured),
// and the p50, p99 and mean of each are printed, with this process's CPU per hit. The same
// statement written three more ways beside it: the client's execute without the limiter,
// drizzle's sql template, and drizzle's prepare() (what preparedQuery keeps), to choose the
// cheapest. With --sqld (SQLD_BIN, or the one scripts/sqld.mjs installs) the limiter is
// measured on a libSQL server on loopback too: one network round trip per hit.
//
// Options (environment): HITS (default 2000), KEYS (default 200), ROUNDS (default 3; the
// best round's figures are kept, so a busy neighbour on the machine counts less).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import { migrateDatabase, openDatabase, type DatabaseConnection } from "~/infrastructure/db.server";
import { FixedWindowLimiter } from "~/infrastructure/rate-limit.server";
import { ensureSqld, startSqld } from "../scripts/sqld.mjs";

const HITS = Number(process.env.HITS ?? 2000);
const KEYS = Number(process.env.KEYS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WINDOW_MS = 60_000;

type Figures = { p50: number; p99: number; mean: number; cpu: number };

function figures(samples: number[], cpuMicros: number): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = samples.reduce((sum, x) => sum + x, 0) / samples.length;
  return { p50: at(0.5), p99: at(0.99), mean, cpu: cpuMicros / 1000 / samples.length };
}

/** The best of ROUNDS rounds of HITS sequential calls of `hit(key, now)`, in ms. */
async function measure(hit: (key: string, now: number) => Promise<unknown>): Promise<Figures> {
  let best: Figures | undefined;
  // Warm-up, not counted: the JIT, SQLite's first pages, the statement cache.
  for (let i = 0; i < 200; i++) await hit(`warm-up ${i % KEYS}`, 0);
  for (let round = 0; round < ROUNDS; round++) {
    const samples: number[] = [];
    const cpu = process.cpuUsage();
    const start = Date.now() + round * 10 * WINDOW_MS; // a fresh window each round: inserts again
    for (let i = 0; i < HITS; i++) {
      const key = `198.51.100.${i % KEYS} /login`;
      const t0 = performance.now();
      await hit(key, start + i);
      samples.push(performance.now() - t0);
    }
    const used = process.cpuUsage(cpu);
    const result = figures(samples, used.user + used.system);
    if (!best || result.p50 < best.p50) best = result;
  }
  return best!;
}

const HIT_SQL = `INSERT INTO rate_limits (key, count, reset_at) VALUES (?1, 1, ?2 + ?3)
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN reset_at <= ?2 THEN 1 ELSE count + 1 END,
  reset_at = CASE WHEN reset_at <= ?2 THEN ?2 + ?3 ELSE reset_at END
RETURNING count, reset_at`;

async function onFile() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tradedesk-rate-bench-"));
  const connection = await openDatabase(`file:${path.join(dir, "bench.db")}`);
  try {
    await migrateDatabase(connection);
    const rows: Record<string, Figures> = {};
    const limiter = new FixedWindowLimiter({ name: "bench", windowMs: WINDOW_MS, max: 20, connection: async () => connection });
    rows["FixedWindowLimiter.hit (client.execute)"] = await measure((key, now) => limiter.hit(key, now));
    rows["drizzle db.all(sql`…`)"] = await measure((key, now) =>
      connection.db.all(sql`INSERT INTO rate_limits (key, count, reset_at) VALUES (${`d:${key}`}, 1, ${now} + ${WINDOW_MS})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN reset_at <= ${now} THEN 1 ELSE count + 1 END,
          reset_at = CASE WHEN reset_at <= ${now} THEN ${now} + ${WINDOW_MS} ELSE reset_at END
        RETURNING count, reset_at`),
    );
    const now = sql.placeholder("now");
    const window = sql.placeholder("window");
    const prepared = connection.db
      .insert(rateLimits)
      .values({ key: sql.placeholder("key"), count: 1, resetAt: sql`${now} + ${window}` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${now} + ${window} ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .prepare();
    rows["drizzle prepare() (preparedQuery)"] = await measure((key, now) =>
      prepared.all({ key: `p:${key}`, now, window: WINDOW_MS }),
    );
    rows["raw client.execute, same SQL, no limiter"] = await measure((key, now) =>
      connection.client.execute({ sql: HIT_SQL, args: [`r:${key}`, now, WINDOW_MS] }),
    );
    return rows;
  } finally {
    connection.client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onSqld() {
  const found = await ensureSqld();
  if (!("bin" in found) || !found.bin) {
    console.log(`sqld: skipped (${(found as { skipped?: string }).skipped})`);
    return {};
  }
  const server = await startSqld({ bin: found.bin });
  let connection: DatabaseConnection | undefined;
  try {
    connection = await openDatabase(server.url);
    await migrateDatabase(connection);
    const open = connection;
    const limiter = new FixedWindowLimiter({ name: "bench", windowMs: WINDOW_MS, max: 20, connection: async () => open });
    return { "FixedWindowLimiter.hit on sqld (loopback)": await measure((key, now) => limiter.hit(key, now)) };
  } finally {
    connection?.client.close();
    await server.stop();
  }
}

const results = { ...(await onFile()), ...(process.argv.includes("--sqld") ? await onSqld() : {}) };
console.log(`${HITS} sequential hits over ${KEYS} keys, best of ${ROUNDS} rounds (ms per hit):`);
for (const [name, { p50, p99, mean, cpu }] of Object.entries(results)) {
  console.log(
    `  ${name.padEnd(44)} p50 ${p50.toFixed(3)}  p99 ${p99.toFixed(3)}  mean ${mean.toFixed(3)}  CPU ${cpu.toFixed(3)} (this process)`,
  );
}
