import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NotificationList } from "~/components/notification-list";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { titleMeta } from "~/services/meta";
import {
  countUnread,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/models/notification.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { now as clockNow } from "~/lib/clock";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

export const meta = titleMeta("notifications.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [items, unread] = await Promise.all([listNotifications(user.accountId), countUnread(user.accountId)]);
  return { items, unread, now: clockNow().getTime() };
}

/** Mark one read, mark all read, delete one: the bell's actions and this page's, as plain form posts. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const back = safeRedirect(form.get("redirectTo"), "/app/notifications");
  if (intent === "read-all") {
    await markAllNotificationsRead(user.accountId);
    return redirectWithToast(back, { title: "notifications.allMarkedRead" });
  }
  if (intent === "read") {
    if (!(await markNotificationRead(user.accountId, id))) throw new Response("Not Found", { status: 404 });
    return redirect(back);
  }
  if (intent === "delete") {
    if (!(await deleteNotification(user.accountId, id))) throw new Response("Not Found", { status: 404 });
    return redirect(back);
  }
  throw new Response("Unknown action", { status: 400 });
}

export default function NotificationsPage() {
  const { t } = useTranslation();
  const { items, unread, now } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="max-w-2xl">
      <PageHeader
        title={t("notifications.title")}
        subtitle={unread > 0 ? t("notifications.unread", { count: unread }) : undefined}
        actions={
          unread > 0 ? (
            <Form method="post">
              <input type="hidden" name="redirectTo" value={location.pathname} />
              <Button name="intent" value="read-all" variant="secondary">
                {t("notifications.markAllRead")}
              </Button>
            </Form>
          ) : null
        }
      />
      <div className="rounded-xl border border-slate-200 bg-white px-2 dark:border-slate-800 dark:bg-slate-900">
        <NotificationList items={items} redirectTo={location.pathname} now={now} />
      </div>
    </div>
  );
}
