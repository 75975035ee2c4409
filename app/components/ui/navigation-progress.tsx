import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** How long a page change may take before the bar shows: quick ones do not flash it. */
const DELAY_MS = 250;

/**
 * A thin bar across the top of the screen while the next page loads or a form posts, so a
 * tap on a slow phone network shows at once that it was taken. Without JavaScript the
 * browser shows its own; server-rendered pages never have it (the navigation is idle).
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("common.loading")}
      className="navigation-progress fixed inset-x-0 top-0 z-[100] h-1 overflow-hidden bg-brand-100"
      data-testid="navigation-progress"
    >
      <div className="h-full w-1/3 bg-brand-600" />
    </div>
  );
}
