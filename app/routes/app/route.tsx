import { type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-page";
import { AppShell } from "~/components/shell/app-shell";
import { getNotificationBell } from "~/models/notification.server";
import { getShellSettings } from "~/models/settings.server";
import { requireUser } from "~/infrastructure/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [settings, bell] = await Promise.all([getShellSettings(user.id), getNotificationBell(user.id)]);
  return {
    user: { name: user.name },
    company: {
      name: settings.companyName,
      logoUrl: settings.logoUpdatedAt ? `/app/logo?v=${settings.logoUpdatedAt.getTime()}` : null,
    },
    bell,
  };
}

export default function AppLayout() {
  const { user, company, bell } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} company={company} bell={bell}>
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
  const page =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <ErrorPage status={404} title={t("notFound.title")} body={t("notFound.body")} home="/app" landmark={landmark} />
    ) : (
      <ErrorPage
        status={isRouteErrorResponse(error) ? error.status : 500}
        title={t("error.title")}
        body={t("error.body")}
        home="/app"
        landmark={landmark}
      />
    );
  if (!shell) return page;
  return (
    <AppShell user={shell.user} company={shell.company} bell={shell.bell}>
      {page}
    </AppShell>
  );
}
