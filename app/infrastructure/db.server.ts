import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Client, type InArgs, type InStatement } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "#db/schema";
import { EmbeddedClient, embeddedPath } from "./embedded-client.server";
import { env } from "./env.server";

export type Database = LibSQLDatabase<typeof schema>;

export interface DatabaseConnection {
  client: Client;
  db: Database;
}

/** One SQL statement the client ran: its text and its arguments. */
export interface ExecutedStatement {
  sql: string;
  args: InArgs | undefined;
}

const queryListeners = new Set<(statement: ExecutedStatement) => void>();

/**
 * Calls `listener` with every statement any connection of this process runs (each
 * statement of a batch counts once), until the returned function is called. For the
 * query-count test and the query-plan script (docs/decisions/009); nothing listens in
 * production, where the cost is one check of an empty set per call.
 */
export function onQuery(listener: (statement: ExecutedStatement) => void): () => void {
  queryListeners.add(listener);
  return () => queryListeners.delete(listener);
}

function report(stmt: InStatement | [string, InArgs?] | string, args?: InArgs) {
  if (queryListeners.size === 0) return;
  const statement: ExecutedStatement =
    typeof stmt === "string"
      ? { sql: stmt, args }
      : Array.isArray(stmt)
        ? { sql: stmt[0], args: stmt[1] }
        : { sql: stmt.sql, args: stmt.args };
  for (const listener of queryListeners) listener(statement);
}

/**
 * How long a write waits in all for the lock before it fails with SQLITE_BUSY: another
 * process's on a local file, another stream's on a libSQL server (two app servers).
 */
export const BUSY_WAIT_MS = 5_000;
/**
 * How long one attempt may wait inside SQLite's busy handler. That wait is synchronous: the
 * whole process, every request in flight, stands still during it. Short attempts with async
 * pauses between them let the event loop run while a write waits (docs/reliability.md).
 */
const BUSY_SLICE_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isBusy = (error: unknown) => {
  const code = (error as { code?: string; rawCode?: number }).code;
  return (
    code === "SQLITE_BUSY" ||
    (error as { rawCode?: number }).rawCode === 5 ||
    /database is locked/i.test(String((error as Error)?.message))
  );
};

/**
 * Runs a call again while the database is locked, with growing async pauses, until
 * BUSY_WAIT_MS have passed. A statement or batch that failed with SQLITE_BUSY changed nothing
 * (a batch is rolled back whole), so running it again is safe. A libSQL server answers
 * "database is locked" when a write meets another stream's (sqld does around its WAL
 * checkpoints, and to a batch that read before another commit), so the retry covers every
 * database. Each pause is drawn between half and one and a half of its step, so two servers
 * that met do not retry in step. A network error is not SQLITE_BUSY and is never retried.
 */
async function whileBusy<T>(run: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() + pause > deadline) throw error;
      await sleep(pause * (0.5 + Math.random()));
    }
  }
}

/**
 * Reports what the client runs to the listeners of onQuery (drizzle goes through execute and
 * batch), and retries a call that found the database locked (whileBusy).
 */
function instrument(client: Client): Client {
  const execute = client.execute.bind(client) as (stmt: InStatement | string, args?: InArgs) => ReturnType<Client["execute"]>;
  const batch = client.batch.bind(client);
  client.execute = ((stmt: InStatement | string, args?: InArgs) => {
    report(stmt, args);
    return whileBusy(() => execute(stmt, args));
  }) as Client["execute"];
  client.batch = (stmts, mode) => {
    for (const stmt of stmts) report(stmt);
    return whileBusy(() => batch(stmts, mode));
  };
  return client;
}

/**
 * SQLite's page cache for a local file, in KiB (its default is about 2 MB). A busy account's
 * indexes do not fit in 2 MB: a search or a list page then reads the same pages from the
 * operating system again on every request (the customer search of the benchmark's large
 * account spent 9 ms of SQL with 2 MB, 3 ms with 8 MB). 8 MB keeps the server's resident
 * memory within a small machine's (docs/performance.md).
 */
const PAGE_CACHE_KIB = 8 * 1024;

/** Opens the database DATABASE_URL names: a local file (created with its folder) or a libSQL server. */
export async function openDatabase(
  url: string,
  options: { authToken?: string; syncUrl?: string } = {},
): Promise<DatabaseConnection> {
  const isFile = url.startsWith("file:");
  if (isFile) {
    const filePath = url.slice("file:".length);
    if (filePath && filePath !== ":memory:") mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  }
  const local = isFile && !options.syncUrl;
  const embedded = local ? embeddedPath(url) : undefined;
  const client = instrument(
    // A local file through the app's own client, which keeps its prepared statements
    // (docs/decisions/035); a libSQL server or an embedded replica through @libsql/client.
    embedded !== undefined
      ? new EmbeddedClient(embedded, BUSY_SLICE_MS)
      : createClient({
          url,
          authToken: options.authToken,
          syncUrl: options.syncUrl,
          // One connection to a local file. Every call runs synchronously on this thread anyway,
          // so more connections add no parallelism; they only open later without the settings
          // below (PRAGMA synchronous and foreign_keys are per connection), and the server holds
          // no transaction across an await (docs/decisions/004).
          concurrency: local ? 1 : undefined,
          // SQLite's busy wait blocks the process: short on a local file, where instrument()
          // waits between attempts without blocking; the client's default elsewhere.
          timeout: local ? BUSY_SLICE_MS : BUSY_WAIT_MS,
          // An embedded replica pulls the primary's writes every few seconds.
          syncInterval: options.syncUrl ? 5 : undefined,
        }),
  );
  if (options.syncUrl) await client.sync();
  if (isFile || options.syncUrl) {
    // WAL lets readers run while one writer commits.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  if (local) await client.execute(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
  return { client, db: drizzle(client, { schema }) };
}

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

/**
 * Applies the migrations not yet applied. Two machines starting at once on a database
 * that lacks a migration both read "not applied" and both run it; the second one's batch
 * fails ("table ... already exists") and is rolled back whole. Reading again then finds
 * the migration applied by the first, so one retry is all it takes.
 */
export async function migrateDatabase(connection: DatabaseConnection) {
  try {
    await migrate(connection.db, { migrationsFolder });
  } catch {
    await migrate(connection.db, { migrationsFolder });
  }
}

// One connection per process: the server holds no copy of this module of its own, it opens,
// migrates and closes the connection through the build's runtime (app/server-runtime.server.ts).
const shared: { connecting: Promise<DatabaseConnection> | undefined } = { connecting: undefined };

/** The application's database: opened and migrated once per process, on first use. */
export function getConnection(): Promise<DatabaseConnection> {
  if (shared.connecting) return shared.connecting;
  const connecting = (async () => {
    const e = env();
    let connection: DatabaseConnection | undefined;
    try {
      connection = await openDatabase(e.DATABASE_URL, {
        authToken: e.DATABASE_AUTH_TOKEN,
        syncUrl: e.DATABASE_SYNC_URL,
      });
      await migrateDatabase(connection);
      return connection;
    } catch (error) {
      connection?.client.close();
      throw cannotOpen(e.DATABASE_URL, error);
    }
  })();
  shared.connecting = connecting;
  // A failure is not kept: the next call (the health check's, say) tries again.
  connecting.catch(() => {
    if (shared.connecting === connecting) shared.connecting = undefined;
  });
  return connecting;
}

/**
 * The error for a database that could not be opened, naming DATABASE_URL: over the network
 * the client's own message is often only "fetch failed". The URL is shown without its query
 * string, which may carry a token.
 */
export function cannotOpen(url: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message;
  const where = url.split("?")[0];
  return new Error(
    url.startsWith("file:")
      ? `Cannot open the database DATABASE_URL names (${where}): ${message}`
      : `Cannot reach the libSQL server DATABASE_URL names (${where}): ${message}${detail ? ` (${detail})` : ""}. Is the server running, and are DATABASE_URL and DATABASE_AUTH_TOKEN right?`,
    { cause: error },
  );
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

/** For tests: forget the current connection so the next call opens DATABASE_URL again. */
export async function resetConnection() {
  if (!shared.connecting) return;
  const current = shared.connecting;
  shared.connecting = undefined;
  const connection = await current.catch(() => null);
  connection?.client.close();
}

/**
 * A query whose SQL drizzle builds once per connection (its `prepare()`) instead of on every
 * call: for the few statements every page runs (the session, the settings, the bell, the
 * dashboard). Values go in as `sql.placeholder(name)`s and reach SQLite as given, not
 * through the column's encoding: an instant is passed as its epoch milliseconds, as stored.
 * The rows are mapped as usual.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): () => Promise<Query> {
  const byDatabase = new WeakMap<Database, Query>();
  return async () => {
    const db = await getDb();
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
