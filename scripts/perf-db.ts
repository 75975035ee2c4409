// The database the query-plan and loader-timing script (scripts/explain.ts) reads: a
// large account (the benchmark's figures) and a small one in one libSQL file, filled by the
// shared factories. Seeding takes a while, so the file is cached under data/perf/ and
// reused while the factories are unchanged and it is less than a day old (the seeded
// history is laid out around the day it was made). Migrations added since are applied
// when it is opened, so a cached file gets new indexes without being seeded again.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { seedAccount } from "#db/factories";
import { accountMembers, accounts as accountsTable, users } from "#db/schema";
// The benchmark's two accounts: the plans explained here are those of the pages it times.
import { LARGE_COUNTS, SMALL_COUNTS } from "../bench/seed";

export { LARGE_COUNTS, SMALL_COUNTS };

export interface PerfAccounts {
  large: string;
  small: string;
  key: string;
  seededAt: string;
}

const root = process.cwd();
const dir = path.join(root, "data/perf");
const file = path.join(dir, "perf.db");
const manifest = path.join(dir, "accounts.json");
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function cacheKey() {
  const hash = createHash("sha256");
  hash.update(readFileSync(path.join(root, "db/factories.ts")));
  hash.update(JSON.stringify([LARGE_COUNTS, SMALL_COUNTS]));
  return hash.digest("hex").slice(0, 16);
}

function cached(key: string): PerfAccounts | null {
  if (!existsSync(file) || !existsSync(manifest)) return null;
  const accounts = JSON.parse(readFileSync(manifest, "utf8")) as PerfAccounts;
  if (accounts.key !== key || Date.now() - statSync(manifest).mtimeMs > MAX_AGE_MS) return null;
  return accounts;
}

/**
 * Points DATABASE_URL at the perf database (seeding it first when there is no fresh
 * copy) and returns the two accounts' ids. Call before the app's modules open the database.
 */
export async function preparePerfDatabase(): Promise<PerfAccounts> {
  process.env.DATABASE_URL = `file:${file}`;
  process.env.SESSION_SECRET ??= "perf-secret-perf-secret-perf-secret";
  const { getConnection } = await import("~/infrastructure/db.server");
  const key = cacheKey();
  const reuse = cached(key);
  if (reuse) {
    await getConnection();
    return reuse;
  }
  mkdirSync(dir, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  const { db } = await getConnection();
  const started = Date.now();
  const ids = { large: crypto.randomUUID(), small: crypto.randomUUID() };
  await db.insert(users).values([
    { id: ids.large, name: "Large account", email: "large@perf.example.com", passwordHash: "-" },
    { id: ids.small, name: "Small account", email: "small@perf.example.com", passwordHash: "-" },
  ]);
  await db.insert(accountsTable).values([{ id: ids.large }, { id: ids.small }]);
  await db.insert(accountMembers).values([
    { id: ids.large, accountId: ids.large, userId: ids.large, role: "owner" },
    { id: ids.small, accountId: ids.small, userId: ids.small, role: "owner" },
  ]);
  // The small account first: the large one's rows come after, as an older account's would not.
  const small = await seedAccount(db, ids.small, SMALL_COUNTS, { seed: 2 });
  const large = await seedAccount(db, ids.large, LARGE_COUNTS, { seed: 1 });
  // No ANALYZE: the app never runs it, so the plans measured are the ones it gets.
  console.error(`Seeded ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s:`, { large, small });
  const accounts: PerfAccounts = { ...ids, key, seededAt: new Date().toISOString() };
  writeFileSync(manifest, JSON.stringify(accounts, null, 2));
  return accounts;
}
