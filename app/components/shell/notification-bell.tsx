import { useTranslation } from "react-i18next";
import { badgeLabel } from "~/lib/badge";
import { Icon } from "./icons";

export interface BellData {
  unread: number;
  latest: { id: string; title: string; message: string; read: boolean; createdAt: string | Date }[];
}

/** The bell: a disclosure (works without JavaScript) with the unread badge and the latest notifications. */
export function NotificationBell({ bell }: { bell: BellData }) {
  const { t } = useTranslation();
  const badge = badgeLabel(bell.unread);
  return (
    <details className="relative" data-testid="notification-bell">
      <summary
        className="relative flex cursor-pointer list-none items-center rounded p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
        aria-label={badge ? `${t("shell.notifications")} (${badge})` : t("shell.notifications")}
      >
        <Icon name="bell" className="h-6 w-6" />
        {badge ? (
          <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white">
            {badge}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-800">
        <p className="px-2 py-1 text-sm font-semibold">{t("shell.notifications")}</p>
        {bell.latest.length === 0 ? (
          <p className="px-2 py-4 text-sm text-slate-500 dark:text-slate-400">{t("shell.noNotifications")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-700">
            {bell.latest.map((item) => (
              <li key={item.id} className={`px-2 py-2 text-sm ${item.read ? "opacity-70" : ""}`}>
                <p className="font-medium">{item.title}</p>
                <p className="text-slate-600 dark:text-slate-300">{item.message}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
