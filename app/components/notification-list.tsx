import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { relativeTime } from "~/lib/relative-time";

export interface NotificationItem {
  id: string;
  type: string;
  title: string;
  message: string;
  read: boolean;
  createdAt: string | Date;
}

const ICONS: Record<string, { path: string; tone: string }> = {
  estimate_approved: { path: "M20 6 9 17l-5-5", tone: "bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300" },
  estimate_rejected: { path: "M18 6 6 18M6 6l12 12", tone: "bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300" },
  payment_received: {
    path: "M12 1v22M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6",
    tone: "bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300",
  },
  new_inquiry: {
    path: "M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z",
    tone: "bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300",
  },
};
const DEFAULT_ICON = {
  path: "M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0",
  tone: "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300",
};

export function NotificationIcon({ type }: { type: string }) {
  const icon = ICONS[type] ?? DEFAULT_ICON;
  return (
    <span className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${icon.tone}`} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={icon.path} />
      </svg>
    </span>
  );
}

/**
 * Notifications with their actions. Each action is a form posting to /app/notifications,
 * so it works without JavaScript; with it, the forms submit in place.
 */
export function NotificationList({ items, redirectTo, now }: { items: NotificationItem[]; redirectTo: string; now?: number }) {
  const { t } = useTranslation();
  if (items.length === 0)
    return <p className="px-2 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t("notifications.empty")}</p>;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="notification-list">
      {items.map((item) => (
        <NotificationRow key={item.id} item={item} redirectTo={redirectTo} now={now} />
      ))}
    </ul>
  );
}

/**
 * A deleted row goes at once: the keyboard's place moves to the first action of the row after
 * it, else of the row before it (the focus fell to the page).
 */
function focusNeighbourOf(event: MouseEvent<HTMLButtonElement>) {
  const row = event.currentTarget.closest("li");
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  const target = neighbour?.querySelector<HTMLButtonElement>("button");
  if (target) requestAnimationFrame(() => target.focus());
}

function NotificationRow({ item, redirectTo, now }: { item: NotificationItem; redirectTo: string; now?: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const pendingIntent = fetcher.formData?.get("intent");
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusDelete = useRef(false);
  const read = item.read || pendingIntent === "read";
  // "Mark as read" goes away once pressed: the keyboard's place moves to the row's Delete.
  useEffect(() => {
    if (read && focusDelete.current) deleteButton.current?.focus();
    focusDelete.current = false;
  }, [read]);
  if (pendingIntent === "delete") return null;
  const when = relativeTime(item.createdAt, now);
  const action =
    "rounded px-2 py-1 text-xs font-medium text-brand-600 hover:bg-brand-50 dark:text-brand-500 dark:hover:bg-slate-800";
  return (
    // Read ones are told apart by their plain title and the missing dot, not by fading
    // (faded text would be too faint to read).
    <li className="flex gap-3 px-2 py-3" data-read={read ? "true" : "false"}>
      <NotificationIcon type={item.type} />
      <div className="min-w-0 flex-1">
        <p className={`text-sm ${read ? "font-normal text-slate-700 dark:text-slate-300" : "font-semibold"}`}>
          {read ? null : <span className="mr-1.5 inline-block h-2 w-2 rounded-full bg-brand-600" aria-hidden="true" />}
          {item.title}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{item.message}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <time dateTime={new Date(item.createdAt).toISOString()} className="text-xs text-slate-500 dark:text-slate-400">
            {"count" in when ? t(when.key, { count: when.count }) : t(when.key)}
          </time>
          <fetcher.Form method="post" action="/app/notifications" className="flex gap-1">
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            {read ? null : (
              <button
                type="submit"
                name="intent"
                value="read"
                className={action}
                onClick={() => {
                  focusDelete.current = true;
                }}
              >
                {t("notifications.markRead")}
              </button>
            )}
            <button
              ref={deleteButton}
              type="submit"
              name="intent"
              value="delete"
              className={`${action} text-red-600 dark:text-red-400`}
              onClick={focusNeighbourOf}
            >
              {t("notifications.delete")}
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}
