// The benchmark's database: a large account and a small one in one libSQL file, filled by
// the shared seed factories (db/factories.ts). Seeding the large account takes a while, so
// the filled file is cached under data/bench/ and reused while it is fresh and nothing it
// depends on (migrations, schema, factories, this file) has changed.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { createEstimate, createRandom, JOB_TEMPLATES, seedAccount, type LineInput, type SeedCounts } from "#db/factories";
import { accountSettings, customers } from "#db/schema";

export interface BenchAccount {
  label: "large" | "small";
  accountId: string;
  email: string;
  password: string;
  /** The estimate of 20 line items whose PDF is measured. */
  pdfEstimateId: string;
  counts: SeedCounts;
}

export interface BenchDatabase {
  /** The copy this run serves (DATABASE_URL=file:<file>). */
  file: string;
  accounts: { large: BenchAccount; small: BenchAccount };
  cache: { file: string; key: string; reused: boolean; seededAt: string; seedSeconds: number };
}

export const LARGE_COUNTS = {
  customers: 20_000,
  jobs: 50_000,
  estimates: 50_000,
  invoices: 20_000,
  appointments: 20_000,
  notifications: 2_000,
} satisfies SeedCounts;

export const SMALL_COUNTS = {
  customers: 100,
  jobs: 100,
  estimates: 100,
  invoices: 100,
  appointments: 100,
  notifications: 100,
} satisfies SeedCounts;

const PASSWORD = "bench-password-1234";
// The seeded history is laid out around the day it was made (appointments from a week back
// to two weeks ahead, "this month" figures): a cache older than this no longer looks like today.
const CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Every file whose change makes a cached database stale. */
function cacheInputs(root: string): string[] {
  const migrations = path.join(root, "db/migrations");
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
      .sort();
  return [
    ...walk(migrations),
    path.join(root, "db/schema.ts"),
    path.join(root, "db/factories.ts"),
    path.join(root, "bench/seed.ts"),
  ];
}

function cacheKey(root: string, scale: number): string {
  const hash = createHash("sha256");
  for (const file of cacheInputs(root)) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  hash.update(`scale=${scale}`);
  return hash.digest("hex").slice(0, 16);
}

function scaled(counts: SeedCounts, scale: number): SeedCounts {
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Math.max(1, Math.round((v ?? 0) * scale))]));
}

/** Twenty believable lines: the catalog's lines, several templates' worth, in a fixed order. */
function twentyLines(): LineInput[] {
  const all = JOB_TEMPLATES.flatMap((t) => t.items);
  return Array.from({ length: 20 }, (_, i) => ({ ...all[(i * 7) % all.length] }));
}

/**
 * True for a local file's URL. A libSQL server (sqld, Turso) refuses the connection PRAGMAs
 * below ("SQL_PARSE_ERROR: unsupported statement: PRAGMA synchronous = OFF"): they tune a
 * file this process writes, and a server keeps its own settings, so they are skipped there.
 */
export const isFileUrl = (url: string) => url.startsWith("file:");

/** Seeds a local file (removed first). */
async function seedInto(file: string, scale: number): Promise<BenchDatabase["accounts"]> {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  return seedAt(`file:${file}`, scale);
}

/**
 * Seeds the large and the small account into the database `url` names: a local file, or a
 * libSQL server (sqld) with an empty database (bench/sqld.ts, BENCH_SQLD_SEED=server).
 * Through the app's own connection code (WAL, migrations); createUser hashes the password as
 * sign-up does.
 */
export async function seedAt(url: string, scale: number): Promise<BenchDatabase["accounts"]> {
  process.env.DATABASE_URL = url;
  if (!isFileUrl(url)) {
    // The app's settings require both for a server on a shared database; seeding signs no
    // cookie and sends no mail, so any value does (the servers that serve it get their own).
    process.env.SESSION_SECRET ??= "bench-seed-secret-bench-seed-secret";
    process.env.SMTP_URL ??= "smtp://127.0.0.1:25";
  }
  const { getConnection, resetConnection } = await import("~/infrastructure/db.server");
  const { createUser } = await import("~/models/user.server");
  await resetConnection();
  const { db, client } = await getConnection();
  const file = isFileUrl(url);
  // A file being built for the cache: no need to survive a power cut, and a large page cache
  // keeps the random-UUID index inserts off the disk. (Sequential calls reuse the pool's one
  // idle connection, so the seeding transaction runs on the connection these are set on.)
  if (file) {
    await client.execute("PRAGMA synchronous = OFF");
    await client.execute("PRAGMA cache_size = -262144");
  }
  const accounts = {} as BenchDatabase["accounts"];
  for (const [label, counts, seed] of [
    ["large", scaled(LARGE_COUNTS, scale), 9001],
    ["small", SMALL_COUNTS, 9002],
  ] as const) {
    const email = `bench-${label}@tradedesk.test`;
    const user = await createUser({ name: `Bench ${label} account`, email, password: PASSWORD });
    await db
      .update(accountSettings)
      .set({
        companyName: `Bench ${label === "large" ? "Large" : "Small"} Trades LLC`,
        address: "4100 Burnet Rd, Austin, TX 78756",
        phone: "(512) 555-0142",
        email: `office-${label}@tradedesk.test`,
        // The daily backup (a whole-account export, once a day at the server's start or on
        // the hour) would otherwise run in the middle of the first measurement of the day.
        autoBackup: false,
      })
      .where(eq(accountSettings.accountId, user.id));
    await seedAccount(db, user.id, counts, { seed });
    // The PDF estimate belongs to a customer picked by a fixed seed, like any other estimate.
    const customerRows = await db.select({ id: customers.id }).from(customers).where(eq(customers.accountId, user.id)).limit(50);
    const customerId = customerRows[Math.floor(createRandom(seed)() * customerRows.length)].id;
    const estimate = await createEstimate(db, user.id, {
      customerId,
      title: "Whole-house electrical, plumbing and HVAC refresh",
      items: twentyLines(),
      notes: "Benchmark estimate: twenty line items.",
    });
    accounts[label] = { label, accountId: user.id, email, password: PASSWORD, pdfEstimateId: estimate.id, counts };
  }
  // Statistics are left as the app leaves them (no ANALYZE here): the plans measured are the app's.
  // A server checkpoints its own write-ahead log (sqld: --checkpoint-interval-s).
  if (file) await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  await resetConnection();
  return accounts;
}

/**
 * The database for this run: the cached seed when it is fresh, else a new one (and a new
 * cache). The run works on a copy, so the sessions and views it writes never reach the cache.
 */
export async function prepareDatabase(options: {
  root: string;
  scale: number;
  runFile: string;
  log: (s: string) => void;
}): Promise<BenchDatabase> {
  const { root, scale, runFile, log } = options;
  const dir = path.join(root, "data/bench");
  mkdirSync(dir, { recursive: true });
  const key = cacheKey(root, scale);
  // The scale is in the name, so a quick run's small cache and the full one live side by side.
  const prefix = `seed-x${scale}-`;
  const cacheFile = path.join(dir, `${prefix}${key}.db`);
  const metaFile = `${cacheFile}.json`;
  let meta: { accounts: BenchDatabase["accounts"]; seededAt: string; seedSeconds: number } | null = null;
  if (existsSync(cacheFile) && existsSync(metaFile)) {
    const candidate = JSON.parse(readFileSync(metaFile, "utf8"));
    if (Date.now() - new Date(candidate.seededAt).getTime() < CACHE_MAX_AGE_MS) meta = candidate;
  }
  const reused = meta !== null;
  if (meta) {
    log(
      `Reusing the cached seed ${path.relative(root, cacheFile)} (seeded ${meta.seededAt} in ${meta.seedSeconds.toFixed(1)} s; key = hash of db/migrations, db/schema.ts, db/factories.ts, bench/seed.ts).`,
    );
  } else {
    // Older caches are of no further use.
    for (const name of readdirSync(dir)) if (name.startsWith(prefix)) rmSync(path.join(dir, name), { force: true });
    log(`Seeding ${path.relative(root, cacheFile)} (no fresh cache for key ${key})...`);
    const started = performance.now();
    const building = `${cacheFile}.building`;
    const accounts = await seedInto(building, scale);
    for (const suffix of ["-wal", "-shm"]) rmSync(building + suffix, { force: true });
    copyFileSync(building, cacheFile);
    rmSync(building, { force: true });
    meta = { accounts, seededAt: new Date().toISOString(), seedSeconds: (performance.now() - started) / 1000 };
    writeFileSync(metaFile, JSON.stringify(meta, null, 2));
    log(
      `Seeded in ${meta.seedSeconds.toFixed(1)} s (${(statSync(cacheFile).size / 1e6).toFixed(0)} MB); cached for the next runs.`,
    );
  }
  for (const suffix of ["", "-wal", "-shm"]) rmSync(runFile + suffix, { force: true });
  copyFileSync(cacheFile, runFile);
  return {
    file: runFile,
    accounts: meta.accounts,
    cache: { file: path.relative(root, cacheFile), key, reused, seededAt: meta.seededAt, seedSeconds: meta.seedSeconds },
  };
}

// `npx tsx bench/seed.ts URL [SCALE]`: seeds the benchmark's two accounts into the database URL
// names (a libSQL server's: http://127.0.0.1:PORT; or file:PATH) and prints them as JSON on the
// last line. In a process of its own: the app's settings are read once per process.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [url, scale = "1"] = process.argv.slice(2);
  if (!url) {
    console.error("usage: npx tsx bench/seed.ts URL [SCALE]");
    process.exit(2);
  }
  const accounts = await seedAt(url, Number(scale));
  console.log(JSON.stringify(accounts));
}
