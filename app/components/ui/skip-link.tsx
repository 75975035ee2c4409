import { useTranslation } from "react-i18next";

/** The id of the page's <main>, the skip link's target (give that <main> tabIndex={-1}). */
export const MAIN_ID = "main";

/**
 * The first thing the Tab key reaches: hidden until focused, it jumps past the header and
 * navigation to the page's main landmark. A plain link, so it works without JavaScript.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:font-medium focus:text-slate-900 focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-brand-600"
    >
      {t("nav.skipToContent")}
    </a>
  );
}
