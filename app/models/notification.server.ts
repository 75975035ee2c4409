import { and, count, desc, eq, sql } from "drizzle-orm";
import { notifications } from "#db/schema";
import { getDb, preparedQuery } from "~/infrastructure/db.server";
import { now as clockNow } from "~/lib/clock";

export const NOTIFICATION_TYPES = [
  "estimate_approved",
  "estimate_rejected",
  "payment_received",
  "new_inquiry",
  "recurring_invoice",
  "visit",
  "customer_updated",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const LIST_LIMIT = 50;

/** What the bell shows: the unread count and the latest few notifications. */
// The bell is on every page of the app: its two statements are built once (preparedQuery).
const latestQuery = preparedQuery((db) =>
  db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      read: notifications.read,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.accountId, sql.placeholder("accountId")))
    .orderBy(desc(notifications.createdAt))
    .limit(sql.placeholder("limit"))
    .prepare(),
);
const unreadQuery = preparedQuery((db) =>
  db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.accountId, sql.placeholder("accountId")), eq(notifications.read, false)))
    .prepare(),
);

export async function getNotificationBell(accountId: string, limit = 8) {
  const [unread, latest] = await Promise.all([
    countUnread(accountId),
    latestQuery().then((query) => query.all({ accountId, limit })),
  ]);
  return { unread, latest, at: clockNow().getTime() };
}

export async function countUnread(accountId: string) {
  const row = await (await unreadQuery()).get({ accountId });
  return row?.value ?? 0;
}

/** The account's notifications, newest first (the most recent 50). */
export async function listNotifications(accountId: string, limit = LIST_LIMIT) {
  const db = await getDb();
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.accountId, accountId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

/** Records an event for the account (an estimate approved, a payment received...). */
export async function createNotification(
  accountId: string,
  input: { type: NotificationType; title: string; message: string; estimateId?: string | null },
) {
  const db = await getDb();
  const [row] = await db
    .insert(notifications)
    .values({ accountId, type: input.type, title: input.title, message: input.message, estimateId: input.estimateId ?? null })
    .returning();
  return row;
}

/** Marks one notification read; false when the account has no such notification. */
export async function markNotificationRead(accountId: string, id: string) {
  const db = await getDb();
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.accountId, accountId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllNotificationsRead(accountId: string) {
  const db = await getDb();
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.accountId, accountId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(accountId: string, id: string) {
  const db = await getDb();
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.accountId, accountId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
