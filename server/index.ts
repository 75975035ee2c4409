import type { Server, ServerResponse } from "node:http";
import path from "node:path";
import { startBackupSchedule } from "~/services/backup.server";
import { startWorkRunner } from "~/infrastructure/work.server";
import { WORK_KINDS, WORK_SWEEPS } from "~/services/work-kinds.server";
import { getConnection } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { createApp } from "./app";

/**
 * How long requests in flight get to finish after SIGTERM. Fly sends SIGKILL 10 s after
 * SIGTERM (fly.toml kill_timeout): what is still open after 8 s is cut off, so the
 * database is always closed by us, not by the kill.
 */
const SHUTDOWN_TIMEOUT_MS = 8_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

async function main() {
  const config = env();
  // Migrate before taking traffic: a fresh clone gets its database created under data/.
  await getConnection();
  const mode = config.NODE_ENV === "development" ? "development" : "production";
  const app = await createApp({ mode, root: path.resolve(process.cwd()) });
  const server = app.listen(config.PORT, config.HOST, () => {
    const shown = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
    console.log(`TradeDesk (${mode}) listening on http://${shown}:${config.PORT}`);
  });
  // Node closes a keep-alive connection idle for 5 s by default, and its timer can fire
  // before a request already waiting on the socket is read when the event loop is busy
  // (the load test's ECONNRESETs at saturation, docs/reliability.md). Idle connections
  // are kept longer than a proxy keeps them, so the proxy, not the app, closes them.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  // Daily backups for accounts with auto backup on (checked hourly; the timer never keeps the process alive).
  const stopBackupSchedule = startBackupSchedule();
  // Work that runs on its own (estimate follow-ups; estimates marked expired), each minute; claimed in the database, so
  // several machines, or `npm run jobs` beside this server, never do a piece twice.
  const stopWork = startWorkRunner(WORK_KINDS, WORK_SWEEPS);
  const stopBackups = () => {
    stopBackupSchedule();
    stopWork();
  };
  const localFile = config.DATABASE_URL.startsWith("file:") && !config.DATABASE_SYNC_URL;
  const shutdown = gracefulShutdown(server, { stopBackups, localFile });
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * Stops taking connections, lets the requests in flight finish, then closes the database
 * and exits 0. Keep-alive connections are closed as soon as they are idle (a client's idle
 * socket would otherwise hold the server open for its keep-alive timeout), and a request
 * arriving on one meanwhile is answered with `Connection: close`. After SHUTDOWN_TIMEOUT_MS
 * the remaining connections are cut and the process exits 1. A second signal exits at once.
 */
function gracefulShutdown(server: Server, { stopBackups, localFile }: { stopBackups: () => void; localFile: boolean }) {
  let stopping = false;
  return (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    stopBackups();

    const closeAfterResponse = (_req: unknown, res: ServerResponse) => {
      if (!res.headersSent) res.setHeader("Connection", "close");
    };
    server.prependListener("request", closeAfterResponse);
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    idleSweep.unref();
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      console.error(`Requests still open after ${SHUTDOWN_TIMEOUT_MS / 1000} s: closing their connections.`);
      server.closeAllConnections();
    }, SHUTDOWN_TIMEOUT_MS);
    deadline.unref();

    server.close(async (error) => {
      clearInterval(idleSweep);
      clearTimeout(deadline);
      if (error) console.error("Closing the server failed:", error.message);
      let closed = true;
      try {
        const { client } = await getConnection();
        // Copies the WAL into the database file and empties it, so the file alone is the
        // whole database. Closing alone does not: libsql's prepared statements outlive the
        // client's close, so SQLite never runs its last-connection checkpoint.
        if (localFile) await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        client.close();
      } catch (closeError) {
        closed = false;
        console.error("Closing the database failed:", closeError instanceof Error ? closeError.message : closeError);
      }
      if (closed) console.log("Database closed.");
      process.exit(error || timedOut || !closed ? 1 : 0);
    });
    server.closeIdleConnections();
    // Logged once the listening socket is closed: from here on new connections are refused.
    console.log(`${signal}: finishing requests in flight, then closing the database.`);
  };
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
