import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/forms";
import { ToastView, type ToastData } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { shareOrCopy } from "~/lib/share-link";

/** The link in a read-only field to copy by hand; with JavaScript, a Copy button too. */
export function ShareLinkField({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  const [toast, setToast] = useState<{ key: number; toast: ToastData } | null>(null);
  async function copy() {
    const outcome = await shareOrCopy(url, { title: label, text: label }, { clipboard: navigator.clipboard });
    setToast({
      key: Date.now(),
      toast:
        outcome === "copied"
          ? { type: "success", title: "estimates.share.copied", description: "estimates.share.copiedBody", values: { link: url } }
          : {
              type: "info",
              title: "estimates.share.shownTitle",
              description: "estimates.share.shownBody",
              values: { link: url },
            },
    });
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="url"
          readOnly
          value={url}
          className={`${inputClass} font-mono text-sm`}
          data-testid="share-url"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button type="button" className={buttonClass("secondary", "shrink-0")} onClick={copy}>
            {t("estimates.share.copy")}
          </button>
        ) : null}
        <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "shrink-0")}>
          {t("estimates.share.open")}
        </a>
      </div>
      {toast ? <ToastView key={toast.key} toast={toast.toast} /> : null}
    </div>
  );
}

export interface ShareActivityLink {
  createdAt: string;
  viewCount: number;
  firstViewedAt: string;
  lastViewedAt: string;
}

export interface ShareDecision {
  status: "approved" | "rejected";
  at: string;
  by: string | null;
  response: string | null;
}

/** What happened to the link: created, viewed (how often, first and last), approved or declined and by whom. */
export function ShareActivity({ link, decision }: { link: ShareActivityLink | null; decision: ShareDecision | null }) {
  const { t } = useTranslation();
  if (!link && !decision) return null;
  const decided = decision
    ? decision.status === "approved"
      ? decision.by
        ? t("estimates.share.approvedBy", { name: decision.by, date: decision.at })
        : t("estimates.share.approvedOn", { date: decision.at })
      : decision.by
        ? t("estimates.share.declinedBy", { name: decision.by, date: decision.at })
        : t("estimates.share.declinedOn", { date: decision.at })
    : null;
  return (
    <section
      aria-labelledby="share-activity"
      className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
      data-testid="share-activity"
    >
      <h3 id="share-activity" className="font-medium">
        {t("estimates.share.activity")}
      </h3>
      <ul className="mt-1 space-y-0.5 text-slate-700 dark:text-slate-300">
        {link ? <li>{t("estimates.share.createdOn", { date: link.createdAt })}</li> : null}
        {link ? (
          link.viewCount > 0 ? (
            <>
              <li data-testid="share-views">{t("estimates.share.viewedCount", { count: link.viewCount })}</li>
              <li>{t("estimates.share.firstViewed", { date: link.firstViewedAt })}</li>
              <li>{t("estimates.share.lastViewed", { date: link.lastViewedAt })}</li>
            </>
          ) : (
            <li data-testid="share-views">{t("estimates.share.notViewed")}</li>
          )
        ) : null}
        {decided ? (
          <li className="font-medium text-slate-900 dark:text-slate-100" data-testid="share-decision">
            {decided}
          </li>
        ) : null}
      </ul>
      {decision?.response ? (
        <div className="mt-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {decision.status === "approved" ? t("estimates.share.customerMessage") : t("estimates.share.declineReason")}
          </p>
          <p className="whitespace-pre-line" data-testid="share-response">
            {decision.response}
          </p>
        </div>
      ) : null}
    </section>
  );
}
