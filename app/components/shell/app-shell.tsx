import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ROLE_LABELS, type Access, type Role } from "~/lib/permissions";
import type { KeyUnder } from "~/locales/keys";
import { BrandMark } from "~/components/brand";
import { PreferencesSwitcher } from "~/components/preferences-switcher";
import { MAIN_ID, SkipLink } from "~/components/ui/skip-link";
import { Icon, type IconName } from "./icons";
import { NotificationBell, type BellData } from "./notification-bell";

/** The sidebar: each page and what a member needs to see its link (app/lib/permissions.ts). */
export const NAV_ITEMS: { key: IconName & KeyUnder<"nav">; to: string; access: Access }[] = [
  { key: "dashboard", to: "/app", access: "work" },
  { key: "myDay", to: "/app/my-day", access: "assigned-work" },
  { key: "customers", to: "/app/customers", access: "customers" },
  { key: "requests", to: "/app/requests", access: "customers" },
  { key: "schedule", to: "/app/schedule", access: "assigned-work" },
  { key: "estimates", to: "/app/estimates", access: "estimates" },
  { key: "priceBook", to: "/app/price-book", access: "price-book" },
  { key: "invoices", to: "/app/invoices", access: "money" },
  { key: "recurringInvoices", to: "/app/recurring-invoices", access: "money" },
  { key: "jobs", to: "/app/jobs", access: "work" },
  { key: "reports", to: "/app/reports", access: "reports" },
  { key: "aiFeatures", to: "/app/ai", access: "estimates" },
  { key: "settings", to: "/app/settings", access: "settings" },
];

interface ShellProps {
  user: { name: string; role: Role };
  /** What the member may open: the sidebar shows only those pages. */
  access: readonly Access[];
  company: { name: string; logoUrl: string | null };
  bell: BellData;
  /** A figure beside a section's link: the work requests still new. */
  counts?: { requests?: number };
  children: ReactNode;
}

/**
 * The signed-in frame. On a phone the sidebar slides in: with JavaScript off the menu
 * link targets #navigation (CSS :target opens it), with it on the link toggles state,
 * the focus moves into the opened menu, and Escape or Close menu gives it back to Menu.
 */
export function AppShell({ user, access, company, bell, counts, children }: ShellProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLAnchorElement>(null);
  const closeLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    closeLink.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <div className="min-h-screen lg:flex">
      <SkipLink />
      <aside
        id="navigation"
        data-open={open ? "true" : "false"}
        aria-label={t("nav.mainNavigation")}
        className="fixed inset-y-0 left-0 z-40 flex w-64 -translate-x-full flex-col border-r border-slate-200 bg-white transition-transform duration-200 lg:sticky lg:top-0 lg:z-auto lg:h-screen lg:translate-x-0 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 px-4 dark:border-slate-800">
          <Link to="/app" className="flex min-w-0 items-center gap-2 font-semibold">
            {company.logoUrl ? (
              <img src={company.logoUrl} alt={t("shell.companyLogo")} className="h-8 w-8 rounded object-contain" />
            ) : (
              <BrandMark />
            )}
            <span className="truncate">{company.logoUrl ? company.name : "TradeDesk"}</span>
          </Link>
          {/* Without JavaScript the menu is the :target of the page; "#" clears it, so this is a real link. */}
          {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
          <a
            ref={closeLink}
            href="#"
            onClick={(event) => {
              event.preventDefault();
              setOpen(false);
              menuButton.current?.focus();
            }}
            className="rounded p-2 text-slate-500 hover:bg-slate-100 lg:hidden dark:text-slate-400 dark:hover:bg-slate-800"
            aria-label={t("nav.closeMenu")}
          >
            <Icon name="close" />
          </a>
        </div>
        <nav className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {NAV_ITEMS.filter((item) => access.includes(item.access)).map((item) => (
              <li key={item.key}>
                <NavLink
                  to={item.to}
                  end={item.to === "/app"}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                      isActive
                        ? "bg-brand-50 text-brand-700 dark:bg-brand-600/20 dark:text-brand-100"
                        : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                    }`
                  }
                >
                  <Icon name={item.key} />
                  {t(`nav.${item.key}`)}
                  {item.key === "requests" && counts?.requests ? (
                    <span
                      className="ml-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
                      data-testid="nav-requests-count"
                      aria-label={t("requests.newCount", { count: counts.requests })}
                    >
                      {counts.requests}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 p-4 dark:border-slate-800">
          <div className="flex items-center gap-3">
            <div
              aria-hidden="true"
              className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700 dark:bg-brand-600/30 dark:text-brand-100"
            >
              {initials(user.name)}
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" data-testid="user-name">
                {user.name}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{t(ROLE_LABELS[user.role])}</p>
            </div>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="rounded p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
                aria-label={t("shell.signOut")}
                title={t("shell.signOut")}
              >
                <Icon name="logout" />
              </button>
            </Form>
          </div>
        </div>
      </aside>
      {/* The backdrop behind the phone menu: a link to "#" closes the :target menu without JavaScript. */}
      {/* eslint-disable-next-line jsx-a11y/anchor-is-valid, jsx-a11y/anchor-has-content */}
      <a
        href="#"
        tabIndex={-1}
        aria-hidden="true"
        onClick={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        className="nav-backdrop fixed inset-0 z-30 hidden bg-slate-900/40 lg:hidden"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/90">
          <a
            ref={menuButton}
            href="#navigation"
            onClick={(event) => {
              event.preventDefault();
              setOpen((value) => !value);
            }}
            // A link in the role of a button: Space presses it too (Enter already does).
            onKeyDown={(event) => {
              if (event.key === " ") {
                event.preventDefault();
                setOpen((value) => !value);
              }
            }}
            className="rounded p-2 text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
            aria-controls="navigation"
            aria-expanded={open}
            aria-label={t("nav.menu")}
            role="button"
          >
            <Icon name="menu" className="h-6 w-6" />
          </a>
          <div className="flex-1" />
          <PreferencesSwitcher />
          <NotificationBell bell={bell} />
        </header>
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "")).toUpperCase() || "?";
}
