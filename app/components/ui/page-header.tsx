import type { ReactNode } from "react";

export function PageHeader({
  title,
  subtitle,
  count,
  actions,
}: {
  title: string;
  subtitle?: string;
  count?: number;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight">
          {title}
          {count !== undefined ? (
            <span
              data-testid="count-badge"
              className="rounded-full bg-slate-200 px-2.5 py-0.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {count}
            </span>
          ) : null}
        </h1>
        {subtitle ? <p className="mt-1 text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      data-testid="empty-state"
      className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400"
    >
      <p>{children}</p>
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
