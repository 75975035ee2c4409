import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Client, type InArgs, type InStatement } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "#db/schema";
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

/** Reports what the client runs to the listeners of onQuery (drizzle goes through execute and batch). */
function instrument(client: Client): Client {
  const execute = client.execute.bind(client) as (stmt: InStatement | string, args?: InArgs) => ReturnType<Client["execute"]>;
  const batch = client.batch.bind(client);
  client.execute = ((stmt: InStatement | string, args?: InArgs) => {
    report(stmt, args);
    return execute(stmt, args);
  }) as Client["execute"];
  client.batch = (stmts, mode) => {
    for (const stmt of stmts) report(stmt);
    return batch(stmts, mode);
  };
  return client;
}

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
  const client = instrument(createClient({
    url,
    authToken: options.authToken,
    syncUrl: options.syncUrl,
    // The client pools connections: the busy timeout must be set here to reach every
    // one of them, so a second writer waits instead of failing with SQLITE_BUSY.
    timeout: 5000,
    // An embedded replica pulls the primary's writes every few seconds.
    syncInterval: options.syncUrl ? 5 : undefined,
  }));
  if (options.syncUrl) await client.sync();
  if (isFile || options.syncUrl) {
    // WAL lets readers run while one writer commits.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
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

let connecting: Promise<DatabaseConnection> | undefined;

/** The application's database: opened and migrated once per process, on first use. */
export function getConnection(): Promise<DatabaseConnection> {
  connecting ??= (async () => {
    const e = env();
    const connection = await openDatabase(e.DATABASE_URL, {
      authToken: e.DATABASE_AUTH_TOKEN,
      syncUrl: e.DATABASE_SYNC_URL,
    });
    await migrateDatabase(connection);
    return connection;
  })();
  return connecting;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

/** For tests: forget the current connection so the next call opens DATABASE_URL again. */
export async function resetConnection() {
  if (!connecting) return;
  const current = connecting;
  connecting = undefined;
  const connection = await current.catch(() => null);
  connection?.client.close();
}
