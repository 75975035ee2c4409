import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, migrationsFolder, openDatabase } from "~/infrastructure/db.server";
import { startLibsqlServer, type LibsqlServer } from "./libsql-server";

// The test libSQL server (test/libsql-server.ts) driven by the real @libsql/client over
// HTTP, as the app drives Turso: statements, batches, interactive transactions across
// calls, a second client waiting for the first one's write lock, the token, and drizzle's
// migrations. Ports from 3850 up: each server takes the next free one, never one an
// earlier server of this file had (a client's kept-alive socket to a closed server must
// not meet a new one on the same port), and two runs at once each find their own.

const TOKEN = "test-token-123";
const dir = path.resolve("data/multi");
const file = path.join(dir, `unit-${process.pid}-${Date.now()}.db`);

let server: LibsqlServer;
let nextPort = 3850;

async function start(options: { file: string; streamTimeoutMs?: number }): Promise<LibsqlServer> {
  while (nextPort < 3900) {
    const port = nextPort++;
    try {
      return await startLibsqlServer({ ...options, authToken: TOKEN, port });
    } catch (error) {
      if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
    }
  }
  throw new Error("No free port in 3850-3899");
}
const clients: Client[] = [];

function client(authToken: string | null = TOKEN) {
  const c = createClient({ url: server.url, authToken: authToken ?? undefined });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  server = await start({ file });
  await client().execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, price REAL, data BLOB, extra)");
});

afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

afterAll(async () => {
  await server?.close();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});

/** One result of a Hrana pipeline, loose enough for the assertions below. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the protocol's JSON, read field by field
type PipelineResult = { type: string; response?: any; error?: unknown };

describe("libSQL test server", () => {
  it("answers version probes as a v2/v3 JSON server without protobuf", async () => {
    expect((await fetch(`${server.url}/v2`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404);
  });

  it("executes statements with every value type and reports changes and rowids", async () => {
    const db = client();
    const insert = await db.execute({
      sql: "INSERT INTO items (name, price, data, extra) VALUES (?, ?, ?, ?)",
      args: ["wire", 1.5, new Uint8Array([0, 255, 7]), 9007199254740993n],
    });
    expect(insert.rowsAffected).toBe(1);
    expect(insert.lastInsertRowid).toBe(1n);

    const select = await db.execute({
      sql: "SELECT id, name, price, data, extra + 0.0 AS extra, NULL AS empty FROM items WHERE name = :name",
      args: { name: "wire" },
    });
    expect(select.columns).toEqual(["id", "name", "price", "data", "extra", "empty"]);
    expect(select.columnTypes).toEqual(["INTEGER", "TEXT", "REAL", "BLOB", "", ""]);
    expect(select.rows[0]!.extra).toBe(9007199254740992); // as a REAL it comes back as a float
    expect(select.rowsAffected).toBe(0);
    const row = select.rows[0]!;
    expect(row.id).toBe(1);
    expect(row.name).toBe("wire");
    expect(row.price).toBe(1.5);
    expect(new Uint8Array(row.data as ArrayBuffer)).toEqual(new Uint8Array([0, 255, 7]));
    expect(row.empty).toBeNull();
    // Past 2^53 the integer went over and back exactly (a client in bigint mode reads it).
    const bigClient = createClient({ url: server.url, authToken: TOKEN, intMode: "bigint" });
    clients.push(bigClient);
    const big = await bigClient.execute("SELECT extra FROM items WHERE id = 1");
    expect(big.rows[0]!.extra).toBe(9007199254740993n);

    const returning = await db.execute({ sql: "UPDATE items SET price = price * 2 RETURNING name, price", args: [] });
    expect(returning.rowsAffected).toBe(1);
    expect(returning.rows.map((r) => [r.name, r.price])).toEqual([["wire", 3]]);

    // An error carries SQLite's message and code, as the app's checks read them.
    const duplicate = await db.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["wire"] }).catch((e: unknown) => e);
    expect(String(duplicate)).toContain("UNIQUE constraint failed: items.name");
    expect((duplicate as { code?: string }).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
  });

  it("rolls a batch back when one of its steps fails", async () => {
    const db = client();
    const failed = await db
      .batch(
        [
          { sql: "INSERT INTO items (name) VALUES (?)", args: ["batch-1"] },
          { sql: "INSERT INTO items (name) VALUES (?)", args: ["batch-1"] },
        ],
        "write",
      )
      .catch((e: unknown) => e);
    expect(String(failed)).toContain("UNIQUE constraint failed");
    expect((await db.execute("SELECT count(*) AS n FROM items WHERE name = 'batch-1'")).rows[0]!.n).toBe(0);

    const results = await db.batch(
      ["INSERT INTO items (name) VALUES ('batch-2')", "SELECT name FROM items WHERE name = 'batch-2'"],
      "write",
    );
    expect(results[0]!.rowsAffected).toBe(1);
    expect(results[1]!.rows[0]!.name).toBe("batch-2");
  });

  it("keeps an interactive transaction on one connection across calls; another client waits for its lock", async () => {
    const a = client();
    const b = client();
    const before = server.requests.length;
    const tx = await a.transaction("write");
    await tx.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["tx-1"] });
    expect((await tx.execute("SELECT count(*) AS n FROM items WHERE name = 'tx-1'")).rows[0]!.n).toBe(1);
    // Not committed: the other client does not see it, and its write waits for the lock.
    expect((await b.execute("SELECT count(*) AS n FROM items WHERE name = 'tx-1'")).rows[0]!.n).toBe(0);
    let waited = false;
    const blocked = b.execute("INSERT INTO items (name) VALUES ('after-tx')").then(() => waited);
    await new Promise((resolve) => setTimeout(resolve, 100));
    waited = true;
    await tx.commit();
    expect(await blocked).toBe(true);
    expect(
      (await b.execute("SELECT name FROM items WHERE name IN ('tx-1', 'after-tx') ORDER BY id")).rows.map((r) => r.name),
    ).toEqual(["tx-1", "after-tx"]);
    // The transaction's calls went out as several pipeline requests, continued with batons.
    const pipelines = server.requests.slice(before).filter((r) => r.path === "/v2/pipeline");
    expect(pipelines.length).toBeGreaterThanOrEqual(4);
    expect(pipelines.every((r) => r.status === 200)).toBe(true);

    const rolledBack = await a.transaction("write");
    await rolledBack.execute("INSERT INTO items (name) VALUES ('tx-2')");
    await rolledBack.rollback();
    expect((await a.execute("SELECT count(*) AS n FROM items WHERE name = 'tx-2'")).rows[0]!.n).toBe(0);
  });

  it("answers a stale baton with an error, and an expired stream's transaction is rolled back", async () => {
    const short = await start({ file, streamTimeoutMs: 150 });
    try {
      const c = createClient({ url: short.url, authToken: TOKEN });
      const tx = await c.transaction("write");
      await tx.execute("INSERT INTO items (name) VALUES ('expired')");
      await new Promise((resolve) => setTimeout(resolve, 400));
      await expect(tx.commit()).rejects.toThrow(/expired/);
      expect((await c.execute("SELECT count(*) AS n FROM items WHERE name = 'expired'")).rows[0]!.n).toBe(0);
      c.close();
    } finally {
      await short.close();
    }
  });

  it("refuses a missing or wrong token with 401", async () => {
    await expect(client("wrong").execute("SELECT 1")).rejects.toThrow(/401/);
    await expect(client(null).execute("SELECT 1")).rejects.toThrow(/401/);
    const raw = await fetch(`${server.url}/v2/pipeline`, { method: "POST", body: JSON.stringify({ baton: null, requests: [] }) });
    expect(raw.status).toBe(401);
  });

  it("speaks the wire format: results, step conditions, errors, stored SQL, batons", async () => {
    const post = async (body: unknown, version = 2) => {
      const response = await fetch(`${server.url}/v${version}/pipeline`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { baton: string | null; base_url: null; results: PipelineResult[] };
    };
    const first = await post(
      {
        baton: null,
        requests: [
          { type: "store_sql", sql_id: 1, sql: "SELECT ? + 1 AS n" },
          { type: "execute", stmt: { sql_id: 1, args: [{ type: "integer", value: "41" }], want_rows: true } },
          { type: "execute", stmt: { sql: "SELECT * FROM nowhere" } },
          { type: "get_autocommit" },
        ],
      },
      3,
    );
    expect(first.baton).toEqual(expect.any(String));
    expect(first.results[1]).toEqual({
      type: "ok",
      response: {
        type: "execute",
        result: {
          cols: [{ name: "n", decltype: null }],
          rows: [[{ type: "integer", value: "42" }]],
          affected_row_count: 0,
          last_insert_rowid: null,
          rows_read: 1,
          rows_written: 0,
        },
      },
    });
    expect(first.results[2]).toEqual({ type: "error", error: { message: "no such table: nowhere", code: "SQLITE_ERROR" } });
    expect(first.results[3].response).toEqual({ type: "get_autocommit", is_autocommit: true });

    const second = await post({
      baton: first.baton,
      requests: [
        {
          type: "batch",
          batch: {
            steps: [
              { stmt: { sql: "SELECT * FROM nowhere" } },
              { condition: { type: "ok", step: 0 }, stmt: { sql: "SELECT 'skipped'" } },
              { condition: { type: "error", step: 0 }, stmt: { sql: "SELECT 'ran'" } },
              {
                condition: {
                  type: "and",
                  conds: [
                    { type: "ok", step: 2 },
                    { type: "not", cond: { type: "ok", step: 1 } },
                  ],
                },
                stmt: { sql: "SELECT 'and'" },
              },
            ],
          },
        },
        { type: "execute", stmt: { sql_id: 1, args: [{ type: "float", value: 0.5 }] } },
        { type: "close" },
        { type: "execute", stmt: { sql: "SELECT 1" } },
      ],
    });
    const batch = second.results[0].response.result;
    expect(batch.step_results.map((r: unknown) => r !== null)).toEqual([false, false, true, true]);
    expect(batch.step_errors[0]).toEqual({ message: "no such table: nowhere", code: "SQLITE_ERROR" });
    expect(batch.step_errors.slice(1)).toEqual([null, null, null]);
    expect(second.results[1].response.result.rows).toEqual([[{ type: "float", value: 1.5 }]]);
    expect(second.results[2]).toEqual({ type: "ok", response: { type: "close" } });
    expect(second.results[3].type).toBe("error");
    expect(second.baton).toBeNull();

    // A baton is good for one call.
    const reused = await fetch(`${server.url}/v2/pipeline`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ baton: first.baton, requests: [] }),
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ code: "STREAM_EXPIRED" });
  });

  it("runs drizzle's migrations over HTTP with the app's openDatabase, and enforces foreign keys", async () => {
    const migrated = path.join(dir, `unit-migrate-${process.pid}-${Date.now()}.db`);
    const own = await start({ file: migrated });
    try {
      const connection = await openDatabase(own.url, { authToken: TOKEN });
      await migrateDatabase(connection);
      await migrateDatabase(connection); // the second run finds nothing to do
      const tables = await connection.client.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
      const names = tables.rows.map((r) => r.name);
      for (const table of ["__drizzle_migrations", "users", "sessions", "customers", "estimates", "notifications"])
        expect(names).toContain(table);
      const applied = await connection.client.execute("SELECT count(*) AS n FROM __drizzle_migrations");
      expect(applied.rows[0]!.n).toBe(readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql")).length);
      // Every stream is a new connection with libSQL's default: foreign keys on.
      const orphan = await connection.client
        .execute("INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES ('s', 'no-such-user', 0, 0, 0)")
        .catch((e: unknown) => e);
      expect(String(orphan)).toContain("FOREIGN KEY constraint failed");
      connection.client.close();
    } finally {
      await own.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(migrated + suffix, { force: true });
    }
  });

  // Two machines starting at once on an empty (or not yet migrated) database both read
  // "no migration applied" and both run the migration batch; the second one's batch fails
  // ("table ... already exists") and rolls back whole. migrateDatabase() reads again once
  // and finds the first one's work: both machines start.
  it("lets two machines migrate one empty database at once, applying each migration once", async () => {
    const racing = path.join(dir, `unit-race-${process.pid}-${Date.now()}.db`);
    const own = await start({ file: racing });
    const a = await openDatabase(own.url, { authToken: TOKEN });
    const b = await openDatabase(own.url, { authToken: TOKEN });
    try {
      const outcomes = await Promise.allSettled([migrateDatabase(a), migrateDatabase(b)]);
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
      // One full set of migrations recorded, nothing applied twice.
      const applied = await b.client.execute("SELECT count(*) AS n FROM __drizzle_migrations");
      expect(applied.rows[0]!.n).toBe(readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql")).length);
    } finally {
      a.client.close();
      b.client.close();
      await own.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(racing + suffix, { force: true });
    }
  });
});
