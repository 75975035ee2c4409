// A fingerprint of every table, row by row: equal before and after a request means the
// request wrote nothing at all (byte for byte, blobs included).
import { createHash } from "node:crypto";
import { getConnection } from "~/infrastructure/db.server";

function encode(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return `blob:${Buffer.from(value).toString("hex")}`;
  if (ArrayBuffer.isView(value)) return `blob:${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
  if (typeof value === "bigint") return `bigint:${value}`;
  return value;
}

type Client = Awaited<ReturnType<typeof getConnection>>["client"];

/**
 * The tables that hold data: not SQLite's own, not the test counter, not the full-text
 * indexes (virtual tables whose shadow tables FTS5 alone writes: they mirror the searched
 * tables, which are checked themselves), and not the rate-limit counts, which a limited
 * request writes by design before anything is checked, refused or not (decision 033).
 */
async function dataTables(client: Client): Promise<{ name: string; withoutRowid: boolean }[]> {
  const tables = await client.execute(
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('${COUNTER}', 'rate_limits') ORDER BY name`,
  );
  const virtual = tables.rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(String(row.sql))).map((row) => String(row.name));
  const shadow = (name: string) =>
    virtual.some((table) => name.startsWith(`${table}_`) && /_(data|idx|content|docsize|config)$/.test(name));
  return tables.rows
    .map((row) => ({ name: String(row.name), sql: String(row.sql) }))
    .filter(({ name }) => !virtual.includes(name) && !shadow(name))
    .map(({ name, sql }) => ({ name, withoutRowid: /WITHOUT ROWID\s*$/i.test(sql) }));
}

/** Each table's name with a SHA-256 of its rows in rowid order (in key order without rowids). */
export async function tableChecksums(): Promise<Record<string, string>> {
  const { client } = await getConnection();
  const sums: Record<string, string> = {};
  for (const { name, withoutRowid } of await dataTables(client)) {
    const result = await client.execute(
      `SELECT * FROM "${name.replaceAll('"', '""')}" ${withoutRowid ? "ORDER BY 1" : "ORDER BY rowid"}`,
    );
    const hash = createHash("sha256");
    hash.update(JSON.stringify(result.columns));
    for (const r of result.rows) hash.update(JSON.stringify(result.columns.map((column) => encode(r[column]))) + "\n");
    sums[name] = `${result.rows.length}:${hash.digest("hex").slice(0, 16)}`;
  }
  return sums;
}

/** The tables whose checksum differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

const COUNTER = "zz_test_write_counter";

/**
 * Triggers on every table that count each row inserted, updated or deleted: one query
 * tells whether a request wrote anything, so the full checksums can run per batch of
 * requests instead of per request. Test databases only.
 */
export async function installWriteCounter() {
  const { client } = await getConnection();
  await client.execute(`CREATE TABLE IF NOT EXISTS ${COUNTER} (n INTEGER NOT NULL)`);
  await client.execute(`INSERT INTO ${COUNTER} SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM ${COUNTER})`);
  for (const { name } of await dataTables(client)) {
    for (const event of ["INSERT", "UPDATE", "DELETE"]) {
      const trigger = `zz_count_${event.toLowerCase()}_${name.replace(/\W/g, "_")}`;
      await client.execute(
        `CREATE TRIGGER IF NOT EXISTS "${trigger}" AFTER ${event} ON "${name.replaceAll('"', '""')}" BEGIN UPDATE ${COUNTER} SET n = n + 1; END`,
      );
    }
  }
}

/** How many rows have been written since installWriteCounter(). */
export async function writeCount(): Promise<number> {
  const { client } = await getConnection();
  const result = await client.execute(`SELECT n FROM ${COUNTER}`);
  return Number(result.rows[0]?.n ?? 0);
}
