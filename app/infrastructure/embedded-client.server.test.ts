import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, LibsqlBatchError, LibsqlError, type Client, type InStatement } from "@libsql/client";
import Database from "libsql";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EmbeddedClient, embeddedPath, KEPT_STATEMENTS_MAX } from "./embedded-client.server";

// The embedded client answers what @libsql/client answers with one connection: each case runs
// the same statements through both, on two files made alike, and compares what comes back
// (rows with their enumerable names and hidden indexes, integers, blobs, errors and their
// codes). Then what only the embedded client does: statements prepared once and kept.

let folder: string;
const clients: Client[] = [];

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "tradedesk-embedded-"));
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  rmSync(folder, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const SCHEMA = [
  "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, balance INTEGER, photo BLOB, active INTEGER)",
  "CREATE TABLE jobs (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), name TEXT)",
];

async function pair(): Promise<{ embedded: Client; library: Client }> {
  const embedded = new EmbeddedClient(path.join(folder, "embedded.db"), 20);
  const library = createClient({ url: `file:${path.join(folder, "library.db")}`, concurrency: 1 });
  clients.push(embedded, library);
  for (const client of [embedded, library]) {
    await client.execute("PRAGMA foreign_keys = ON");
    for (const sql of SCHEMA) await client.execute(sql);
  }
  return { embedded, library };
}

/** What a caller can see of a result: rows with their enumerable keys, indexes and length. */
function seen(result: Awaited<ReturnType<Client["execute"]>>) {
  return {
    columns: result.columns,
    columnTypes: result.columnTypes,
    rowsAffected: result.rowsAffected,
    lastInsertRowid: result.lastInsertRowid,
    rows: result.rows.map((row) => ({
      keys: Object.keys(row),
      named: { ...row },
      indexed: Array.prototype.slice.call(row),
      length: row.length,
      json: JSON.stringify(row),
    })),
    json: JSON.stringify(result),
  };
}

interface Outcome<T> {
  value?: T;
  error?: unknown;
}

async function both<T>(clients: { embedded: Client; library: Client }, run: (client: Client) => Promise<T>) {
  const settle = (promise: Promise<T>): Promise<Outcome<T>> =>
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
  return { embedded: await settle(run(clients.embedded)), library: await settle(run(clients.library)) };
}

function errorShape(outcome: { error?: unknown }) {
  const error = outcome.error as LibsqlError & { statementIndex?: number };
  expect(error).toBeInstanceOf(Error);
  return {
    type: error.constructor.name,
    message: error.message,
    code: error.code,
    extendedCode: error.extendedCode,
    rawCode: error.rawCode,
    statementIndex: error.statementIndex,
  };
}

describe("the embedded client answers as @libsql/client does", () => {
  it("rows: values by name and by index, alike names, index-like names, integers, blobs, nulls", async () => {
    const clients = await pair();
    const statements: InStatement[] = [
      {
        sql: "INSERT INTO customers (name, balance, photo, active) VALUES (?, ?, ?, ?)",
        args: ["Ana", 12_345, new Uint8Array([1, 2, 3]).buffer, true],
      },
      {
        sql: "INSERT INTO customers (name, balance, photo, active) VALUES (:name, $balance, @photo, :active)",
        args: { name: "Bo", balance: 9007199254740991n, photo: null, active: false },
      },
      { sql: "INSERT INTO jobs (customer_id, name) VALUES (1, 'Panel'), (1, 'Outlets')", args: [] },
      "SELECT * FROM customers ORDER BY id",
      "SELECT c.id, c.name, j.id, j.name FROM customers c JOIN jobs j ON j.customer_id = c.id ORDER BY j.id",
      "SELECT 7 AS length, name FROM customers",
      "SELECT name AS constructor, id AS toString, balance AS hasOwnProperty FROM customers",
      `SELECT 1 AS "0", 2 AS "__proto__", 7 AS length, 3 AS plain, x'00ff' AS bytes, NULL AS empty, 1.5 AS half`,
      { sql: "SELECT ? AS day, ? AS flag", args: [new Date(Date.UTC(2026, 10, 29)), true] },
      { sql: "UPDATE customers SET balance = balance + 1 WHERE id = ?", args: [1] },
      { sql: "DELETE FROM jobs WHERE name = ? RETURNING id, name", args: ["Outlets"] },
      "SELECT count(*) AS n FROM jobs",
    ];
    for (const statement of statements) {
      const outcome = await both(clients, (client) => client.execute(statement));
      const label = typeof statement === "string" ? statement : statement.sql;
      expect(outcome.embedded.error, label).toBeUndefined();
      expect(seen(outcome.embedded.value!), label).toEqual(seen(outcome.library.value!));
    }
    // A blob comes back as an ArrayBuffer of its own bytes.
    const blob = (await clients.embedded.execute("SELECT photo FROM customers WHERE id = 1")).rows[0].photo;
    expect(blob).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(blob as ArrayBuffer)]).toEqual([1, 2, 3]);
  });

  it("errors: bad arguments, constraints, SQL that does not parse, integers past 2^53", async () => {
    const clients = await pair();
    await both(clients, (client) => client.execute("INSERT INTO customers (name, balance) VALUES ('Ana', 9007199254740993)"));
    const cases: Array<(client: Client) => Promise<unknown>> = [
      (client) => client.execute("INSERT INTO customers (name) VALUES ('Ana')"),
      (client) => client.execute("INSERT INTO jobs (customer_id, name) VALUES (999, 'x')"),
      (client) => client.execute("SELEC nothing"),
      (client) => client.execute("SELECT * FROM nowhere"),
      (client) => client.execute({ sql: "SELECT ?", args: [undefined as unknown as null] }),
      (client) => client.execute({ sql: "SELECT ?", args: [Number.NaN] }),
      (client) => client.execute({ sql: "SELECT ?", args: [2n ** 64n] }),
      (client) => client.execute("SELECT balance FROM customers WHERE name = 'Ana'"),
    ];
    for (const run of cases) {
      const outcome = await both(clients, run);
      expect(errorShape(outcome.embedded), run.toString()).toEqual(errorShape(outcome.library));
    }
    const constraint = (await both(clients, cases[0])).embedded.error as LibsqlError;
    expect(constraint).toBeInstanceOf(LibsqlError);
    expect(constraint.code).toBe("SQLITE_CONSTRAINT");
    expect(constraint.extendedCode).toBe("SQLITE_CONSTRAINT_UNIQUE");
  });

  it("a batch is one transaction: all of it, or nothing and the failed statement's index", async () => {
    const clients = await pair();
    const good = await both(clients, (client) =>
      client.batch([
        "INSERT INTO customers (name) VALUES ('Ana')",
        ["INSERT INTO jobs (customer_id, name) VALUES (?, ?)", [1, "Panel"]],
        "SELECT count(*) AS n FROM jobs",
      ]),
    );
    expect(good.embedded.value!.map(seen)).toEqual(good.library.value!.map(seen));

    const bad = await both(clients, (client) =>
      client.batch(["INSERT INTO customers (name) VALUES ('Bo')", "INSERT INTO customers (name) VALUES ('Ana')"], "write"),
    );
    expect(bad.embedded.error).toBeInstanceOf(LibsqlBatchError);
    expect(errorShape(bad.embedded)).toEqual(errorShape(bad.library));
    expect(errorShape(bad.embedded).statementIndex).toBe(1);
    for (const client of [clients.embedded, clients.library]) {
      expect((await client.execute("SELECT name FROM customers ORDER BY id")).rows.map((row) => row.name)).toEqual(["Ana"]);
    }
  });

  it("a transaction holds the one connection until it settles; rollback undoes it", async () => {
    const clients = await pair();
    for (const client of [clients.embedded, clients.library]) {
      const transaction = await client.transaction("write");
      await transaction.execute("INSERT INTO customers (name) VALUES ('Ana')");
      const busy = await client.execute("SELECT 1").catch((error: LibsqlError) => error);
      expect((busy as LibsqlError).code).toBe("TRANSACTION_ACTIVE");
      await transaction.rollback();
      expect(transaction.closed).toBe(true);
      expect((await client.execute("SELECT count(*) AS n FROM customers")).rows[0].n).toBe(0);

      const kept = await client.transaction("write");
      await kept.batch(["INSERT INTO customers (name) VALUES ('Bo')"]);
      await kept.commit();
      await expect(kept.execute("SELECT 1")).rejects.toMatchObject({ code: "TRANSACTION_CLOSED" });
      expect((await client.execute("SELECT name FROM customers")).rows.map((row) => row.name)).toEqual(["Bo"]);
    }
  });

  it("a statement that leaves a transaction open is rolled back, not inherited by the next caller", async () => {
    const clients = await pair();
    for (const client of [clients.embedded, clients.library]) {
      await client.execute("BEGIN");
      expect(await client.execute("INSERT INTO customers (name) VALUES ('Ana')").then(() => "own transaction")).toBe(
        "own transaction",
      );
      await client.executeMultiple("BEGIN; INSERT INTO customers (name) VALUES ('Bo');");
      const names = await client.execute("SELECT name FROM customers");
      expect(names.rows.map((row) => row.name)).toEqual(["Ana"]);
    }
  });

  it("migrate runs its statements with foreign keys off, in one transaction", async () => {
    const clients = await pair();
    const outcome = await both(clients, (client) =>
      client.migrate([
        { sql: "INSERT INTO jobs (customer_id, name) VALUES (42, 'orphan allowed while migrating')", args: [] },
        { sql: "ALTER TABLE jobs ADD COLUMN notes TEXT", args: [] },
      ]),
    );
    expect(outcome.embedded.value!.map(seen)).toEqual(outcome.library.value!.map(seen));
    for (const client of [clients.embedded, clients.library]) {
      await expect(client.execute("INSERT INTO jobs (customer_id, name) VALUES (43, 'x')")).rejects.toMatchObject({
        code: "SQLITE_CONSTRAINT",
      });
    }
  });

  it("closed: every call answers CLIENT_CLOSED; reconnect opens it again", async () => {
    const clients = await pair();
    for (const client of [clients.embedded, clients.library]) {
      client.close();
      expect(client.closed).toBe(true);
      await expect(client.execute("SELECT 1")).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
      await expect(client.batch(["SELECT 1"])).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
      client.reconnect();
      expect((await client.execute("SELECT 1 AS one")).rows[0].one).toBe(1);
    }
  });
});

describe("what only the embedded client does", () => {
  it("prepares each statement once and runs it again with new values", async () => {
    const { embedded } = await pair();
    const prepare = vi.spyOn(Database.prototype, "prepare");
    for (const name of ["Ana", "Bo", "Cy"])
      await embedded.execute({ sql: "INSERT INTO customers (name) VALUES (?)", args: [name] });
    for (let i = 1; i <= 3; i++) {
      const found = await embedded.execute({ sql: "SELECT id, name FROM customers WHERE id = ?", args: [i] });
      expect(found.rows[0].name).toBe(["Ana", "Bo", "Cy"][i - 1]);
    }
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual([
      "INSERT INTO customers (name) VALUES (?)",
      "SELECT id, name FROM customers WHERE id = ?",
    ]);
  });

  it("keeps at most KEPT_STATEMENTS_MAX statements, the oldest dropped first", async () => {
    const { embedded } = await pair();
    const prepare = vi.spyOn(Database.prototype, "prepare");
    for (let i = 0; i <= KEPT_STATEMENTS_MAX; i++) await embedded.execute(`SELECT ${i} AS n`);
    expect(prepare).toHaveBeenCalledTimes(KEPT_STATEMENTS_MAX + 1);
    await embedded.execute(`SELECT ${KEPT_STATEMENTS_MAX} AS n`);
    expect(prepare).toHaveBeenCalledTimes(KEPT_STATEMENTS_MAX + 1);
    expect((await embedded.execute("SELECT 0 AS n")).rows[0].n).toBe(0);
    expect(prepare).toHaveBeenCalledTimes(KEPT_STATEMENTS_MAX + 2);
  });

  it("a schema change, its own or another connection's, shows in a kept statement's columns", async () => {
    const { embedded } = await pair();
    await embedded.execute("INSERT INTO customers (name) VALUES ('Ana')");
    expect((await embedded.execute("SELECT * FROM customers")).columns).not.toContain("phone");
    await embedded.execute("ALTER TABLE customers ADD COLUMN phone TEXT");
    const own = await embedded.execute("SELECT * FROM customers");
    expect(own.columns).toContain("phone");
    expect(own.rows[0].phone).toBeNull();

    const other = new EmbeddedClient(path.join(folder, "embedded.db"), 20);
    clients.push(other);
    await other.execute("ALTER TABLE customers ADD COLUMN email TEXT");
    await other.execute("UPDATE customers SET email = 'ana@example.com'");
    const after = await embedded.execute("SELECT * FROM customers");
    expect(after.columns.at(-1)).toBe("email");
    expect(after.rows[0].email).toBe("ana@example.com");
  });
});

describe("embeddedPath", () => {
  it("takes a plain file URL and leaves the rest to @libsql/client", () => {
    expect(embeddedPath("file:./data/tradedesk.db")).toBe("./data/tradedesk.db");
    expect(embeddedPath("file:/srv/data/tradedesk.db")).toBe("/srv/data/tradedesk.db");
    expect(embeddedPath("file:///srv/data/my%20db.db")).toBe("/srv/data/my db.db");
    expect(embeddedPath("file://localhost/srv/a.db")).toBe("/srv/a.db");
    expect(embeddedPath("file::memory:")).toBe(":memory:");
    expect(embeddedPath("file:a.db?mode=ro")).toBeUndefined();
    expect(embeddedPath("file://host/a.db")).toBeUndefined();
    expect(embeddedPath("file:")).toBeUndefined();
    expect(embeddedPath("libsql://db.example.com")).toBeUndefined();
    expect(embeddedPath("http://127.0.0.1:8080")).toBeUndefined();
  });
});
