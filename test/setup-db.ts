import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Every test file runs against its own fresh libSQL database file.
const dir = path.join(os.tmpdir(), "tradedesk-tests");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.db`);
process.env.DATABASE_URL = `file:${file}`;
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret";
process.env.NODE_ENV = "test";

afterAll(async () => {
  const { resetConnection } = await import("~/infrastructure/db.server");
  await resetConnection();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});
