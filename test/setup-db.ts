import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Every test file runs against a fresh database of its own: a libSQL file, or, in the Vitest
// project "sqld" (vitest.config.ts), a real libSQL server (sqld, what Turso runs) started for
// the file on a free loopback port with a fresh folder and stopped by its PID afterwards.
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret";
process.env.NODE_ENV = "test";
// Photos and files go to a folder of the test file's own (docs/decisions/034), removed after it.
const filesDir = path.join(os.tmpdir(), "tradedesk-tests", `files-${process.pid}-${Math.random().toString(36).slice(2)}`);
process.env.FILES_DIR ??= filesDir;
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

async function closeConnection() {
  const { resetConnection } = await import("~/infrastructure/db.server");
  await resetConnection();
}

if (process.env.TEST_DATABASE === "sqld") {
  const { startSqld } = await import("../scripts/sqld.mjs");
  const server = await startSqld({ bin: process.env.SQLD_BIN });
  process.env.DATABASE_URL = server.url;
  afterAll(async () => {
    await closeConnection();
    await server.stop();
  });
} else {
  const dir = path.join(os.tmpdir(), "tradedesk-tests");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.db`);
  process.env.DATABASE_URL = `file:${file}`;
  afterAll(async () => {
    await closeConnection();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  });
}
