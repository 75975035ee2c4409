import { type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-page";
import { AppShell } from "~/components/shell/app-shell";
import { getNotificationBell } from "~/models/notification.server";
import { getShellSettings } from "~/models/settings.server";
import { countNewWorkRequests } from "~/models/work-request.server";
import { requireUser } from "~/infrastructure/session.server";
import { accessOf, can, homeOf, type RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [settings, bell, requests] = await Promise.all([
    getShellSettings(user.accountId),
    getNotificationBell(user.accountId),
    // The sidebar's figure of new work requests, for those who may open them.
    can(user.role, "customers") ? countNewWorkRequests(user.accountId) : 0,
  ]);
  return {
    user: { name: user.name, role: user.role },
    access: accessOf(user.role),
    home: homeOf(user.role),
    company: {
      name: settings.companyName,
      logoUrl: settings.logoUpdatedAt ? `/app/logo?v=${settings.logoUpdatedAt.getTime()}` : null,
    },
    bell,
    counts: { requests },
  };
}

export default function AppLayout() {
  const { user, access, company, bell, counts } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} access={access} company={company} bell={bell} counts={counts}>
      <Outlet />
    </AppShell>
  );
}

/** Errors below /app keep the shell around them (when the shell's own data loaded). */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const shell = useRouteLoaderData<typeof loader>("routes/app");
  // Inside the shell the page sits in the shell's <main>: one main landmark, not two.
  const landmark = !shell;
  const home = shell?.home ?? "/app";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const page =
    status === 404 ? (
      <ErrorPage status={404} title={t("notFound.title")} body={t("notFound.body")} home={home} landmark={landmark} />
    ) : status === 403 ? (
      <ErrorPage status={403} title={t("noAccess.title")} body={t("noAccess.body")} home={home} landmark={landmark} />
    ) : (
      <ErrorPage status={status} title={t("error.title")} body={t("error.body")} home={home} landmark={landmark} />
    );
  if (!shell) return page;
  return (
    <AppShell user={shell.user} access={shell.access} company={shell.company} bell={shell.bell} counts={shell.counts}>
      {page}
    </AppShell>
  );
}
