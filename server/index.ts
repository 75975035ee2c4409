import type { Server, ServerResponse } from "node:http";
import path from "node:path";
import { createApp } from "./app";
import { assertPackagesPatched } from "./patched-packages";
import type { AppRuntime } from "./runtime";

/**
 * How long requests in flight get to finish after SIGTERM. Fly sends SIGKILL 10 s after
 * SIGTERM (fly.toml kill_timeout): what is still open after 8 s is cut off, so the
 * database is always closed by us, not by the kill.
 */
const SHUTDOWN_TIMEOUT_MS = 8_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

async function main() {
  // An install without its scripts (npm ci --ignore-scripts) lacks patches/: say so, don't misbehave.
  assertPackagesPatched();
  const mode = process.env.NODE_ENV === "development" ? "development" : "production";
  const { app, runtime } = await createApp({ mode, root: path.resolve(process.cwd()) });
  const config = runtime.config();
  // Migrate before taking traffic: a fresh clone gets its database created under data/.
  await runtime.openDatabase();
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
  // Daily backups and the work that runs on its own (reminders, recurring invoices, sweeps),
  // claimed in the database, so several machines never do a piece twice.
  const stopBackgroundWork = runtime.startBackgroundWork();
  const shutdown = gracefulShutdown(server, { stopBackgroundWork, runtime });
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
function gracefulShutdown(
  server: Server,
  { stopBackgroundWork, runtime }: { stopBackgroundWork: () => void; runtime: Pick<AppRuntime, "closeDatabase"> },
) {
  let stopping = false;
  return (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    stopBackgroundWork();

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
        // On a local file, the WAL is copied into the database file first (the file alone is the whole database).
        await runtime.closeDatabase();
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
