import { Buffer } from "node:buffer";
import Database from "libsql";
import {
  LibsqlBatchError,
  LibsqlError,
  type Client,
  type InArgs,
  type InStatement,
  type InValue,
  type Replicated,
  type ResultSet,
  type Row,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";

/**
 * The client of the embedded database: a libSQL file opened in this process, through the
 * `libsql` binding that `@libsql/client` itself uses for `file:` URLs, answering the same
 * `Client` interface (drizzle's libSQL driver and the app's own statements use it unchanged).
 *
 * Why the app has its own (docs/decisions/035): `@libsql/client` prepares every statement
 * afresh and asks SQLite for its columns twice on every run. SQLite then parses and plans the
 * same few hundred statements on every page, a fifth of a page's server CPU, and the client
 * offers no way to keep them. This one keeps each statement it prepares, with its columns, on
 * its connection, and runs it again with new values.
 *
 * It behaves as `@libsql/client` does with one connection (`concurrency: 1`), the way the app
 * opens a local file: the same rows (named values enumerable, indexes and `length` not), the
 * same integers (numbers, a RangeError past 2^53), the same errors (`LibsqlError` with
 * SQLite's code, `LibsqlBatchError` with the failed statement's index), a batch in one
 * transaction rolled back whole, and a transaction holding the connection until it settles.
 * `embedded-client.server.test.ts` runs the same statements through both and compares.
 * A libSQL server and an embedded replica still go through `@libsql/client`.
 */

/** At most this many statements are kept on a connection; the oldest is dropped first. */
export const KEPT_STATEMENTS_MAX = 500;

/** A statement that changes the schema: the statements kept before it are dropped. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

type SqlValue = null | string | number | bigint | Buffer | Uint8Array;
type NativeStatement = ReturnType<Database.Database["prepare"]>;

interface KeptStatement {
  statement: NativeStatement;
  /** Whether it answers rows (a SELECT, a RETURNING, most PRAGMAs). */
  reader: boolean;
  columns: string[];
  columnTypes: string[];
  /**
   * How its rows are made: a class of their own when no column is named like an index,
   * `length` or `__proto__` (toRow), else undefined (the library's way, property by property).
   */
  rowClass: RowClass | undefined;
}

class EmbeddedResultSet implements ResultSet {
  constructor(
    public columns: string[],
    public columnTypes: string[],
    public rows: Row[],
    public rowsAffected: number,
    public lastInsertRowid: bigint | undefined,
  ) {}

  toJSON() {
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) => Array.prototype.map.call(row, valueToJson)),
      rowsAffected: this.rowsAffected,
      lastInsertRowid: this.lastInsertRowid === undefined ? null : String(this.lastInsertRowid),
    };
  }
}

function valueToJson(value: unknown) {
  if (typeof value === "bigint") return String(value);
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString("base64");
  return value;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_INT64 = -(2n ** 63n);
const MAX_INT64 = 2n ** 63n - 1n;

function toSql(value: InValue): SqlValue {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    return value;
  }
  if (typeof value === "bigint") {
    if (value < MIN_INT64 || value > MAX_INT64) {
      throw new RangeError("bigint is too large to be represented as a 64-bit integer and passed as argument");
    }
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

function fromSql(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    }
    return Number(value);
  }
  if (value instanceof Buffer) {
    const { buffer, byteOffset, byteLength } = value;
    return byteOffset === 0 && byteLength === buffer.byteLength ? buffer : buffer.slice(byteOffset, byteOffset + byteLength);
  }
  return value;
}

function argsToSql(args: InArgs | undefined): SqlValue[] | Record<string, SqlValue> {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map(toSql);
  const named: Record<string, SqlValue> = {};
  for (const name in args) {
    const bare = name[0] === "@" || name[0] === "$" || name[0] === ":" ? name.slice(1) : name;
    named[bare] = toSql((args as Record<string, InValue>)[name]);
  }
  return named;
}

/** SQLite's primary result codes, by number (an extended code's low byte is its primary one). */
const PRIMARY_CODES = [
  "SQLITE_OK", "SQLITE_ERROR", "SQLITE_INTERNAL", "SQLITE_PERM", "SQLITE_ABORT", "SQLITE_BUSY",
  "SQLITE_LOCKED", "SQLITE_NOMEM", "SQLITE_READONLY", "SQLITE_INTERRUPT", "SQLITE_IOERR",
  "SQLITE_CORRUPT", "SQLITE_NOTFOUND", "SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_PROTOCOL",
  "SQLITE_EMPTY", "SQLITE_SCHEMA", "SQLITE_TOOBIG", "SQLITE_CONSTRAINT", "SQLITE_MISMATCH",
  "SQLITE_MISUSE", "SQLITE_NOLFS", "SQLITE_AUTH", "SQLITE_FORMAT", "SQLITE_RANGE",
  "SQLITE_NOTADB", "SQLITE_NOTICE", "SQLITE_WARNING",
]; // prettier-ignore

/** SQLite's error as `@libsql/client` reports it: code (primary), extended code, raw code, cause. */
function libsqlError(error: unknown): unknown {
  if (!(error instanceof Database.SqliteError)) return error;
  const rawCode = (error as { rawCode?: number }).rawCode;
  const primary =
    rawCode === undefined ? "SQLITE_UNKNOWN" : (PRIMARY_CODES[rawCode & 0xff] ?? `SQLITE_UNKNOWN_${rawCode & 0xff}`);
  return new LibsqlError(error.message, primary, error.code, rawCode, error);
}

function inBatch(error: unknown, index: number): unknown {
  if (error instanceof LibsqlBatchError || !(error instanceof LibsqlError)) return error;
  return new LibsqlBatchError(
    error.message,
    index,
    error.code,
    error.extendedCode,
    error.rawCode,
    error.cause instanceof Error ? error.cause : undefined,
  );
}

function beginFor(mode: TransactionMode) {
  if (mode === "write") return "BEGIN IMMEDIATE";
  if (mode === "read") return "BEGIN TRANSACTION READONLY";
  if (mode === "deferred") return "BEGIN DEFERRED";
  throw new RangeError('Unknown transaction mode, supported values are "write", "read" and "deferred"');
}

function normalize(stmt: InStatement | [string, InArgs?] | string, args?: InArgs): { sql: string; args?: InArgs } {
  if (typeof stmt === "string") return { sql: stmt, args };
  if (Array.isArray(stmt)) return { sql: stmt[0], args: stmt[1] };
  return stmt;
}

/** One libSQL connection and the statements it keeps. */
class Connection {
  readonly db: Database.Database;
  readonly #kept = new Map<string, KeptStatement>();

  constructor(path: string, timeoutMs: number) {
    this.db = new Database(path, { timeout: timeoutMs });
  }

  #statement(sql: string): KeptStatement {
    const found = this.#kept.get(sql);
    if (found) return found;
    const schemaChange = SCHEMA_CHANGE.test(sql);
    if (schemaChange) this.#kept.clear();
    const statement = this.db.prepare(sql);
    statement.safeIntegers(true);
    const reader = statement.reader;
    if (reader) statement.raw(true);
    const kept: KeptStatement = { statement, reader, ...describe(statement) };
    if (!schemaChange) {
      if (this.#kept.size >= KEPT_STATEMENTS_MAX) this.#kept.delete(this.#kept.keys().next().value!);
      this.#kept.set(sql, kept);
    }
    return kept;
  }

  run(stmt: { sql: string; args?: InArgs }): ResultSet {
    const args = argsToSql(stmt.args);
    try {
      const kept = this.#statement(stmt.sql);
      if (!kept.reader) {
        const info = kept.statement.run(args);
        return new EmbeddedResultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
      }
      const values = kept.statement.all(args) as unknown[][];
      // Another connection changed the schema, and SQLite prepared the statement again with
      // other columns: read them again.
      if (values.length > 0 && values[0].length !== kept.columns.length) Object.assign(kept, describe(kept.statement));
      const rows = values.map((row) => toRow(row, kept));
      return new EmbeddedResultSet(kept.columns.slice(), kept.columnTypes.slice(), rows, 0, undefined);
    } catch (error) {
      throw libsqlError(error);
    }
  }

  /**
   * Runs the statements in one transaction opened with `begin` and commits it. A failure names
   * the statement (LibsqlBatchError); the caller's settle() rolls back what it left open.
   */
  runAll(begin: string, stmts: Array<InStatement | [string, InArgs?]>): ResultSet[] {
    this.run({ sql: begin });
    const results: ResultSet[] = [];
    for (let i = 0; i < stmts.length; i++) {
      try {
        if (!this.db.inTransaction) throw new LibsqlBatchError("The transaction has been rolled back", i, "TRANSACTION_CLOSED");
        results.push(this.run(normalize(stmts[i])));
      } catch (error) {
        throw inBatch(error, i);
      }
    }
    this.run({ sql: "COMMIT" });
    return results;
  }

  exec(sql: string) {
    this.#kept.clear();
    try {
      this.db.exec(sql);
    } catch (error) {
      throw libsqlError(error);
    }
  }

  /** Rolls back what a failed call left open, so the next caller does not inherit it. */
  settle() {
    if (!this.db.open || !this.db.inTransaction) return;
    try {
      this.db.exec("ROLLBACK");
    } catch {
      // SQLite rolled it back itself (a failed COMMIT, say): nothing is left open.
    }
  }

  close() {
    this.#kept.clear();
    if (this.db.open) this.db.close();
  }
}

function describe(statement: NativeStatement) {
  if (!statement.reader) return { columns: [], columnTypes: [], rowClass: undefined };
  const definitions = statement.columns();
  const columns = definitions.map((column) => column.name);
  const plain = columns.every((name) => name !== "__proto__" && name !== "length" && !/^\d+$/.test(name));
  return {
    columns,
    columnTypes: definitions.map((column) => column.type ?? ""),
    rowClass: plain ? rowClassFor(columns) : undefined,
  };
}

/** What every row keeps out of sight: its values, by index. */
class RowValues {
  readonly #values: unknown[];
  constructor(values: unknown[]) {
    this.#values = values;
  }
  static at(row: RowValues, index: number) {
    return row.#values[index];
  }
}
type RowClass = new (values: unknown[]) => RowValues;

/**
 * The class of one statement's rows. Each row holds its values in a private field; the
 * prototype answers `length` and each index from it, and the constructor's caller assigns the
 * named values. The row then reads as the library's does (the same keys, spread, JSON,
 * indexes and length), without defining a property per value on every row.
 */
function rowClassFor(columns: string[]): RowClass {
  const Row = class extends RowValues {};
  const hidden: PropertyDescriptorMap = { length: { value: columns.length } };
  for (let i = 0; i < columns.length; i++) {
    hidden[i] = { get: function (this: RowValues) { return RowValues.at(this, i); } }; // prettier-ignore
  }
  Object.defineProperties(Row.prototype, hidden);
  return Row;
}

/**
 * A row as `@libsql/client` makes it: each column's value under its name (the first of two
 * alike names wins), enumerable; under its index, and `length`, not enumerable.
 */
function toRow(values: unknown[], kept: KeptStatement): Row {
  const { columns, rowClass } = kept;
  for (let i = 0; i < values.length; i++) values[i] = fromSql(values[i]);
  if (rowClass !== undefined) {
    const row = new rowClass(values) as unknown as Record<string, unknown>;
    for (let i = 0; i < values.length; i++) if (!Object.hasOwn(row, columns[i])) row[columns[i]] = values[i];
    return row as unknown as Row;
  }
  // A column named like an index is hidden by that index, as the library does it.
  const row: Record<string | number, unknown> = {};
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    Object.defineProperty(row, i, { value: values[i] });
    if (!Object.hasOwn(row, columns[i])) {
      Object.defineProperty(row, columns[i], { value: values[i], enumerable: true, configurable: true, writable: true });
    }
  }
  return row as unknown as Row;
}

function closedError() {
  return new LibsqlError("The client is closed", "CLIENT_CLOSED");
}

class EmbeddedTransaction implements Transaction {
  #connection: Connection | null;
  readonly #release: () => void;

  constructor(connection: Connection, release: () => void) {
    this.#connection = connection;
    this.#release = release;
  }

  #open(): Connection {
    const connection = this.#connection;
    if (connection === null || !connection.db.open || !connection.db.inTransaction) {
      throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
    }
    return connection;
  }

  #settle() {
    if (this.#connection === null) return;
    this.#connection = null;
    this.#release();
  }

  async execute(stmt: InStatement | string, args?: InArgs): Promise<ResultSet> {
    return this.#open().run(normalize(stmt, args));
  }

  async batch(stmts: Array<InStatement | [string, InArgs?]>): Promise<ResultSet[]> {
    const results: ResultSet[] = [];
    for (let i = 0; i < stmts.length; i++) {
      try {
        results.push(this.#open().run(normalize(stmts[i])));
      } catch (error) {
        throw inBatch(error, i);
      }
    }
    return results;
  }

  async executeMultiple(sql: string): Promise<void> {
    this.#open().exec(sql);
  }

  async rollback(): Promise<void> {
    try {
      const connection = this.#connection;
      if (connection?.db.open && connection.db.inTransaction) connection.run({ sql: "ROLLBACK" });
    } finally {
      this.#settle();
    }
  }

  async commit(): Promise<void> {
    try {
      this.#open().run({ sql: "COMMIT" });
    } finally {
      this.#settle();
    }
  }

  close(): void {
    try {
      this.#connection?.settle();
    } finally {
      this.#settle();
    }
  }

  get closed(): boolean {
    const connection = this.#connection;
    return connection === null || !connection.db.open || !connection.db.inTransaction;
  }
}

export class EmbeddedClient implements Client {
  closed = false;
  readonly protocol = "file";
  #connection: Connection;
  /** An open interactive transaction holds the one connection until it settles. */
  #held = false;

  constructor(
    private readonly path: string,
    private readonly timeoutMs: number,
  ) {
    this.#connection = new Connection(path, timeoutMs);
  }

  #use(): Connection {
    if (this.closed) throw closedError();
    if (this.#held) {
      throw new LibsqlError(
        "This client has a single connection, which an open transaction is holding. Commit or roll back the transaction before using the client again.",
        "TRANSACTION_ACTIVE",
      );
    }
    return this.#connection;
  }

  async execute(stmt: InStatement | string, args?: InArgs): Promise<ResultSet> {
    const connection = this.#use();
    try {
      return connection.run(normalize(stmt, args));
    } finally {
      connection.settle();
    }
  }

  async batch(stmts: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    const connection = this.#use();
    try {
      return connection.runAll(beginFor(mode), stmts);
    } finally {
      connection.settle();
    }
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    const connection = this.#use();
    connection.run({ sql: "PRAGMA foreign_keys=off" });
    try {
      return connection.runAll("BEGIN DEFERRED", stmts);
    } finally {
      connection.settle();
      connection.run({ sql: "PRAGMA foreign_keys=on" });
    }
  }

  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    const connection = this.#use();
    connection.run({ sql: beginFor(mode) });
    this.#held = true;
    return new EmbeddedTransaction(connection, () => {
      this.#held = false;
      if (!this.closed) connection.settle();
    });
  }

  async executeMultiple(sql: string): Promise<void> {
    const connection = this.#use();
    try {
      connection.exec(sql);
    } finally {
      connection.settle();
    }
  }

  /** A local file has no primary to pull from: nothing is replicated. */
  async sync(): Promise<Replicated> {
    this.#use();
    return undefined;
  }

  close(): void {
    this.closed = true;
    this.#held = false;
    this.#connection.close();
  }

  reconnect(): void {
    this.#connection.close();
    this.#connection = new Connection(this.path, this.timeoutMs);
    this.#held = false;
    this.closed = false;
  }
}

/**
 * The path a `file:` URL names, for the embedded client; undefined for a URL it does not take
 * (query parameters, a host): `@libsql/client` opens those.
 */
export function embeddedPath(url: string): string | undefined {
  if (!url.startsWith("file:") || url.includes("?") || url.includes("#")) return undefined;
  let rest = url.slice("file:".length);
  if (rest.startsWith("//")) {
    rest = rest.slice(2);
    if (rest.startsWith("localhost/")) rest = rest.slice("localhost".length);
    if (!rest.startsWith("/")) return undefined;
  }
  if (rest === "") return undefined;
  return decodeURIComponent(rest);
}
