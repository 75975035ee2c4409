// "Just now", "5 minutes ago", "3 hours ago", "2 days ago" (docs/product/notifications.md).

export type RelativeTime =
  | { key: "notifications.justNow" }
  | { key: "notifications.minutesAgo" | "notifications.hoursAgo" | "notifications.daysAgo"; count: number };

export function relativeTime(then: Date | string | number, now: Date | number = Date.now()): RelativeTime {
  const seconds = Math.floor((Number(now) - new Date(then).getTime()) / 1000);
  if (seconds < 60) return { key: "notifications.justNow" };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { key: "notifications.minutesAgo", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: "notifications.hoursAgo", count: hours };
  return { key: "notifications.daysAgo", count: Math.floor(hours / 24) };
}
