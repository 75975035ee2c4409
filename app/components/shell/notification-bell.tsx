import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NotificationList, type NotificationItem } from "~/components/notification-list";
import { useHydrated } from "~/components/ui/use-hydrated";
import { badgeLabel } from "~/lib/badge";
import { Icon } from "./icons";

export interface BellData {
  unread: number;
  latest: NotificationItem[];
  /** When the server read these figures (ms): the newer of the page's and the poll's wins. */
  at: number;
}

const REFRESH_MS = 30_000;

/**
 * The bell with its unread badge. Without JavaScript it is a link to /app/notifications;
 * with it, a dropdown with the latest notifications and their actions, refreshed every 30 s.
 */
export function NotificationBell({ bell }: { bell: BellData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const poll = useFetcher<{ items: NotificationItem[]; unread: number; now: number }>({ key: "notification-bell" });
  useEffect(() => {
    if (!hydrated) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") poll.load("/app/notifications");
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [hydrated, poll.load]);
  const polled = poll.data && poll.data.now > bell.at ? poll.data : null;
  const unread = polled?.unread ?? bell.unread;
  const latest = polled?.items.slice(0, 8) ?? bell.latest;
  const badge = badgeLabel(unread);
  const label = badge ? `${t("shell.notifications")} (${badge})` : t("shell.notifications");
  const bellIcon = (
    <>
      <Icon name="bell" className="h-6 w-6" />
      {badge ? (
        <span data-testid="unread-badge" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white">
          {badge}
        </span>
      ) : null}
    </>
  );
  const buttonClass = "relative flex items-center rounded p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";

  if (!hydrated) {
    return (
      <Link to="/app/notifications" className={buttonClass} aria-label={label} data-testid="notification-bell">
        {bellIcon}
      </Link>
    );
  }
  return (
    <Popover className="relative" data-testid="notification-bell">
      <PopoverButton className={buttonClass} aria-label={label}>
        {bellIcon}
      </PopoverButton>
      <PopoverPanel className="absolute right-0 z-30 mt-2 w-96 max-w-[calc(100vw-1.5rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center justify-between px-2 py-1">
          <p className="text-sm font-semibold">{t("notifications.title")}</p>
          {unread > 0 ? (
            <poll.Form method="post" action="/app/notifications">
              <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
              <button type="submit" name="intent" value="read-all" className="text-xs font-medium text-brand-600 hover:underline dark:text-brand-500">
                {t("notifications.markAllRead")}
              </button>
            </poll.Form>
          ) : null}
        </div>
        <div className="max-h-96 overflow-y-auto">
          <NotificationList items={latest} redirectTo={location.pathname + location.search} />
        </div>
        <Link to="/app/notifications" className="block border-t border-slate-100 px-2 py-2 text-center text-sm text-brand-600 hover:underline dark:border-slate-800 dark:text-brand-500">
          {t("notifications.viewAll")}
        </Link>
      </PopoverPanel>
    </Popover>
  );
}
