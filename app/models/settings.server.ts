import { eq } from "drizzle-orm";
import { accountSettings, type AccountSettings } from "#db/schema";
import { getDb } from "~/services/db.server";

/** The account's settings; the row is created with the defaults if it is missing. */
export async function getSettings(userId: string): Promise<AccountSettings> {
  const db = await getDb();
  const found = await db.query.accountSettings.findFirst({ where: eq(accountSettings.userId, userId) });
  if (found) return found;
  const [created] = await db.insert(accountSettings).values({ userId }).onConflictDoNothing().returning();
  return created ?? (await db.query.accountSettings.findFirst({ where: eq(accountSettings.userId, userId) }))!;
}

/** The few settings the shell needs on every page (no logo bytes). */
export async function getShellSettings(userId: string) {
  const db = await getDb();
  const row = await db
    .select({
      appLanguage: accountSettings.appLanguage,
      darkMode: accountSettings.darkMode,
      companyName: accountSettings.companyName,
      logoUpdatedAt: accountSettings.logoUpdatedAt,
    })
    .from(accountSettings)
    .where(eq(accountSettings.userId, userId))
    .get();
  if (row) return row;
  const created = await getSettings(userId);
  return {
    appLanguage: created.appLanguage,
    darkMode: created.darkMode,
    companyName: created.companyName,
    logoUpdatedAt: created.logoUpdatedAt,
  };
}

export async function updatePreferences(
  userId: string,
  changes: Partial<Pick<AccountSettings, "appLanguage" | "darkMode">>,
) {
  await getSettings(userId);
  const db = await getDb();
  await db
    .update(accountSettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(accountSettings.userId, userId));
}

export async function getLogo(userId: string) {
  const db = await getDb();
  return db
    .select({ logo: accountSettings.logo, mimeType: accountSettings.logoMimeType, updatedAt: accountSettings.logoUpdatedAt })
    .from(accountSettings)
    .where(eq(accountSettings.userId, userId))
    .get();
}
