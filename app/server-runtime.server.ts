// What the Express server (server/) needs of the app, exported by the Remix build
// (app/entry.server.tsx re-exports it), so the process holds one copy of every app module:
// the server imports nothing of app/ and takes these from the build it loads
// (docs/decisions/027-one-server-module-graph.md). The shape is `AppRuntime` in
// server/runtime.ts; test/server-runtime.test.ts checks that this object has it.
import { sql } from "drizzle-orm";
import { getConnection, getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { FixedWindowLimiter } from "~/infrastructure/rate-limit.server";
import { inRequestScope } from "~/infrastructure/request-memo.server";
import { runDueWork, startWorkRunner } from "~/infrastructure/work.server";
import { setNow } from "~/lib/clock";
import { startBackupSchedule } from "~/services/backup.server";
import { WORK_KINDS, WORK_SWEEPS } from "~/services/work-kinds.server";

/** The database is one local file, with no primary to sync from. */
function localFile() {
  const config = env();
  return config.DATABASE_URL.startsWith("file:") && !config.DATABASE_SYNC_URL;
}

export const serverRuntime = {
  /** The settings the server reads (port, host, rate limits, whether a replica syncs). */
  config() {
    const { NODE_ENV, PORT, HOST, DATABASE_SYNC_URL, RATE_LIMIT_AUTH_PER_MINUTE } = env();
    return { NODE_ENV, PORT, HOST, replica: Boolean(DATABASE_SYNC_URL), RATE_LIMIT_AUTH_PER_MINUTE };
  },

  /** Opens the database and applies the migrations: before the server takes traffic. */
  async openDatabase() {
    await getConnection();
  },

  /**
   * Closes the database at shutdown. On a local file the WAL is first copied into the
   * database file and emptied, so the file alone is the whole database: closing alone does
   * not, as libSQL's prepared statements outlive the client's close and SQLite never runs
   * its last-connection checkpoint.
   */
  async closeDatabase() {
    const { client } = await getConnection();
    if (localFile()) await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    client.close();
  },

  /** Pulls the primary's latest writes into this machine's embedded replica. */
  async syncReplica() {
    await (await getConnection()).client.sync();
  },

  /** Throws unless the database answers a query (the health check). */
  async checkDatabase() {
    await (await getDb()).run(sql`select 1`);
  },

  /** Runs one request's loaders and render in a scope of their own (app/infrastructure/request-memo.server.ts). */
  inRequestScope,

  /**
   * A counter of attempts per key in fixed windows, kept in the database so every server on it
   * counts alike (the server's per-address limits; their keys name the address and the route).
   */
  rateLimiter(options: { windowMs: number; max: number }) {
    return new FixedWindowLimiter({ name: "address", ...options });
  },

  /**
   * Starts the work that runs on its own inside the server: daily backups for accounts with
   * auto backup on (checked hourly), and due work each minute, claimed in the database so
   * several machines, or `npm run jobs` beside the server, never do a piece twice. The
   * timers never keep the process alive. Returns stop().
   */
  startBackgroundWork() {
    // The daily account backups are files on this machine's disk: with several machines on
    // one database each would keep copies of its own, and deleting an account would remove
    // only one machine's. Off there; the database server's own backups cover every account
    // (docs/scaling.md, "What each machine keeps").
    if (!localFile()) {
      console.log(
        "Daily account backups are off: the database is shared (DATABASE_URL is a libSQL server), and its server's backups cover every account.",
      );
    }
    const stopBackups = localFile() ? startBackupSchedule() : () => {};
    const stopWork = startWorkRunner(WORK_KINDS, WORK_SWEEPS);
    return () => {
      stopBackups();
      stopWork();
    };
  },

  /** The names of the kinds of work and sweeps (what `npm run jobs -- --only` takes). */
  workNames(): string[] {
    return [...WORK_KINDS, ...WORK_SWEEPS].map((part) => part.name);
  },

  /**
   * Does every piece of work due at `now` (default: the clock's now) once, then closes the
   * database: `npm run jobs -- --once`. `only` keeps the named kinds and sweeps.
   */
  async runDueWorkOnce({ now, only }: { now?: Date; only?: string[] } = {}) {
    if (now) setNow(now);
    const chosen = <T extends { name: string }>(parts: readonly T[]) =>
      only ? parts.filter((part) => only.includes(part.name)) : parts;
    const { client } = await getConnection();
    try {
      return await runDueWork(chosen(WORK_KINDS), { sweeps: chosen(WORK_SWEEPS) });
    } finally {
      client.close();
    }
  },
};
