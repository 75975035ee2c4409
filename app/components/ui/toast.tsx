import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./use-hydrated";

export interface ToastData {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  values?: Record<string, string>;
}

const TOAST_DURATION_MS = 5000;

/** One toast at a time, shown for five seconds (with JavaScript; without it, until the next page). */
export function ToastView({ toast }: { toast: ToastData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  const destructive = toast.type === "error";
  return (
    <div
      role={destructive ? "alert" : "status"}
      data-testid="toast"
      data-type={toast.type}
      className={`fixed bottom-4 right-4 left-4 z-50 mx-auto max-w-sm rounded-lg border p-4 shadow-lg sm:left-auto ${
        destructive
          ? "border-red-300 bg-red-700 text-white"
          : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
      }`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">{t(toast.title, toast.values)}</p>
          {toast.description ? <p className="mt-1 text-sm">{t(toast.description, toast.values)}</p> : null}
        </div>
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible(false)}
            className="rounded p-1 text-sm hover:bg-black/10"
            aria-label={t("common.dismiss")}
          >
            ✕
          </button>
        ) : null}
      </div>
    </div>
  );
}
