import { Link, useFetcher, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationItem } from "~/components/notification-list";
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
const NotificationPopover = lazy(() => import("./notification-popover"));

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
    // poll.load is stable; the fetcher object itself changes with every load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
        <span
          data-testid="unread-badge"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white"
        >
          {badge}
        </span>
      ) : null}
    </>
  );
  const buttonClass =
    "relative flex items-center rounded p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";

  const link = (
    <Link to="/app/notifications" className={buttonClass} aria-label={label} data-testid="notification-bell">
      {bellIcon}
    </Link>
  );
  if (!hydrated) return link;
  // The dropdown (Headless UI) is its own chunk, fetched after the page is interactive;
  // until it arrives the bell is the plain link.
  return (
    <Suspense fallback={link}>
      <NotificationPopover
        label={label}
        buttonClass={buttonClass}
        icon={bellIcon}
        unread={unread}
        latest={latest}
        form={poll.Form}
        redirectTo={location.pathname + location.search}
      />
    </Suspense>
  );
}
