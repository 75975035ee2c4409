import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/locales/keys";
import { useHydrated } from "./use-hydrated";

export interface ToastData {
  type: "success" | "error" | "info";
  title: TranslationKey;
  description?: TranslationKey;
  values?: Record<string, string>;
}

const TOAST_DURATION_MS = 5000;

/**
 * One toast at a time. With JavaScript it floats at the bottom for five seconds and has a
 * close button. Without it (and until the page runs script), it sits in the page flow where
 * it is rendered, so it never covers a control, and its close control is a label for a
 * hidden checkbox: CSS hides the message when it is ticked, no script needed.
 */
export function ToastView({ toast }: { toast: ToastData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const closeId = useId();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  const destructive = toast.type === "error";
  const place = hydrated
    ? "fixed bottom-4 right-4 left-4 z-50 mx-auto max-w-sm sm:left-auto"
    : "relative mx-auto my-2 w-[calc(100%-1rem)] max-w-xl";
  return (
    <>
      {hydrated ? null : <input type="checkbox" id={closeId} className="peer sr-only" aria-hidden="true" tabIndex={-1} />}
      <div
        role={destructive ? "alert" : "status"}
        data-testid="toast"
        data-type={toast.type}
        className={`${place} rounded-lg border p-4 shadow-lg peer-checked:hidden ${
          destructive
            ? "border-red-300 bg-red-700 text-white"
            : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        }`}
      >
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1 break-words">
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
          ) : (
            <label htmlFor={closeId} className="cursor-pointer rounded p-1 text-sm hover:bg-black/10" data-testid="toast-close">
              <span aria-hidden="true">✕</span>
              <span className="sr-only">{t("common.dismiss")}</span>
            </label>
          )}
        </div>
      </div>
    </>
  );
}
