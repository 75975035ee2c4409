// The database client the app uses, on a real libSQL file: every connection it opens gets the
// same settings, and a write that waits for another process's lock does not stall the event
// loop (docs/reliability.md).
import os from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db.server";

const file = path.join(os.tmpdir(), `tradedesk-db-${process.pid}-${Date.now()}.db`);
afterAll(() => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});

describe("the app's database client", () => {
  it("gives every connection foreign keys on and synchronous NORMAL, however many calls run at once", async () => {
    const { client } = await openDatabase(`file:${file}`);
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const [keys, sync] = await Promise.all([client.execute("PRAGMA foreign_keys"), client.execute("PRAGMA synchronous")]);
        return [Number(keys.rows[0]?.[0]), Number(sync.rows[0]?.[0])];
      }),
    );
    // foreign_keys 1 = on; synchronous 1 = NORMAL.
    expect(answers).toEqual(Array.from({ length: 8 }, () => [1, 1]));
    client.close();
  });

  it("a write waiting for another process's lock lets the event loop run, then goes through", async () => {
    const { client } = await openDatabase(`file:${file}`);
    await client.execute("CREATE TABLE IF NOT EXISTS t (v INTEGER)");
    // Another process (here another connection, outside the client) holds the write lock for 1.5 s.
    const other = new Database(file, { timeout: 0 });
    other.exec("BEGIN IMMEDIATE");
    other.exec("INSERT INTO t VALUES (0)");
    const release = setTimeout(() => other.exec("COMMIT"), 1_500);

    let worstLag = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      worstLag = Math.max(worstLag, now - last - 10);
      last = now;
    }, 10);
    const started = performance.now();
    await client.execute("INSERT INTO t VALUES (1)");
    const waited = performance.now() - started;
    clearInterval(probe);
    clearTimeout(release);
    other.close();

    expect(waited).toBeGreaterThan(1_000);
    expect(worstLag).toBeLessThan(250);
    const rows = await client.execute("SELECT v FROM t ORDER BY v");
    expect(rows.rows.map((row) => Number(row[0]))).toEqual([0, 1]);
    client.close();
  });
});
