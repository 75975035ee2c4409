// The account's data as one JSON document ("Download my data" on the settings screen)
// and the daily automatic backup that writes it to disk for accounts with auto backup
// on. The export is produced in pages and streamed, so a large account never sits in
// memory whole.
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, asc, eq, gt, inArray, or, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  appointments,
  customers,
  estimateItems,
  estimates,
  invoiceItems,
  invoices,
  jobs,
  notifications,
  payments,
  priceItems,
  estimateDeposits,
  lateCharges,
  files,
  users,
} from "#db/schema";
import { centsToString, formatDecimal, rateToPercent, rateToString } from "~/lib/money";
import { autoBackupAccounts, getSettingsWithoutLogo } from "~/models/settings.server";
import { exportRecurringInvoices } from "~/models/recurring-invoice.server";
import { getDb } from "~/infrastructure/db.server";
import { fileStore, readStoredFile, type FileStore } from "~/infrastructure/file-store.server";
import { readFileCopy, removeAccountFiles, type FileRow } from "~/models/file.server";
import { dayKey, now as clockNow } from "~/lib/clock";

export const EXPORT_FORMAT = "tradedesk-account-export";
export const EXPORT_VERSION = 1;
export const BACKUPS_KEPT = 7;
const PAGE_SIZE = 500;

type Row = Record<string, unknown>;

const MONEY = new Set(["subtotal", "taxAmount", "total", "totalAmount", "unitPrice", "amount", "amountPaid"]);

/** A row as the export shows it: no account id, instants as ISO text, money as "1234.50", rates as "0.0825", quantities as "1.50". */
function exported(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === "accountId") continue;
    if (value instanceof Date) out[key] = value.toISOString();
    else if (typeof value === "number" && MONEY.has(key)) out[key] = centsToString(value);
    else if (typeof value === "number" && key === "taxRate") out[key] = rateToString(value);
    else if (typeof value === "number" && key === "quantity") out[key] = formatDecimal(value, 2);
    else out[key] = value;
  }
  return out;
}

/**
 * Every row of one of the account's tables, a page at a time, in a stable order
 * (a sort column, then id) read by keyset: each page starts after the last row of the
 * one before, so a big table costs no more per page than a small one.
 */
async function* pagesOf<T extends { id: string }>(fetchPage: (after: T | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: T | null = null;
  for (;;) {
    const rows = await fetchPage(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < PAGE_SIZE) return;
    after = rows[rows.length - 1];
  }
}

/** Rows after (sortValue, id) in (sort, id) order. */
function afterKey(sortColumn: AnySQLiteColumn, idColumn: AnySQLiteColumn, sortValue: unknown, id: string): SQL {
  return or(gt(sortColumn, sortValue), and(eq(sortColumn, sortValue), gt(idColumn, id)))!;
}

async function* tableRows(
  accountId: string,
  table: "customers" | "jobs" | "appointments" | "notifications" | "payments" | "priceItems" | "deposits" | "lateCharges",
): AsyncGenerator<Row[]> {
  const db = await getDb();
  const source = { customers, jobs, appointments, notifications, payments, priceItems, deposits: estimateDeposits, lateCharges }[
    table
  ];
  const sortKey =
    table === "appointments" ? "scheduledDate" : table === "payments" || table === "deposits" ? "receivedAt" : "createdAt";
  const sortColumn =
    table === "appointments"
      ? appointments.scheduledDate
      : table === "payments"
        ? payments.receivedAt
        : table === "deposits"
          ? estimateDeposits.receivedAt
          : source.createdAt;
  yield* pagesOf<Row & { id: string }>(
    async (after) =>
      (await db
        .select()
        .from(source)
        .where(
          and(eq(source.accountId, accountId), after ? afterKey(sortColumn, source.id, after[sortKey], after.id) : undefined),
        )
        .orderBy(asc(sortColumn), asc(source.id))
        .limit(PAGE_SIZE)) as (Row & { id: string })[],
  );
}

/** Estimates or invoices with their line items, one query for the items of each page. */
async function* documentRows(accountId: string, kind: "estimates" | "invoices"): AsyncGenerator<Row[]> {
  const db = await getDb();
  const source = kind === "estimates" ? estimates : invoices;
  for await (const page of pagesOf<Row & { id: string; createdAt: Date }>(
    async (after) =>
      (await db
        .select()
        .from(source)
        .where(
          and(
            eq(source.accountId, accountId),
            after ? afterKey(source.createdAt, source.id, after.createdAt, after.id) : undefined,
          ),
        )
        .orderBy(asc(source.createdAt), asc(source.id))
        .limit(PAGE_SIZE)) as (Row & { id: string; createdAt: Date })[],
  )) {
    const ids = page.map((doc) => doc.id);
    const items =
      kind === "estimates"
        ? (
            await db
              .select()
              .from(estimateItems)
              .where(inArray(estimateItems.estimateId, ids))
              .orderBy(asc(estimateItems.order), asc(estimateItems.id))
          ).map(({ estimateId, ...item }) => ({ parent: estimateId, item }))
        : (
            await db
              .select()
              .from(invoiceItems)
              .where(inArray(invoiceItems.invoiceId, ids))
              .orderBy(asc(invoiceItems.order), asc(invoiceItems.id))
          ).map(({ invoiceId, ...item }) => ({ parent: invoiceId, item }));
    const byParent = new Map<string, Row[]>();
    for (const { parent, item } of items) {
      const list = byParent.get(parent) ?? [];
      list.push(exported(item));
      byParent.set(parent, list);
    }
    yield page.map((doc) => ({ ...exported(doc), items: byParent.get(doc.id) ?? [] }));
  }
}

/** The account's recurring invoices with their lines (one page: an account has a few). */
async function* recurringRows(accountId: string): AsyncGenerator<Row[]> {
  const rows = await exportRecurringInvoices(accountId);
  if (rows.length) yield rows.map(({ items, ...row }) => ({ ...exported(row), items: items.map(exported) }));
}

/** The account's settings for the export: the logo's type and date, never its bytes. */
async function exportedSettings(accountId: string): Promise<Row> {
  const {
    accountId: _userId,
    logoMimeType,
    logoUpdatedAt,
    defaultTaxRate,
    updatedAt,
    ...rest
  } = await getSettingsWithoutLogo(accountId);
  return {
    ...rest,
    defaultTaxRate: rateToPercent(defaultTaxRate),
    logo: logoMimeType && logoUpdatedAt ? { mimeType: logoMimeType, updatedAt: logoUpdatedAt.toISOString() } : null,
    updatedAt: updatedAt.toISOString(),
  };
}

/**
 * The account's photos and files, a page of rows at a time: what each is on, its details, and
 * with `withBytes` its bytes in base64 (a photo's full copy, stripped, as members download it; a
 * PDF as uploaded), read one file at a time so a large account never sits in memory.
 */
async function* fileRows(accountId: string, withBytes: boolean): AsyncGenerator<Row[]> {
  const db = await getDb();
  const pages = pagesOf<Row & { id: string }>(
    async (after) =>
      (await db
        .select()
        .from(files)
        .where(
          and(eq(files.accountId, accountId), after ? afterKey(files.createdAt, files.id, after.createdAt, after.id) : undefined),
        )
        .orderBy(asc(files.createdAt), asc(files.id))
        .limit(PAGE_SIZE)) as (Row & { id: string })[],
  );
  for await (const page of pages) {
    for (const row of page) {
      const { storedBytes: _stored, position, ...file } = row as unknown as FileRow;
      const entry: Row = { ...exported(file as unknown as Row), order: position };
      if (withBytes) {
        const stored = await readFileCopy(accountId, row as unknown as FileRow, "full");
        entry.data = stored ? (await readStoredFile(stored)).toString("base64") : null;
      }
      yield [entry];
    }
  }
}

/**
 * The whole account as JSON text, in chunks: account, settings (without the logo's
 * bytes), customers, jobs, estimates and invoices with their items, appointments,
 * notifications, payments and recurring invoices with their items, the price book, deposits,
 * late charges, and the photos and files (their bytes with `fileBytes`: the download has
 * them; the daily copies do not, the files being kept by the volume or the bucket).
 */
export async function* exportAccountJson(
  accountId: string,
  now = clockNow(),
  { fileBytes = false }: { fileBytes?: boolean } = {},
): AsyncGenerator<string> {
  const db = await getDb();
  const account = await db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, accountId))
    .get();
  if (!account) throw new Error(`No account ${accountId}.`);
  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    account: exported(account),
    settings: await exportedSettings(accountId),
  };
  yield JSON.stringify(head).slice(0, -1);
  const sections: [string, AsyncGenerator<Row[]>][] = [
    ["customers", tableRows(accountId, "customers")],
    ["jobs", tableRows(accountId, "jobs")],
    ["estimates", documentRows(accountId, "estimates")],
    ["invoices", documentRows(accountId, "invoices")],
    ["appointments", tableRows(accountId, "appointments")],
    ["notifications", tableRows(accountId, "notifications")],
    ["payments", tableRows(accountId, "payments")],
    ["recurringInvoices", recurringRows(accountId)],
    ["priceBook", tableRows(accountId, "priceItems")],
    ["deposits", tableRows(accountId, "deposits")],
    ["lateCharges", tableRows(accountId, "lateCharges")],
    ["files", fileRows(accountId, fileBytes)],
  ];
  for (const [name, pages] of sections) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const page of pages) {
      const rows =
        name === "estimates" || name === "invoices" || name === "recurringInvoices" || name === "files"
          ? page
          : page.map(exported);
      yield (first ? "" : ",") + rows.map((row) => JSON.stringify(row)).join(",");
      first = false;
    }
    yield "]";
  }
  yield "}\n";
}

/** The export as a stream of bytes, for a download: with the files' bytes. */
export function exportAccountStream(accountId: string, now = clockNow()): ReadableStream<Uint8Array> {
  const chunks = exportAccountJson(accountId, now, { fileBytes: true });
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

export const DEFAULT_BACKUP_DIR = path.resolve(process.cwd(), "data/backups");

/**
 * Removes what a deleted account kept outside the database, as its deletion asks (after
 * deleteAccount): its daily backups (`{dir}/{accountId}/`) and every stored copy of its photos
 * and files in the file store, folder or bucket. The trigger has already queued each file's
 * copies for the purge sweep, so the store's part is best effort: if the store cannot be
 * reached now, the sweep deletes them later.
 */
export async function removeAccountBackups(
  accountId: string,
  dir = DEFAULT_BACKUP_DIR,
  store: FileStore = fileStore(),
): Promise<void> {
  // An account id is a UUID: never a path of its own.
  if (!/^[\w-]+$/.test(accountId)) throw new Error("Not an account id");
  await rm(path.join(dir, accountId), { recursive: true, force: true });
  await removeAccountFiles(accountId, store);
}
const BACKUP_FILE = /^\d{4}-\d{2}-\d{2}\.json$/;

export interface BackupRun {
  written: string[];
  skipped: number;
  removed: string[];
  failed: { accountId: string; error: string }[];
}

async function exists(file: string) {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes today's backup for each account with auto backup on, as
 * `{dir}/{accountId}/{yyyy-MM-dd}.json` (the day in the account's time zone), unless it
 * is already there, and keeps only the newest 7 per account. Safe to call every hour:
 * an account is written once a day.
 */
export async function runBackups(now = clockNow(), { dir = DEFAULT_BACKUP_DIR }: { dir?: string } = {}): Promise<BackupRun> {
  const run: BackupRun = { written: [], skipped: 0, removed: [], failed: [] };
  for (const { accountId, timeZone } of await autoBackupAccounts()) {
    const folder = path.join(dir, accountId);
    const file = path.join(folder, `${dayKey(now, timeZone)}.json`);
    try {
      if (await exists(file)) {
        run.skipped++;
        continue;
      }
      await mkdir(folder, { recursive: true });
      // Written beside, then renamed: a crash never leaves a half file under today's name.
      const partial = `${file}.partial`;
      await pipeline(Readable.from(exportAccountJson(accountId, now)), createWriteStream(partial));
      await rename(partial, file);
      run.written.push(file);
      const kept = (await readdir(folder)).filter((name) => BACKUP_FILE.test(name)).sort();
      for (const old of kept.slice(0, Math.max(0, kept.length - BACKUPS_KEPT))) {
        await rm(path.join(folder, old), { force: true });
        run.removed.push(path.join(folder, old));
      }
    } catch (error) {
      run.failed.push({ accountId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return run;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Checks every hour (and once at start) whether a backup is due. The timer does not
 * keep the process alive, and a check never overlaps the one before.
 */
export function startBackupSchedule({
  dir = DEFAULT_BACKUP_DIR,
  intervalMs = HOUR_MS,
}: { dir?: string; intervalMs?: number } = {}) {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const run = await runBackups(clockNow(), { dir });
      for (const failure of run.failed) console.error(`Backup of account ${failure.accountId} failed: ${failure.error}`);
    } catch (error) {
      console.error("Backup check failed:", error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(check, 0);
  first.unref();
  const timer = setInterval(check, intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
