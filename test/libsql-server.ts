import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "libsql";

/**
 * A small libSQL server for tests: Hrana over HTTP (JSON, protocol versions 2 and 3), the
 * protocol @libsql/client speaks to `http://` and `libsql://` URLs, backed by one local
 * libSQL file. Enough of sqld (Turso's server) to run several app servers against one
 * remote database on a machine without one:
 *
 * - `POST /v2/pipeline` and `/v3/pipeline`: a list of stream requests (execute, batch with
 *   step conditions, sequence, describe, store_sql, close_sql, get_autocommit, close).
 * - A stream is one SQLite connection of its own, opened for the first request without a
 *   baton. The response hands out a new baton when the stream stays open; the next pipeline
 *   call sends it to continue on the same connection, so interactive transactions span
 *   calls. An unused stream expires after `streamTimeoutMs` (its transaction rolled back).
 * - `GET /v2` and `/v3` answer 200 (version probing); `/v3-protobuf` and `/v3/cursor` are
 *   404, which makes a client that probes fall back to JSON without cursors. The client in
 *   this project (0.18) does not probe: it speaks v2 JSON.
 * - With `authToken`, pipeline calls need `Authorization: Bearer <token>`, else 401.
 *
 * Like sqld, each connection is a fresh libSQL connection, whose build turns foreign keys
 * on by default, and a `PRAGMA` reaches only the stream that runs it. A writer that finds
 * the database locked by another stream waits (asynchronously, so the holder can finish)
 * up to `busyTimeoutMs`, as sqld's busy handler waits for the lock holder. Not modelled:
 * protobuf encoding, cursors, sqld's lock stealing, exact `rows_read`/`rows_written`
 * (here the rows returned and the rows changed), describe's parameter list (empty).
 */

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  /** The stream request types of a pipeline call ("execute", "batch", "close"...). */
  types: string[];
}

export interface LibsqlServer {
  /** `http://127.0.0.1:<port>`: DATABASE_URL for the app. */
  url: string;
  /** Every HTTP request served, in order (for assertions about what clients sent). */
  requests: LoggedRequest[];
  close(): Promise<void>;
}

export interface LibsqlServerOptions {
  /** The libSQL/SQLite file behind the server (created when missing, put in WAL mode). */
  file: string;
  authToken?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  streamTimeoutMs?: number;
  busyTimeoutMs?: number;
}

type Value =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
interface Stmt {
  sql?: string | null;
  sql_id?: number | null;
  args?: Value[];
  named_args?: { name: string; value: Value }[];
  want_rows?: boolean;
}
type Cond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Cond }
  | { type: "and" | "or"; conds: Cond[] }
  | { type: "is_autocommit" };
type StreamRequest =
  | { type: "close" | "get_autocommit" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; batch: { steps: { condition?: Cond | null; stmt: Stmt }[] } }
  | { type: "sequence" | "describe"; sql?: string | null; sql_id?: number | null }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number };
interface ProtoError {
  message: string;
  code?: string;
}

/** An error the client gets back as `{ message, code }`. */
class HranaError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

interface Stream {
  db: Database.Database;
  sqls: Map<number, string>;
  timer?: NodeJS.Timeout;
}

export async function startLibsqlServer(options: LibsqlServerOptions): Promise<LibsqlServer> {
  const { file, authToken, streamTimeoutMs = 10_000, busyTimeoutMs = 5_000 } = options;
  // Held open for the server's life, as sqld does: WAL mode, and the WAL is not torn down
  // each time the last stream closes.
  const keeper = new Database(file);
  keeper.exec("PRAGMA journal_mode = WAL");
  const streams = new Map<string, Stream>();
  const requests: LoggedRequest[] = [];

  function closeStream(stream: Stream) {
    clearTimeout(stream.timer);
    // Closing a connection rolls back its open transaction.
    if (stream.db.open) stream.db.close();
  }

  /** Runs `fn`, retrying while another connection holds the write lock (never on a stale snapshot). */
  async function whenUnlocked<T>(fn: () => T): Promise<T> {
    const deadline = Date.now() + busyTimeoutMs;
    for (;;) {
      try {
        return fn();
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  }

  function sqlOf(stream: Stream, sql: string | null | undefined, sqlId: number | null | undefined): string {
    if (typeof sql === "string") return sql;
    const stored = sqlId == null ? undefined : stream.sqls.get(sqlId);
    if (stored === undefined) throw new HranaError(`SQL text ${sqlId} is not stored on this stream`, "SQL_NOT_FOUND");
    return stored;
  }

  async function execute(stream: Stream, stmt: Stmt) {
    const sql = sqlOf(stream, stmt.sql, stmt.sql_id);
    const named = stmt.named_args ?? [];
    if (named.length > 0 && (stmt.args ?? []).length > 0) {
      throw new HranaError("Positional and named arguments together are not supported here", "ARGS_INVALID");
    }
    // libsql binds names without their prefix (:name, @name, $name).
    const params =
      named.length > 0
        ? Object.fromEntries(named.map(({ name, value }) => [name.replace(/^[:@$]/, ""), fromProto(value)]))
        : (stmt.args ?? []).map(fromProto);
    const prepared = await whenUnlocked(() => stream.db.prepare(sql));
    const columns = prepared.columns();
    const rows = await whenUnlocked(() => {
      if (columns.length === 0) {
        prepared.run(params);
        return [] as unknown[][];
      }
      return prepared.raw(true).safeIntegers(true).all(params) as unknown[][];
    });
    // As sqld: the change count only for INSERT/UPDATE/DELETE, the rowid only for INSERT.
    const kind = statementKind(sql);
    let affected = 0;
    let lastRowid: string | null = null;
    if (kind !== "other") {
      const [changes, rowid] = stream.db.prepare("SELECT changes(), last_insert_rowid()").raw(true).safeIntegers(true).get() as [
        bigint,
        bigint,
      ];
      affected = Number(changes);
      if (kind === "insert") lastRowid = String(rowid);
    }
    return {
      cols: columns.map((column) => ({ name: column.name, decltype: column.type })),
      rows: stmt.want_rows === false ? [] : rows.map((row) => row.map(toProto)),
      affected_row_count: affected,
      last_insert_rowid: lastRowid,
      rows_read: rows.length,
      rows_written: affected,
    };
  }

  function holds(cond: Cond, done: boolean[], db: Database.Database): boolean {
    switch (cond.type) {
      case "ok":
      case "error": {
        if (cond.step < 0 || cond.step >= done.length)
          throw new HranaError(`Batch condition refers to step ${cond.step}, not run before`, "BATCH_COND_INVALID");
        // As sqld: "error" holds for a step that failed or did not run.
        return cond.type === "ok" ? done[cond.step] : !done[cond.step];
      }
      case "not":
        return !holds(cond.cond, done, db);
      case "and":
        return cond.conds.every((c) => holds(c, done, db));
      case "or":
        return cond.conds.some((c) => holds(c, done, db));
      case "is_autocommit":
        return !db.inTransaction;
    }
  }

  async function batch(stream: Stream, steps: { condition?: Cond | null; stmt: Stmt }[]) {
    const done: boolean[] = [];
    const step_results: unknown[] = [];
    const step_errors: (ProtoError | null)[] = [];
    for (const step of steps) {
      let result = null;
      let error = null;
      try {
        if (!step.condition || holds(step.condition, done, stream.db)) result = await execute(stream, step.stmt);
      } catch (e) {
        error = protoError(e);
      }
      done.push(result !== null);
      step_results.push(result);
      step_errors.push(error);
    }
    return { step_results, step_errors };
  }

  async function handle(stream: Stream, request: StreamRequest, version: number) {
    switch (request.type) {
      case "close":
        closeStream(stream);
        return { type: "close" };
      case "execute":
        return { type: "execute", result: await execute(stream, request.stmt) };
      case "batch":
        if (version < 3 && JSON.stringify(request.batch.steps).includes('"is_autocommit"')) {
          throw new HranaError("The is_autocommit condition needs Hrana 3", "PROTOCOL_VERSION");
        }
        return { type: "batch", result: await batch(stream, request.batch.steps) };
      case "sequence": {
        // Several statements in one text: not retried when locked (a part may have run).
        stream.db.exec(sqlOf(stream, request.sql, request.sql_id));
        return { type: "sequence" };
      }
      case "describe": {
        const sql = sqlOf(stream, request.sql, request.sql_id);
        const columns = stream.db.prepare(sql).columns();
        return {
          type: "describe",
          result: {
            params: [],
            cols: columns.map((column) => ({ name: column.name, decltype: column.type })),
            is_explain: /^\s*EXPLAIN\b/i.test(sql),
            is_readonly: statementKind(sql) === "other" && !/^\s*(CREATE|DROP|ALTER|PRAGMA|VACUUM|REINDEX|ANALYZE)\b/i.test(sql),
          },
        };
      }
      case "store_sql":
        if (stream.sqls.has(request.sql_id)) throw new HranaError(`SQL text ${request.sql_id} is already stored`, "SQL_EXISTS");
        stream.sqls.set(request.sql_id, request.sql);
        return { type: "store_sql" };
      case "close_sql":
        stream.sqls.delete(request.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        if (version < 3) throw new HranaError("get_autocommit needs Hrana 3", "PROTOCOL_VERSION");
        return { type: "get_autocommit", is_autocommit: !stream.db.inTransaction };
      default:
        throw new HranaError(`Unknown request type ${JSON.stringify((request as { type: unknown }).type)}`, "PROTOCOL_ERROR");
    }
  }

  async function pipeline(body: { baton?: string | null; requests?: StreamRequest[] }, version: number) {
    let stream: Stream | undefined;
    if (body.baton != null) {
      stream = streams.get(body.baton);
      if (!stream)
        return { status: 400, json: { message: "The stream has expired or its baton is invalid", code: "STREAM_EXPIRED" } };
      // A baton is good for one call: the response carries the next one.
      streams.delete(body.baton);
      clearTimeout(stream.timer);
    } else {
      stream = { db: new Database(file), sqls: new Map() };
    }
    const results = [];
    for (const request of body.requests ?? []) {
      if (!stream.db.open) {
        results.push({ type: "error", error: { message: "The stream is closed", code: "STREAM_CLOSED" } });
        continue;
      }
      try {
        results.push({ type: "ok", response: await handle(stream, request, version) });
      } catch (error) {
        results.push({ type: "error", error: protoError(error) });
      }
    }
    let baton: string | null = null;
    if (stream.db.open) {
      const next = randomBytes(18).toString("base64url");
      baton = next;
      streams.set(next, stream);
      stream.timer = setTimeout(() => {
        streams.delete(next);
        closeStream(stream);
      }, streamTimeoutMs);
      stream.timer.unref();
    }
    return { status: 200, json: { baton, base_url: null, results } };
  }

  async function route(req: IncomingMessage, res: ServerResponse, log: LoggedRequest) {
    const send = (status: number, body: unknown) => {
      log.status = status;
      const json = typeof body !== "string";
      res.writeHead(status, { "Content-Type": json ? "application/json" : "text/plain" });
      res.end(json ? JSON.stringify(body) : body);
    };
    const pipelinePath = /^\/v([23])\/pipeline$/.exec(log.path);
    if (req.method === "GET" && ["/", "/health", "/v2", "/v3"].includes(log.path)) return send(200, "ok");
    if (req.method !== "POST" || !pipelinePath) return send(404, "Not found");
    if (authToken !== undefined && req.headers.authorization !== `Bearer ${authToken}`) return send(401, "Unauthorized");
    let body: { baton?: string | null; requests?: StreamRequest[] };
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return send(400, { message: "The body is not JSON", code: "PROTOCOL_ERROR" });
    }
    log.types = (body.requests ?? []).map((r) => r.type);
    const { status, json } = await pipeline(body, Number(pipelinePath[1]));
    send(status, json);
  }

  const server = createServer((req, res) => {
    const log: LoggedRequest = {
      method: req.method ?? "",
      path: new URL(req.url ?? "/", "http://x").pathname,
      status: 0,
      types: [],
    };
    requests.push(log);
    route(req, res, log).catch((error) => {
      log.status = 500;
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
    });
  } catch (error) {
    keeper.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          for (const stream of streams.values()) closeStream(stream);
          streams.clear();
          keeper.close();
          resolve();
        });
      }),
  };
}

/** INSERT/REPLACE, UPDATE or DELETE (sqld reports changes only for these), by the first keyword. */
function statementKind(sql: string): "insert" | "iud" | "other" {
  const keyword = /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(\w+)/.exec(sql)?.[1]?.toUpperCase();
  if (keyword === "INSERT" || keyword === "REPLACE") return "insert";
  return keyword === "UPDATE" || keyword === "DELETE" ? "iud" : "other";
}

function fromProto(value: Value): unknown {
  switch (value.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(value.value);
    case "float":
      return Number(value.value);
    case "text":
      return value.value;
    case "blob":
      return Buffer.from(value.base64, "base64");
    default:
      throw new HranaError(`Unknown value type ${JSON.stringify((value as { type: unknown }).type)}`, "PROTOCOL_ERROR");
  }
}

function toProto(value: unknown): Value {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: String(value) };
  // With safe integers on, SQLite integers arrive as bigints: a number is a REAL.
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array) return { type: "blob", base64: Buffer.from(value).toString("base64") };
  if (value instanceof ArrayBuffer) return { type: "blob", base64: Buffer.from(new Uint8Array(value)).toString("base64") };
  throw new Error(`Cannot encode ${typeof value}`);
}

function protoError(error: unknown): ProtoError {
  if (error instanceof HranaError) return { message: error.message, code: error.code };
  const { message, code } = error as { message?: string; code?: string };
  return { message: message ?? String(error), ...(typeof code === "string" ? { code } : {}) };
}
