// Work that runs on its own (estimate follow-ups; reminders and recurring invoices to come),
// exactly once even with two servers on one database and a crash in the middle
// (docs/decisions/014-work-runs-once.md). Each kind of work finds what is due in the
// database; each piece has a key that names it for good; a runner claims the key in
// work_claims before doing the piece and marks it done after. The database holds the claim:
// a second runner finds it taken, and a claim whose runner died is taken over once its lease
// has run out.
import { Cron } from "croner";
import { inArray, sql, type SQL } from "drizzle-orm";
import { workClaims } from "#db/schema";
import { now as clockNow } from "~/lib/clock";
import { getDb } from "./db.server";

export interface WorkItem {
  /** Names the piece for good: "estimate-follow-up:<id>". */
  key: string;
}

export interface WorkKind<T extends WorkItem = WorkItem> {
  name: string;
  /** The pieces due at `now`, found in the database (done ones may be included: they are skipped). */
  due(now: Date): Promise<T[]>;
  /** Does one piece; a throw leaves it to be tried again later. */
  run(item: T, now: Date): Promise<void>;
}

/**
 * State that follows from the clock alone, such as a pending estimate passing its last valid
 * day. A sweep is one idempotent change of the database: running it twice, or on two runners
 * at once, does what running it once does, so it takes no claim. Every run does it before the
 * kinds of work. It answers how many rows it changed.
 */
export interface Sweep {
  name: string;
  run(now: Date): Promise<number>;
}

/** A claim older than this belongs to a runner that stopped (a crash, a deploy): another may take it over. */
export const LEASE_MS = 5 * 60_000;
/** After a failure the piece waits this long before another try. */
export const RETRY_MS = 15 * 60_000;
/** A piece that failed this often is left alone (its last error stays in work_claims). */
export const MAX_ATTEMPTS = 5;

/**
 * Claims a piece of work for this runner: true when it is ours to do. A piece never claimed
 * is inserted; one claimed before is taken over only when it is not done, its lease has run
 * out and it has attempts left. One statement, so two runners can never both get it.
 */
export async function claimWork(key: string, kind: string, runnerId: string, now: Date, leaseMs = LEASE_MS): Promise<boolean> {
  const db = await getDb();
  const at = now.getTime();
  const rows = await db.all<{ key: string }>(sql`
    insert into ${workClaims} (key, kind, claimed_by, claimed_at, lease_until, attempts)
    values (${key}, ${kind}, ${runnerId}, ${at}, ${at + leaseMs}, 1)
    on conflict (key) do update set
      claimed_by = excluded.claimed_by,
      claimed_at = excluded.claimed_at,
      lease_until = excluded.lease_until,
      attempts = ${workClaims.attempts} + 1
    where ${workClaims.doneAt} is null and ${workClaims.leaseUntil} <= ${at} and ${workClaims.attempts} < ${MAX_ATTEMPTS}
    returning key`);
  return rows.length === 1;
}

/** Marks a claimed piece done (only if this runner still holds it). */
export async function finishWork(key: string, runnerId: string, now: Date): Promise<void> {
  const db = await getDb();
  await db.run(
    sql`update ${workClaims} set done_at = ${now.getTime()}, last_error = null where key = ${key} and claimed_by = ${runnerId}`,
  );
}

/** Gives a failed piece back: another try after RETRY_MS, its error kept. */
export async function failWork(key: string, runnerId: string, now: Date, error: unknown): Promise<void> {
  const db = await getDb();
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  await db.run(
    sql`update ${workClaims} set lease_until = ${now.getTime() + RETRY_MS}, last_error = ${message} where key = ${key} and claimed_by = ${runnerId}`,
  );
}

/**
 * In a runner's query for what is due: the piece whose key the SQL expression spells (as
 * app/lib/work-keys.ts does) is settled: done, or out of attempts. Due queries leave such
 * pieces out, so however many are done they never fill a query's limit and starve the rest.
 */
export function workSettled(key: SQL): SQL {
  return sql`exists (select 1 from ${workClaims} where ${workClaims.key} = ${key} and (${workClaims.doneAt} is not null or ${workClaims.attempts} >= ${MAX_ATTEMPTS}))`;
}

/** The piece whose key the SQL expression spells has a claim still open: not done, attempts left. */
export function workOpen(key: SQL): SQL {
  return sql`exists (select 1 from ${workClaims} where ${workClaims.key} = ${key} and ${workClaims.doneAt} is null and ${workClaims.attempts} < ${MAX_ATTEMPTS})`;
}

/** Which of these keys are done already. */
export async function doneKeys(keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ key: workClaims.key })
    .from(workClaims)
    .where(sql`${inArray(workClaims.key, keys)} and ${workClaims.doneAt} is not null`);
  return new Set(rows.map((row) => row.key));
}

export interface WorkRun {
  /** Rows each sweep changed, by its name. */
  swept: Record<string, number>;
  done: string[];
  failed: { key: string; error: string }[];
  /** Due pieces done before, or held by another runner. */
  skipped: number;
}

/** Runs the sweeps, then does every piece of work due at `now`, once: claimed, done, marked. */
export async function runDueWork(
  kinds: readonly WorkKind[],
  { now = clockNow(), runnerId = defaultRunnerId(), sweeps = [] as readonly Sweep[] } = {},
): Promise<WorkRun> {
  const run: WorkRun = { swept: {}, done: [], failed: [], skipped: 0 };
  for (const sweep of sweeps) {
    try {
      run.swept[sweep.name] = await sweep.run(now);
    } catch (error) {
      // Nothing to mark: the next run sweeps again.
      run.failed.push({ key: `sweep:${sweep.name}`, error: error instanceof Error ? error.message : String(error) });
    }
  }
  for (const kind of kinds) {
    const items = await kind.due(now);
    const done = await doneKeys(items.map((item) => item.key));
    for (const item of items) {
      if (done.has(item.key) || !(await claimWork(item.key, kind.name, runnerId, now))) {
        run.skipped++;
        continue;
      }
      try {
        await kind.run(item, now);
        await finishWork(item.key, runnerId, now);
        run.done.push(item.key);
      } catch (error) {
        await failWork(item.key, runnerId, now, error);
        run.failed.push({ key: item.key, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return run;
}

let processRunnerId: string | undefined;
/** This process's name in claims: the Fly machine when there is one, and a random part. */
export function defaultRunnerId(): string {
  processRunnerId ??= `${process.env.FLY_MACHINE_ID ?? process.env.HOSTNAME ?? "local"}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  return processRunnerId;
}

/**
 * Runs due work at the start of every minute inside the server process. A run never
 * overlaps the one before; the timer does not keep the process alive. Returns stop().
 */
export function startWorkRunner(kinds: readonly WorkKind[], sweeps: readonly Sweep[] = []): () => void {
  const job = new Cron(
    "* * * * *",
    { protect: true, unref: true, catch: (error) => console.error("Work run failed:", error) },
    async () => {
      const run = await runDueWork(kinds, { sweeps });
      for (const failure of run.failed) console.error(`Work ${failure.key} failed: ${failure.error}`);
      if (run.done.length) console.log(`Work done: ${run.done.length} piece(s).`);
    },
  );
  return () => job.stop();
}
