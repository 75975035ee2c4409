import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AppStylesheet } from "~/components/app-stylesheet";
import { ErrorPage } from "~/components/error-page";
import { useNonce } from "~/components/nonce";
import { NavigationProgress } from "~/components/ui/navigation-progress";
import { ToastView } from "~/components/ui/toast";
import { getShellSettings } from "~/models/settings.server";
import { loadDictionary } from "~/infrastructure/dictionaries";
import { translate } from "~/infrastructure/i18n";
import { i18nServer } from "~/infrastructure/i18n.server";
import { getThemeFromCookie, type Theme } from "~/infrastructure/preferences.server";
import { firstVisitStylesheet } from "~/infrastructure/first-visit-stylesheet.server";
import { getSessionUser } from "~/infrastructure/session.server";
import { readToast } from "~/infrastructure/toast.server";
import stylesheet from "~/tailwind.css?url";
import { useLocationTrail } from "~/components/ui/location-trail";
import { useRouteLinks } from "~/components/ui/route-link";

// The stylesheet is not among the links: AppStylesheet renders it, inline on a first visit.
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Added to a phone's home screen: name, icons and colours (public/manifest.webmanifest).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const settings = user ? await getShellSettings(user.accountId) : null;
  // A signed-in account's own settings decide language and theme; visitors get their cookies.
  const locale = settings?.appLanguage ?? (await i18nServer.getLocale(request));
  const theme: Theme = settings ? (settings.darkMode ? "dark" : "light") : ((await getThemeFromCookie(request)) ?? "light");
  const { toast, header } = await readToast(request);
  const inlineStylesheet = firstVisitStylesheet(request, context.clientDir, stylesheet);
  const headers = new Headers();
  if (header) headers.append("Set-Cookie", header);
  if (inlineStylesheet?.setCookie) headers.append("Set-Cookie", inlineStylesheet.setCookie);
  return data(
    {
      locale,
      theme,
      toast,
      user: user ? { id: user.id, name: user.name, email: user.email } : null,
      company: settings
        ? {
            name: settings.companyName,
            logoUrl: settings.logoUpdatedAt ? `/app/logo?v=${settings.logoUpdatedAt.getTime()}` : null,
          }
        : null,
      inlineStylesheet: inlineStylesheet !== null,
    },
    { headers },
  );
}

export type RootLoaderData = typeof loader;

// Pages carry the signed-in user's data: never store them in a shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const locale = data?.locale ?? "en";
  if (isRouteErrorResponse(error) && error.status === 404) {
    return [{ title: translate(locale, "notFound.title") }];
  }
  if (error) return [{ title: `${translate(locale, "error.title")} | TradeDesk` }];
  return [
    { title: `TradeDesk | ${translate(locale, "app.tagline")}` },
    { name: "description", content: translate(locale, "landing.hero.subtitle") },
  ];
};

/**
 * What a route module may say in its `handle`. `hydrate: false` marks a page that works as
 * plain HTML and needs no JavaScript (the landing page): when no matched route wants
 * hydration, the document ships no scripts at all (docs/performance.md).
 */
export interface RouteHandle {
  hydrate?: boolean;
}

function useHydration(): boolean {
  const matches = useMatches();
  // In the browser the app is already running (this document was hydrated): keep Remix's
  // scripts and scroll restoration mounted across client-side navigations, to any page.
  if (typeof document !== "undefined") return true;
  const routes = matches.filter((match) => match.id !== "root");
  return routes.length === 0 || routes.some((match) => (match.handle as RouteHandle | undefined)?.hydrate !== false);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const hydrate = useHydration();
  const locale = root?.locale ?? "en";
  const theme = root?.theme ?? "light";
  return (
    <html lang={locale} dir="ltr" className={theme === "dark" ? "dark" : ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "dark" ? "dark" : "light"} />
        <meta name="theme-color" content="#2563eb" />
        <Meta />
        <AppStylesheet href={stylesheet} inline={root?.inlineStylesheet ?? false} />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * Follows the language the server chose (a switch in settings or on the sign-in page): the
 * browser fetches that dictionary first, then switches, so no text shows as a raw key.
 */
function useLanguage(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language === locale) return;
    let current = true;
    void loadDictionary(locale).then(() => {
      if (current) void i18n.changeLanguage(locale);
    });
    return () => {
      current = false;
    };
  }, [locale, i18n]);
}

export default function App() {
  const { locale, toast } = useLoaderData<typeof loader>();
  useLanguage(locale);
  useRouteLinks();
  useLocationTrail();
  return (
    <>
      {/* First in the page: without JavaScript the message sits at the top, in the flow (ToastView). */}
      {toast ? <ToastView toast={toast} /> : null}
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} title={t("notFound.title")} body={t("notFound.body")} />;
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} title={t("error.title")} body={t("error.body")} />;
}
