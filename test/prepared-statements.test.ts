// The prepared statements that scripts/patch-packages.mjs keeps in @libsql/client
// (docs/decisions/021): the installed files carry the change, a statement run again answers
// with its new values, and a schema change is seen by the next `select *`.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { afterEach, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const lib = path.dirname(path.dirname(require.resolve("@libsql/client")));
const clients: Client[] = [];
const dirs: string[] = [];

function freshFile() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "td-stmt-"));
  dirs.push(dir);
  return path.join(dir, "t.db");
}

function freshClient(file = freshFile()) {
  const client = createClient({ url: `file:${file}` });
  clients.push(client);
  return client;
}

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("prepared statements kept (patched @libsql/client)", () => {
  it("is applied to the ES module and the CommonJS builds", () => {
    for (const build of ["lib-esm", "lib-cjs"]) {
      const installed = readFileSync(path.join(lib, build, "sqlite3.js"), "utf8");
      expect(installed).toContain("/* tradedesk: prepared statements kept */");
      expect(installed).toContain("/* tradedesk: statement columns kept, rows built plainly */");
    }
  });

  it("runs the same statement again with new values, for reads and writes", async () => {
    const client = freshClient();
    await client.execute("create table lines (id integer primary key, name text, cents integer)");
    const insert = "insert into lines (name, cents) values (?, ?)";
    const first = await client.execute({ sql: insert, args: ["Breaker", 4500] });
    const second = await client.execute({ sql: insert, args: ["Wire", 1250] });
    expect([first.rowsAffected, Number(first.lastInsertRowid)]).toEqual([1, 1]);
    expect([second.rowsAffected, Number(second.lastInsertRowid)]).toEqual([1, 2]);
    const read = "select name, cents from lines where cents > ? order by id";
    expect((await client.execute({ sql: read, args: [2000] })).rows.map((r) => r.name)).toEqual(["Breaker"]);
    expect((await client.execute({ sql: read, args: [1000] })).rows.map((r) => [r.name, r.cents])).toEqual([
      ["Breaker", 4500],
      ["Wire", 1250],
    ]);
    const named = await client.execute({ sql: "select count(*) as n from lines where name = :name", args: { name: "Wire" } });
    expect(named.columns).toEqual(["n"]);
    expect(named.rows[0].n).toBe(1);
  });

  it("sees a column added after a `select *` was prepared, and survives a statement that fails", async () => {
    const client = freshClient();
    await client.execute("create table jobs (id integer primary key, title text)");
    await client.execute({ sql: "insert into jobs (title) values (?)", args: ["Panel"] });
    expect((await client.execute("select * from jobs")).columns).toEqual(["id", "title"]);
    await client.execute("alter table jobs add column status text default 'open'");
    const after = await client.execute("select * from jobs");
    expect(after.columns).toEqual(["id", "title", "status"]);
    expect(after.rows[0].status).toBe("open");
    await expect(client.execute("select nope from jobs")).rejects.toThrow(/no such column/);
    expect((await client.execute("select title from jobs")).rows[0].title).toBe("Panel");
  });

  it("answers each result with its own columns, and sees a column another connection added", async () => {
    const file = freshFile();
    const client = freshClient(file);
    await client.execute("create table jobs (id integer primary key, title text)");
    await client.execute({ sql: "insert into jobs (title) values (?)", args: ["Panel"] });
    const first = await client.execute("select * from jobs");
    first.columns[1] = "changed by a caller";
    first.columnTypes[1] = "BLOB";
    const second = await client.execute("select * from jobs");
    expect(second.columns).toEqual(["id", "title"]);
    expect(second.columnTypes).toEqual(["INTEGER", "TEXT"]);
    expect(second.rows[0].title).toBe("Panel");

    // Another connection (another server on the same file) changes the schema: SQLite prepares
    // the kept statement again, and its columns are read again.
    const other = freshClient(file);
    await other.execute("alter table jobs add column status text default 'open'");
    const after = await client.execute("select * from jobs");
    expect(after.columns).toEqual(["id", "title", "status"]);
    expect(after.rows[0].status).toBe("open");
    expect(after.rows[0].title).toBe("Panel");
  });

  it("builds rows as the library does: named values, then hidden indexes and length", async () => {
    const client = freshClient();
    const { rows } = await client.execute("select 1 as a, 'x' as b, 2 as a, 3 as length");
    const row = rows[0];
    expect(Reflect.ownKeys(row)).toEqual(["0", "1", "2", "3", "length", "a", "b"]);
    expect(Object.keys(row)).toEqual(["a", "b"]);
    expect({ ...row }).toEqual({ a: 1, b: "x" });
    expect(Array.prototype.slice.call(row)).toEqual([1, "x", 2, 3]);
    expect(Object.getOwnPropertyDescriptor(row, "a")).toEqual({ value: 1, enumerable: true, configurable: true, writable: true });
    expect(Object.getOwnPropertyDescriptor(row, 2)).toEqual({
      value: 2,
      enumerable: false,
      configurable: false,
      writable: false,
    });
    expect(Object.getOwnPropertyDescriptor(row, "length")).toEqual({
      value: 4,
      enumerable: false,
      configurable: false,
      writable: false,
    });
    // Names that are not plain keys go the library's way: an own "__proto__", a name like an index.
    const odd = (await client.execute(`select 5 as "__proto__", 6 as "0"`)).rows[0];
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(odd, "__proto__")?.value).toBe(5);
    expect(Array.prototype.slice.call(odd)).toEqual([5, 6]);
    expect(Object.keys(odd)).toEqual(["__proto__"]);
  });

  it("keeps a batch's statements and its rollback whole", async () => {
    const client = freshClient();
    await client.execute("create table payments (id integer primary key, cents integer not null)");
    const add = { sql: "insert into payments (cents) values (?)", args: [100] };
    await client.batch([add, add], "write");
    await expect(
      client.batch([add, { sql: "insert into payments (cents) values (?)", args: [null] }], "write"),
    ).rejects.toThrow();
    expect((await client.execute("select count(*) as n, sum(cents) as total from payments")).rows[0]).toMatchObject({
      n: 2,
      total: 200,
    });
  });
});

describe("row values kept, row objects built when read (patched @libsql/client and drizzle-orm)", () => {
  const ROW_VALUES = Symbol.for("tradedesk.libsql.rowValues");
  const drizzleDir = path.dirname(require.resolve("drizzle-orm/libsql"));

  it("is applied to both builds of each package", () => {
    const files = [
      path.join(lib, "lib-esm", "sqlite3.js"),
      path.join(lib, "lib-cjs", "sqlite3.js"),
      path.join(drizzleDir, "session.js"),
      path.join(drizzleDir, "session.cjs"),
    ];
    for (const file of files)
      expect(readFileSync(file, "utf8"), file).toContain("/* tradedesk: row values kept, row objects built when read */");
  });

  it("keeps each row's converted values, and builds the same row objects on the first read of rows", async () => {
    const client = freshClient();
    const result = await client.execute("select 1 as a, 'x' as b, null as c, x'00ff' as d, 9007199254740991 as e");
    const values = (result as unknown as Record<symbol, unknown[][]>)[ROW_VALUES];
    expect(values).toHaveLength(1);
    expect(values[0].slice(0, 3)).toEqual([1, "x", null]);
    expect(values[0][3]).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(values[0][3] as ArrayBuffer)]).toEqual([0, 255]);
    expect(values[0][4]).toBe(9007199254740991);
    // Not built until read; then built once, a plain value from there on.
    expect(typeof Object.getOwnPropertyDescriptor(result, "rows")?.get).toBe("function");
    const row = result.rows[0];
    expect(result.rows[0]).toBe(row);
    expect(Object.getOwnPropertyDescriptor(result, "rows")).toMatchObject({ enumerable: true, writable: true });
    expect({ ...row }).toEqual({ a: 1, b: "x", c: null, d: values[0][3], e: 9007199254740991 });
    expect(Array.prototype.slice.call(row)).toEqual(values[0]);
    expect(Object.keys(result)).toContain("rows");
    expect(result.toJSON().rows).toEqual([[1, "x", null, "AP8=", 9007199254740991]]);
    // An integer past 2^53 still fails as the library fails it ("number" mode).
    await expect(client.execute("select 9007199254740993 as big")).rejects.toThrow(RangeError);
    // A caller may still replace the rows.
    result.rows = [];
    expect(result.rows).toEqual([]);
  });

  it("gives drizzle the same objects: joined tables with the same column names, blobs, booleans, nulls and dates", async () => {
    const { sqliteTable, text, integer, blob } = await import("drizzle-orm/sqlite-core");
    const { drizzle } = await import("drizzle-orm/libsql");
    const { eq } = await import("drizzle-orm");
    const customers = sqliteTable("customers", { id: text("id").primaryKey(), name: text("name").notNull() });
    const jobs = sqliteTable("jobs", {
      id: text("id").primaryKey(),
      customerId: text("customer_id"),
      name: text("name"),
      done: integer("done", { mode: "boolean" }).notNull(),
      at: integer("at", { mode: "timestamp_ms" }),
      photo: blob("photo", { mode: "buffer" }),
    });
    const client = freshClient();
    await client.batch(
      [
        "create table customers (id text primary key, name text not null)",
        "create table jobs (id text primary key, customer_id text, name text, done integer not null, at integer, photo blob)",
        "insert into customers values ('c1', 'Ana Ruiz')",
        "insert into jobs values ('j1', 'c1', 'Panel upgrade', 1, 1795759850563, x'cafe')",
        "insert into jobs values ('j2', null, null, 0, null, null)",
      ],
      "write",
    );
    const db = drizzle(client);
    const joined = await db
      .select({ job: jobs, customer: customers })
      .from(jobs)
      .leftJoin(customers, eq(customers.id, jobs.customerId))
      .orderBy(jobs.id);
    expect(joined).toEqual([
      {
        job: {
          id: "j1",
          customerId: "c1",
          name: "Panel upgrade",
          done: true,
          at: new Date(1795759850563),
          photo: Buffer.from([0xca, 0xfe]),
        },
        customer: { id: "c1", name: "Ana Ruiz" },
      },
      { job: { id: "j2", customerId: null, name: null, done: false, at: null, photo: null }, customer: null },
    ]);
    expect(
      await db
        .select({ id: jobs.id, name: customers.name })
        .from(jobs)
        .innerJoin(customers, eq(customers.id, jobs.customerId))
        .get(),
    ).toEqual({
      id: "j1",
      name: "Ana Ruiz",
    });
    // drizzle's .values() (unused by the app) now answers arrays, as its types say, where the
    // library as published answered the client's array-like row objects: the same by index.
    const values = await db.select({ id: jobs.id, done: jobs.done }).from(jobs).orderBy(jobs.id).values();
    expect(values.map((row) => Array.from(row))).toEqual([
      ["j1", 1],
      ["j2", 0],
    ]);
    expect(await db.select().from(jobs).where(eq(jobs.id, "none")).get()).toBeUndefined();
  });
});
