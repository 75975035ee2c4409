// `npm run db:backup [FILE]` and `npm run db:restore FILE`: a consistent copy of the
// whole database file, taken while the server runs, and putting one back.
//
// A backup is `VACUUM INTO`: SQLite writes a complete, compacted copy from one read
// transaction, so writes that land during the backup are either wholly in it or wholly
// not, and the server keeps answering meanwhile. The copy is checked with
// `PRAGMA integrity_check` and its rows counted before the command says it is done.
//
// A restore refuses while a server has the database open, checks the backup first, keeps
// a copy of the database it replaces, and swaps the file in with a rename, so a failure
// halfway leaves the old database in place.
//
// Plain JavaScript with no dependency but @libsql/client, so it also runs in the
// production image (`fly ssh console -C "npm run db:backup"`).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";

export const DEFAULT_DATABASE_URL = "file:./data/tradedesk.db";
/** Copies kept in the default backup folder; older ones are deleted after a new one is written. */
export const DATABASE_BACKUPS_KEPT = 14;

/**
 * The file a `file:` DATABASE_URL names (relative paths from the working directory).
 * @param {string} url
 */
export function databaseFile(url) {
  if (!url.startsWith("file:")) {
    throw new Error(
      `DATABASE_URL is ${url.split("?")[0]}, a libSQL server, not a local file: backing it up is the server's job. ` +
        "On Turso use its point-in-time restore or `turso db shell <name> .dump`; for a sqld of your own, copy its " +
        "--db-path folder while it is stopped, or use its bottomless replication. db:backup and db:restore work on " +
        "the embedded file only (a server refuses VACUUM INTO, and its files are on its own disk).",
    );
  }
  const file = url.slice("file:".length).split("?")[0];
  if (!file || file === ":memory:") throw new Error(`DATABASE_URL ${url} names no file.`);
  return path.resolve(file);
}

/** @param {string} file */
function sqlString(file) {
  return `'${file.replaceAll("'", "''")}'`;
}

/** `2026-11-21T14:05:09.123Z` → `20261121-140509` */
function stamp(now = new Date()) {
  return now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** The folder plain `npm run db:backup` writes to: `backups/database/` next to the database file. */
export function defaultBackupFolder(file) {
  return path.join(path.dirname(file), "backups", "database");
}

/**
 * Checks a database file and counts the rows of each table.
 * @param {string} file
 * @returns {Promise<{ integrity: string, tables: Record<string, number> }>}
 */
export async function inspectDatabase(file) {
  const client = createClient({ url: pathToFileURL(file).href });
  try {
    const integrity = (await client.execute("PRAGMA integrity_check")).rows.map((row) => String(row[0])).join("; ");
    const names = await client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    /** @type {Record<string, number>} */
    const tables = {};
    for (const row of names.rows) {
      const name = String(row.name);
      const count = await client.execute(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`);
      tables[name] = Number(count.rows[0].n);
    }
    return { integrity, tables };
  } finally {
    client.close();
  }
}

/** @param {string} file */
function isTradeDeskDatabase(tables) {
  return "users" in tables && "__drizzle_migrations" in tables;
}

/**
 * Writes a consistent copy of the database to `target` (default: a dated file in the
 * backup folder, keeping the newest DATABASE_BACKUPS_KEPT there), checks it, and
 * returns where it is with its row counts.
 * @param {{ databaseUrl?: string, target?: string, now?: Date }} [options]
 */
export async function backupDatabase(options = {}) {
  const source = databaseFile(options.databaseUrl ?? DEFAULT_DATABASE_URL);
  if (!existsSync(source)) throw new Error(`There is no database at ${source} to back up.`);
  const folder = defaultBackupFolder(source);
  const target = path.resolve(options.target ?? path.join(folder, `tradedesk-${stamp(options.now)}.db`));
  if (existsSync(target)) throw new Error(`${target} already exists; name a new file for the backup.`);
  mkdirSync(path.dirname(target), { recursive: true });

  const client = createClient({ url: pathToFileURL(source).href, timeout: 5000 });
  try {
    await client.execute(`VACUUM INTO ${sqlString(target)}`);
  } finally {
    client.close();
  }
  const { integrity, tables } = await inspectDatabase(target);
  if (integrity !== "ok") {
    rmSync(target, { force: true });
    throw new Error(`The copy failed its integrity check (${integrity}); nothing was kept.`);
  }
  const removed = options.target ? [] : pruneBackups(folder, DATABASE_BACKUPS_KEPT);
  return { file: target, bytes: statSync(target).size, tables, removed };
}

/** Deletes all but the newest `keep` dated copies in the folder; returns the deleted paths. */
export function pruneBackups(folder, keep) {
  const copies = readdirSync(folder)
    .filter((name) => /^tradedesk-\d{8}-\d{6}\.db$/.test(name))
    .sort()
    .reverse();
  const removed = copies.slice(keep).map((name) => path.join(folder, name));
  for (const file of removed) rmSync(file, { force: true });
  return removed;
}

/**
 * Whether another process (a running server) has the database open: with the exclusive
 * locking mode, taking the write lock fails while any other connection holds the file.
 * The probe runs in a child process, because SQLite shares one set of file locks between
 * all the connections of a process and would see this process's own.
 * @param {string} file
 */
export function databaseInUse(file) {
  if (!existsSync(file)) return false;
  const probe = `
    const { createClient } = await import("@libsql/client");
    const client = createClient({ url: ${JSON.stringify(pathToFileURL(file).href)} });
    try {
      await client.execute("PRAGMA locking_mode = EXCLUSIVE");
      await client.execute("BEGIN EXCLUSIVE");
      
      console.log("free");
    } catch (error) {
      console.log(/SQLITE_BUSY|locked/i.test(String(error?.code ?? error?.message)) ? "busy" : "error " + error.message);
    } finally {
      client.close();
    }`;
  // Run from the project root, where node_modules/@libsql/client is.
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", probe], { cwd, encoding: "utf8" });
  const answer = result.stdout.trim();
  if (answer === "free") return false;
  if (answer === "busy") return true;
  throw new Error(`Could not tell whether ${file} is in use: ${answer || result.stderr.trim()}`);
}

/**
 * Replaces the database with the backup `from`. Refuses (changing nothing) when the
 * backup is missing, damaged or not a TradeDesk database, or when a server has the
 * database open. The database it replaces is first copied to the backup folder.
 * @param {string} from
 * @param {{ databaseUrl?: string, now?: Date }} [options]
 */
export async function restoreDatabase(from, options = {}) {
  const backup = path.resolve(from);
  if (!existsSync(backup)) throw new Error(`There is no backup at ${backup}.`);
  const checked = await inspectDatabase(backup).catch((error) => {
    throw new Error(`${backup} is not a database TradeDesk can read (${error.message}).`);
  });
  if (checked.integrity !== "ok")
    throw new Error(`${backup} failed its integrity check (${checked.integrity}); nothing was changed.`);
  if (!isTradeDeskDatabase(checked.tables)) throw new Error(`${backup} is not a TradeDesk database; nothing was changed.`);

  const target = databaseFile(options.databaseUrl ?? DEFAULT_DATABASE_URL);
  if (path.resolve(target) === backup) throw new Error("The backup is the database itself; nothing to restore.");
  if (databaseInUse(target)) {
    throw new Error(`${target} is open in a running TradeDesk server. Stop the server, then restore again; nothing was changed.`);
  }

  let previous = null;
  if (existsSync(target)) {
    previous = path.join(defaultBackupFolder(target), `before-restore-${stamp(options.now)}.db`);
    mkdirSync(path.dirname(previous), { recursive: true });
    const current = createClient({ url: pathToFileURL(target).href });
    try {
      await current.execute(`VACUUM INTO ${sqlString(previous)}`);
    } finally {
      current.close();
    }
  }

  // A clean single-file copy beside the target, then one rename: the swap is atomic.
  mkdirSync(path.dirname(target), { recursive: true });
  const staged = `${target}.restoring`;
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(staged + suffix, { force: true });
  const reader = createClient({ url: pathToFileURL(backup).href });
  try {
    await reader.execute(`VACUUM INTO ${sqlString(staged)}`);
  } finally {
    reader.close();
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
  renameSync(staged, target);

  const restored = await inspectDatabase(target);
  return { file: target, previous, tables: restored.tables, integrity: restored.integrity };
}

function table(tables) {
  return Object.entries(tables)
    .filter(([name]) => !name.startsWith("__"))
    .map(([name, count]) => `  ${name.padEnd(24)} ${String(count).padStart(9)}`)
    .join("\n");
}

/**
 * Where the photos and files are, which this copy of the database does not hold
 * (docs/product/files.md): the bucket when the S3_ variables are set, else the folder.
 */
export function filesNote(env) {
  if (env.S3_ENDPOINT && env.S3_BUCKET) {
    return `Photos and files are not in this copy: they are in the bucket ${env.S3_BUCKET} at ${env.S3_ENDPOINT}, kept by its provider (turn on its versioning or replication to keep deleted ones).`;
  }
  const dir = path.resolve(env.FILES_DIR || "data/files");
  return `Photos and files are not in this copy: they are in ${dir} (on Fly.io, the volume's daily snapshots keep them; elsewhere, copy that folder with the database).`;
}

async function main([command, argument]) {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (command === "backup") {
    const result = await backupDatabase({ databaseUrl, target: argument });
    console.log(
      `Backed up ${databaseFile(databaseUrl)}\n     to ${result.file} (${Math.ceil(result.bytes / 1024)} KB, integrity ok)\n${table(result.tables)}`,
    );
    for (const file of result.removed) console.log(`Removed the old copy ${file}`);
    console.log(filesNote(process.env));
    return;
  }
  if (command === "restore") {
    if (!argument)
      throw new Error("Name the backup to restore: npm run db:restore -- data/backups/database/tradedesk-YYYYMMDD-HHMMSS.db");
    const result = await restoreDatabase(argument, { databaseUrl });
    console.log(
      `Restored ${path.resolve(argument)}\n      to ${result.file} (integrity ${result.integrity})\n${table(result.tables)}`,
    );
    if (result.previous) console.log(`The database it replaced is kept in ${result.previous}`);
    console.log("Start the server again; it applies any newer migrations at start.");
    return;
  }
  throw new Error("Usage: node scripts/db-backup.mjs backup [FILE] | restore FILE");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
