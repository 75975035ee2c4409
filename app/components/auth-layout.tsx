import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandMark } from "./brand";
import { PreferencesSwitcher } from "./preferences-switcher";
import { MAIN_ID, SkipLink } from "./ui/skip-link";

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <BrandMark />
          <span>TradeDesk</span>
        </Link>
        <PreferencesSwitcher />
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 outline-none sm:items-center"
      >
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
