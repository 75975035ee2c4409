import { and, asc, eq, getTableColumns, lte, sql } from "drizzle-orm";
import { accountSettings, users, type AccountSettings } from "#db/schema";
import type { LogoMimeType } from "~/lib/image-type";
import type { SettingsInput } from "~/lib/settings-schema";
import { accountZone, now, today } from "~/lib/clock";
import { getDb, preparedQuery } from "~/infrastructure/db.server";
import { memoInRequest } from "~/infrastructure/request-memo.server";

/** The zone the account's dates are worked out in: its setting, else UTC (app/lib/clock.ts, the one fallback). */
export async function getAccountTimeZone(accountId: string): Promise<string> {
  return accountZone((await getSettings(accountId)).timeZone);
}

/** Today (`yyyy-MM-dd`) in the account's zone: the day that decides what is overdue or still valid. */
export async function todayFor(accountId: string, at: Date = now()): Promise<string> {
  return today(await getAccountTimeZone(accountId), at);
}

/**
 * The account's settings without the logo's bytes (a logo can be hundreds of KB, and only
 * documents show it: getSettingsWithLogo); read once per GET request. The row is created
 * with the defaults if it is missing.
 */
export function getSettings(accountId: string): Promise<SettingsWithoutLogo> {
  return memoInRequest(`settings:${accountId}`, () => getSettingsWithoutLogo(accountId));
}

/** Every setting with the logo's bytes, for a document (PDF, print page); the row is created if missing. */
export async function getSettingsWithLogo(accountId: string): Promise<AccountSettings> {
  const db = await getDb();
  const found = await db.query.accountSettings.findFirst({ where: eq(accountSettings.accountId, accountId) });
  if (found) return found;
  const [created] = await db.insert(accountSettings).values({ accountId }).onConflictDoNothing().returning();
  return created ?? (await db.query.accountSettings.findFirst({ where: eq(accountSettings.accountId, accountId) }))!;
}

/**
 * The few settings the shell needs on every page. They come from the account's settings row,
 * read once per GET request for the root, the /app layout, the page's time zone and its
 * other settings alike.
 */
export async function getShellSettings(accountId: string) {
  const { appLanguage, darkMode, companyName, logoUpdatedAt } = await getSettings(accountId);
  return { appLanguage, darkMode, companyName, logoUpdatedAt };
}

export async function updatePreferences(accountId: string, changes: Partial<Pick<AccountSettings, "appLanguage" | "darkMode">>) {
  await ensureSettingsRow(accountId);
  const db = await getDb();
  await db
    .update(accountSettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(accountSettings.accountId, accountId));
}

export async function getLogo(accountId: string) {
  const db = await getDb();
  return db
    .select({ logo: accountSettings.logo, mimeType: accountSettings.logoMimeType, updatedAt: accountSettings.logoUpdatedAt })
    .from(accountSettings)
    .where(eq(accountSettings.accountId, accountId))
    .get();
}

export type SettingsWithoutLogo = Omit<AccountSettings, "logo">;

const { logo: _logoBytes, ...columnsWithoutLogo } = getTableColumns(accountSettings);

/** Every setting except the logo's bytes (the settings screen and the data export never need them). */
const settingsQuery = preparedQuery((db) =>
  db
    .select(columnsWithoutLogo)
    .from(accountSettings)
    .where(eq(accountSettings.accountId, sql.placeholder("accountId")))
    .prepare(),
);

export async function getSettingsWithoutLogo(accountId: string): Promise<SettingsWithoutLogo> {
  const db = await getDb();
  const read = async () => (await settingsQuery()).get({ accountId });
  const found = await read();
  if (found) return found;
  await db.insert(accountSettings).values({ accountId }).onConflictDoNothing();
  return (await read())!;
}

/** Creates the account's settings row with the defaults if it is missing (reads nothing). */
async function ensureSettingsRow(accountId: string) {
  const db = await getDb();
  await db.insert(accountSettings).values({ accountId }).onConflictDoNothing();
}

/** A next document number below the account's (docs/decisions/031): numbers only go up. Nothing was saved. */
export class NextNumberBelowCurrent extends Error {
  constructor(readonly field: "estimateNextNumber" | "invoiceNextNumber") {
    super(`The ${field} cannot go below the current one.`);
  }
}

/**
 * Saves the whole settings form (everything but the logo, which has its own form). A next
 * document number is set only if it is not below the account's as it is at that moment (one
 * statement: a document numbered since the form was read counts); otherwise nothing at all
 * is saved and NextNumberBelowCurrent says which.
 */
export async function updateSettings(accountId: string, input: SettingsInput): Promise<SettingsWithoutLogo> {
  await ensureSettingsRow(accountId);
  const db = await getDb();
  const { estimateNextNumber, invoiceNextNumber } = input;
  const [row] = await db
    .update(accountSettings)
    .set({ ...input, updatedAt: new Date() })
    .where(
      and(
        eq(accountSettings.accountId, accountId),
        estimateNextNumber === undefined ? undefined : lte(accountSettings.estimateNextNumber, estimateNextNumber),
        invoiceNextNumber === undefined ? undefined : lte(accountSettings.invoiceNextNumber, invoiceNextNumber),
      ),
    )
    .returning(columnsWithoutLogo);
  if (row) return row;
  const now = await getSettingsWithoutLogo(accountId);
  throw new NextNumberBelowCurrent(
    estimateNextNumber !== undefined && estimateNextNumber < now.estimateNextNumber ? "estimateNextNumber" : "invoiceNextNumber",
  );
}

/** Stores the account's logo; its type must already be checked from its bytes (app/lib/image-type.ts). */
export async function setLogo(accountId: string, bytes: Uint8Array, mimeType: LogoMimeType, now = new Date()) {
  await ensureSettingsRow(accountId);
  const db = await getDb();
  await db
    .update(accountSettings)
    .set({
      logo: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      logoMimeType: mimeType,
      logoUpdatedAt: now,
      updatedAt: now,
    })
    .where(eq(accountSettings.accountId, accountId));
}

export async function removeLogo(accountId: string) {
  await ensureSettingsRow(accountId);
  const db = await getDb();
  await db
    .update(accountSettings)
    .set({ logo: null, logoMimeType: null, logoUpdatedAt: null, updatedAt: new Date() })
    .where(eq(accountSettings.accountId, accountId));
}

/**
 * Accounts that want daily backups, with the zone their day is counted in. An account
 * whose settings row does not exist yet has the defaults, and auto backup is on by default.
 */
export async function autoBackupAccounts(): Promise<{ accountId: string; timeZone: string | null }[]> {
  const db = await getDb();
  return db
    .select({ accountId: users.id, timeZone: accountSettings.timeZone })
    .from(users)
    .leftJoin(accountSettings, eq(accountSettings.accountId, users.id))
    .where(sql`coalesce(${accountSettings.autoBackup}, 1) = 1`)
    .orderBy(asc(users.id));
}
