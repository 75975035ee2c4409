import { and, count, desc, eq } from "drizzle-orm";
import { notifications } from "#db/schema";
import { getDb } from "~/services/db.server";

/** What the bell shows: the unread count and the latest few notifications. */
export async function getNotificationBell(userId: string, limit = 5) {
  const db = await getDb();
  const [unread, latest] = await Promise.all([
    db
      .select({ value: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .get(),
    db
      .select({ id: notifications.id, title: notifications.title, message: notifications.message, read: notifications.read, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(limit),
  ]);
  return { unread: unread?.value ?? 0, latest };
}
