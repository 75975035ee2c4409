import { Link, useLocation, useNavigate, useNavigationType } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { addressBefore } from "./location-trail";
import { MAIN_ID } from "./skip-link";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog that is a route (docs/decisions/003-route-dialogs-keep-their-markup.md). The server renders it as an
 * overlay whose close control is a link back to the list, so it works without
 * JavaScript. Once JavaScript runs, the same markup gains the dialog behaviours (Escape
 * and the backdrop close it, focus stays inside, the page behind does not scroll), without
 * re-mounting: whatever the user typed before the scripts loaded stays in the fields.
 */
export function RouteDialog({
  title,
  closeTo,
  children,
  size = "md",
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  size?: "md" | "lg";
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  // What had the focus when the dialog opened, read in the first render (before autofocus
  // moves the focus into the dialog): it gets the focus back when the dialog closes.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  const { key } = useLocation();
  const arrivedBy = useNavigationType();
  // Opened from the page it closes to: closing goes back there, so Back does not open it
  // again. Otherwise (opened by its address, or after a form's answer) it takes the dialog's
  // place in the history.
  const closeDialog = () => {
    if (arrivedBy === "PUSH" && addressBefore(key) === closeTo) navigate(-1);
    else navigate(closeTo, { replace: true, preventScrollReset: true });
  };
  const close = useRef(closeDialog);
  close.current = closeDialog;

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const node = panel.current;
    if (node && !node.contains(document.activeElement)) {
      const first = node.querySelector<HTMLElement>("[autofocus]") ?? node.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? node).focus();
    }
    const onKeyDown = (event: KeyboardEvent) => {
      // An Escape a control inside used already (an open list of suggestions closing) is not for the dialog.
      if (event.key === "Escape" && event.defaultPrevented) return;
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
      } else if (event.key === "Tab" && node) {
        // What Tab can reach: not taken out of the order, and shown (a closed <details>
        // or a hidden field is skipped by the browser too).
        const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
        );
        if (focusable.length === 0) return;
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = previousOverflow;
      // Back to the link or button that opened the dialog; when there is none (the dialog
      // was opened by its address) or it is gone, to the page's main content.
      const back =
        opener instanceof HTMLElement && opener !== document.body && opener.isConnected && !node?.contains(opener)
          ? opener
          : document.getElementById(MAIN_ID);
      back?.focus({ preventScroll: true });
    };
    // Once per dialog: `opener` is the element focused when it opened, read on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const width = size === "lg" ? "max-w-3xl" : "max-w-lg";
  return (
    // A click on the backdrop closes the dialog; keyboard users have Escape and the Close link.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/50 p-4 sm:items-center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <section
        ref={panel}
        // The close link and the forms' Cancel links (to `closeTo`) close it the same way.
        onClickCapture={(event) => {
          const anchor = (event.target as Element).closest?.("a");
          if (!anchor || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          const target = new URL(anchor.href, window.location.href);
          const home = new URL(closeTo, window.location.href);
          if (target.origin !== home.origin || `${target.pathname}${target.search}` !== `${home.pathname}${home.search}`) return;
          event.preventDefault();
          event.stopPropagation();
          close.current();
        }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        // It scrolls itself; a form's action bar (FormActions) sticks to its bottom edge, so
        // scrolling to a field leaves room for the bar below it (scroll-pb).
        className={`w-full ${width} max-h-[calc(100dvh-2rem)] scroll-pb-24 overflow-y-auto rounded-xl bg-white shadow-xl outline-none dark:bg-slate-900`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            // 44×44 px on a phone, its extra size taken out of the header's padding.
            className="-m-2.5 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 sm:-m-1 sm:h-auto sm:w-auto sm:p-1 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            aria-label={t("common.close")}
          >
            <span aria-hidden="true">✕</span>
          </Link>
        </div>
        <div className="px-5 py-4">{children}</div>
      </section>
    </div>
  );
}
