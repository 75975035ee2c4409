import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { Link, type FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NotificationList, type NotificationItem } from "~/components/notification-list";

/**
 * The bell's dropdown: the latest notifications with their actions. Loaded lazily by
 * NotificationBell, so Headless UI is not part of the JavaScript every page needs first.
 */
export default function NotificationPopover({
  label,
  buttonClass,
  icon,
  unread,
  latest,
  form: Form,
  redirectTo,
}: {
  label: string;
  buttonClass: string;
  icon: ReactNode;
  unread: number;
  latest: NotificationItem[];
  form: FetcherWithComponents<unknown>["Form"];
  redirectTo: string;
}) {
  const { t } = useTranslation();
  return (
    <Popover className="relative" data-testid="notification-bell">
      <PopoverButton className={buttonClass} aria-label={label}>
        {icon}
      </PopoverButton>
      <PopoverPanel className="absolute right-0 z-30 mt-2 w-96 max-w-[calc(100vw-1.5rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center justify-between px-2 py-1">
          <p className="text-sm font-semibold">{t("notifications.title")}</p>
          {unread > 0 ? (
            <Form method="post" action="/app/notifications">
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button
                type="submit"
                name="intent"
                value="read-all"
                className="text-xs font-medium text-brand-600 hover:underline dark:text-brand-500"
              >
                {t("notifications.markAllRead")}
              </button>
            </Form>
          ) : null}
        </div>
        <div className="max-h-96 overflow-y-auto">
          <NotificationList items={latest} redirectTo={redirectTo} />
        </div>
        <Link
          to="/app/notifications"
          className="block border-t border-slate-100 px-2 py-2 text-center text-sm text-brand-600 hover:underline dark:border-slate-800 dark:text-brand-500"
        >
          {t("notifications.viewAll")}
        </Link>
      </PopoverPanel>
    </Popover>
  );
}
