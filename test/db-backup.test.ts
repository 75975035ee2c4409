// npm run db:backup / db:restore (scripts/db-backup.mjs) on a real libSQL file: a backup
// taken during writes is consistent, a restore brings back every row, and every refusal
// changes nothing.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { spawnSync } from "node:child_process";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { seedAccount } from "#db/factories";
import { filesNote, backupDatabase, databaseFile, databaseInUse, pruneBackups, restoreDatabase } from "../scripts/db-backup.mjs";
import type { CustomerInput } from "~/lib/customer-schema";
import { createCustomer } from "~/models/customer.server";
import { getDb, resetConnection } from "~/infrastructure/db.server";
import { signedInAccount } from "./accounts";
import { tableChecksums } from "./db-checksum";

const databaseUrl = () => process.env.DATABASE_URL!;
const customer = (name: string): CustomerInput => ({
  name,
  email: null,
  phone: null,
  address: null,
  city: null,
  state: null,
  zipCode: null,
  notes: null,
});
/**
 * Closes the app's connection for real. libSQL finalises prepared statements only when
 * they are garbage collected, and until then the closed connection keeps its file lock,
 * which a restore rightly takes for a running server.
 */
async function releaseDatabase() {
  await resetConnection();
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
  gc();
}

const scratch = () => mkdtempSync(path.join(os.tmpdir(), "tradedesk-backup-"));

async function rows(file: string, sql: string) {
  const client = createClient({ url: `file:${file}` });
  try {
    return (await client.execute(sql)).rows;
  } finally {
    client.close();
  }
}

describe("db:backup and db:restore", () => {
  it("takes a consistent copy while writes go on, then restores every row", async () => {
    const { user } = await signedInAccount("Backup Electric");
    await seedAccount(await getDb(), user.id, {
      customers: 40,
      jobs: 60,
      estimates: 50,
      invoices: 20,
      appointments: 30,
      notifications: 10,
    });
    const before = await tableChecksums();

    // Writes keep landing while the backup runs: a real server does not pause for it.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await createCustomer(user.id, customer(`Walk-in ${written}`));
        written += 1;
      }
    })();
    const dir = scratch();
    const target = path.join(dir, "copy.db");
    const backup = await backupDatabase({ databaseUrl: databaseUrl(), target });
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);

    expect(backup.file).toBe(target);
    expect(backup.tables.estimates).toBe(50);
    expect(backup.tables.customers).toBeGreaterThanOrEqual(40);
    // One snapshot: every estimate in the copy has all its line items, and its total is their sum.
    const mismatched = await rows(
      target,
      `SELECT e.id FROM estimates e LEFT JOIN estimate_items i ON i.estimate_id = e.id
       GROUP BY e.id HAVING e.subtotal <> coalesce(sum(i.total), 0) OR count(i.id) = 0`,
    );
    expect(mismatched).toEqual([]);

    // A restore refuses while the database is open (the app's connection is), and changes nothing.
    expect(databaseInUse(databaseFile(databaseUrl()))).toBe(true);
    await expect(restoreDatabase(target, { databaseUrl: databaseUrl() })).rejects.toThrow(/running TradeDesk server/);

    // Quiet now: a second backup, more writes after it, then restore it.
    const quiet = await tableChecksums();
    const second = await backupDatabase({ databaseUrl: databaseUrl(), target: path.join(dir, "quiet.db") });
    await createCustomer(user.id, customer("After the backup"));
    await releaseDatabase();

    // As a contractor runs it: npm run db:restore FILE, with the server stopped.
    const cli = spawnSync(process.execPath, ["scripts/db-backup.mjs", "restore", second.file], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: databaseUrl() },
    });
    expect(cli.stderr).toBe("");
    expect(cli.status).toBe(0);
    expect(cli.stdout).toMatch(/integrity ok/);
    const previous = /kept in (.+\.db)/.exec(cli.stdout)?.[1];
    expect(previous && existsSync(previous)).toBe(true);
    // The copy of the replaced database still has the row written after the backup.
    expect(await rows(previous!, "SELECT name FROM customers WHERE name = 'After the backup'")).toHaveLength(1);

    // Every row of every table is back, byte for byte, and the app reads it.
    expect(await tableChecksums()).toEqual(quiet);
    expect(Object.keys(before).sort()).toEqual(Object.keys(quiet).sort());
    expect(await rows(databaseFile(databaseUrl()), "SELECT name FROM customers WHERE name = 'After the backup'")).toEqual([]);
  });

  it("refuses a missing, damaged or foreign file and leaves the database alone", async () => {
    const { user } = await signedInAccount("Careful Plumbing");
    await createCustomer(user.id, customer("Keep me"));
    const before = await tableChecksums();
    await releaseDatabase();
    const dir = scratch();

    await expect(restoreDatabase(path.join(dir, "nope.db"), { databaseUrl: databaseUrl() })).rejects.toThrow(/no backup/);

    const damaged = path.join(dir, "damaged.db");
    writeFileSync(damaged, Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.alloc(4096, 7)]));
    await expect(restoreDatabase(damaged, { databaseUrl: databaseUrl() })).rejects.toThrow(
      /not a database TradeDesk can read|integrity/,
    );

    const foreign = path.join(dir, "foreign.db");
    const other = createClient({ url: `file:${foreign}` });
    await other.execute("CREATE TABLE notes (body TEXT)");
    other.close();
    await expect(restoreDatabase(foreign, { databaseUrl: databaseUrl() })).rejects.toThrow(/not a TradeDesk database/);

    expect(await tableChecksums()).toEqual(before);
  });

  it("names its own dated file, keeps the newest copies, and will not overwrite one", async () => {
    await signedInAccount("Dated Heating");
    const folder = path.join(path.dirname(databaseFile(databaseUrl())), "backups", "database");
    // The folder sits beside the test databases and outlives this run: start it empty.
    rmSync(folder, { recursive: true, force: true });
    const first = await backupDatabase({ databaseUrl: databaseUrl(), now: new Date("2026-11-21T14:05:09Z") });
    expect(path.basename(first.file)).toBe("tradedesk-20261121-140509.db");
    expect(path.dirname(first.file)).toBe(folder);
    await expect(backupDatabase({ databaseUrl: databaseUrl(), target: first.file })).rejects.toThrow(/already exists/);

    for (const day of ["20261101", "20261102", "20261103"])
      writeFileSync(path.join(folder, `tradedesk-${day}-000000.db`), readFileSync(first.file));
    expect(pruneBackups(folder, 2).map((f) => path.basename(f))).toEqual([
      "tradedesk-20261102-000000.db",
      "tradedesk-20261101-000000.db",
    ]);
    expect(existsSync(first.file)).toBe(true);
    rmSync(folder, { recursive: true, force: true });
  });

  it("explains that a Turso database is backed up with Turso's tools", async () => {
    await expect(backupDatabase({ databaseUrl: "libsql://tradedesk-acme.turso.io" })).rejects.toThrow(
      /a libSQL server, not a local file: backing it up is the server's job/,
    );
  });
});

describe("npm run db:backup and the files", () => {
  it("says where the photos and files are, which the copy does not hold: the folder, or the bucket", () => {
    expect(filesNote({ FILES_DIR: "/data/files" })).toMatch(
      /not in this copy: they are in \/data\/files \(on Fly\.io, the volume's daily snapshots/,
    );
    expect(filesNote({})).toContain(path.resolve("data/files"));
    expect(filesNote({ S3_ENDPOINT: "https://fly.storage.tigris.dev", S3_BUCKET: "tradedesk-files" })).toMatch(
      /in the bucket tradedesk-files at https:\/\/fly\.storage\.tigris\.dev, kept by its provider/,
    );
  });
});
