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
