// Starts the production build (`node $BUILD_DIR/server.js`) as a child process on
// loopback, the way playwright.config.ts does, and keeps everything it prints so the
// log can be searched for database errors afterwards.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

/**
 * A working directory for the servers of one run, under data/load/: the server keeps its
 * automatic backups (data/backups) and mail outbox relative to its working directory, so
 * a restart during the crash test must not write backups of the load test's accounts into
 * the project's own data/backups. `db` (migrations) and the build are linked in.
 */
export function scratchDirectory(buildDir, stamp) {
  const dir = path.join(root, "data/load", `run-${stamp}`);
  mkdirSync(dir, { recursive: true });
  for (const name of ["db", buildDir]) {
    const link = path.join(dir, name);
    if (!existsSync(link)) symlinkSync(path.join(root, name), link);
  }
  return dir;
}

/** Log lines that must never appear: the database refused or timed out on a lock. */
export const LOCK_PATTERN = /database is locked|SQLITE_BUSY|SQLITE_LOCKED/i;

export class ServerProcess {
  /** `databaseUrl` (a libSQL server's, say) instead of `databaseFile`; `env`: more variables (SMTP_URL). */
  constructor({ port, databaseFile, databaseUrl, cwd, buildDir, label, env = {} }) {
    this.port = port;
    this.databaseFile = databaseFile;
    this.label = label;
    this.log = [];
    this.exit = null;
    this.child = spawn(process.execPath, ["--enable-source-maps", path.join(buildDir, "server.js")], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl ?? `file:${databaseFile}`,
        // The same on every server: a session signed by one is read by the other.
        SESSION_SECRET: "load-test-secret-load-test-secret",
        // Only sign-in, registration and the public forms are limited (per address and
        // path); the load registers a few accounts from one address, so the limit is lifted.
        RATE_LIMIT_AUTH_PER_MINUTE: "1000000",
        QUIET_LOG: "1",
        BUILD_DIR: buildDir,
        ...env,
      },
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream.setEncoding("utf8");
      stream.on("data", (text) => this.log.push(text));
    }
    this.exited = new Promise((resolve) => {
      this.child.on("exit", (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
  }

  /** Waits until GET /healthz answers 200; fails when the process exits first. */
  async ready(timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exit)
        throw new Error(`${this.label} exited (${JSON.stringify(this.exit)}) before it was ready:\n${this.logText()}`);
      const ok = await fetch(`http://127.0.0.1:${this.port}/healthz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.label} did not answer /healthz within ${timeoutMs} ms:\n${this.logText()}`);
  }

  signal(name) {
    if (!this.exit) this.child.kill(name);
  }

  /** Sends SIGTERM and waits for the exit (SIGKILL after `timeoutMs`). */
  async stop(timeoutMs = 15_000) {
    if (this.exit) return this.exit;
    const started = Date.now();
    this.signal("SIGTERM");
    const timer = setTimeout(() => this.signal("SIGKILL"), timeoutMs);
    const exit = await this.exited;
    clearTimeout(timer);
    return { ...exit, ms: Date.now() - started };
  }

  /** CPU time (user + system) the process has used so far, in seconds; null where /proc is missing. */
  cpuSeconds() {
    return cpuSecondsOf(this.child.pid);
  }

  logText() {
    return this.log.join("");
  }

  lockErrorsInLog() {
    return this.logText()
      .split("\n")
      .filter((line) => LOCK_PATTERN.test(line));
  }
}

/** CPU time (user + system) process `pid` has used so far, in seconds; null where /proc is missing. */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // Fields 14 and 15 of stat (utime, stime), in clock ticks of 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** True when nothing listens on the port (a connection is refused). */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}
