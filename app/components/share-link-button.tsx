import { useRevalidator } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { routeLinkProps } from "~/components/ui/route-link";
import { ToastView, type ToastData } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { shareOrCopy } from "~/lib/share-link";

/**
 * "Share link" on an estimate. Without JavaScript it opens the share page, which shows
 * the link to copy (or creates it, with a button: a GET never writes). With JavaScript it asks POST
 * /api/estimates/{id}/share for the link, then opens the share sheet, else copies the
 * link, else shows it (docs/product/estimates.md, "Share links"), and reports through `onToast`.
 */
export function ShareLinkButton({
  estimateId,
  estimateNumber,
  search,
  className,
  onToast,
}: {
  estimateId: string;
  estimateNumber: string;
  search: string;
  className: string;
  onToast: (toast: ToastData) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();

  async function share(event: MouseEvent<HTMLAnchorElement>) {
    // A click with a modifier opens the share page in a new tab, as a link should.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const failed = (message?: string) =>
      onToast({
        type: "error",
        title: "toast.errorTitle",
        description: message ? "estimates.share.failedWith" : "estimates.share.failed",
        values: message ? { message } : undefined,
      });
    let link: string;
    let number = estimateNumber;
    try {
      const response = await fetch(`/api/estimates/${estimateId}/share`, {
        method: "POST",
        headers: { Accept: "application/json" },
      });
      const body = (await response.json().catch(() => null)) as {
        shareableLink?: string;
        estimateNumber?: string;
        message?: string;
      } | null;
      if (!response.ok || !body?.shareableLink) return failed(body?.message);
      link = body.shareableLink;
      number = body.estimateNumber ?? number;
    } catch {
      return failed();
    }
    revalidator.revalidate();
    const title = t("estimates.share.linkLabel", { number });
    const outcome = await shareOrCopy(link, { title, text: title }, navigator);
    if (outcome === "shared")
      onToast({
        type: "success",
        title: "estimates.share.shared",
        description: "estimates.share.sharedBody",
        values: { number },
      });
    else if (outcome === "copied")
      onToast({ type: "success", title: "estimates.share.copied", description: "estimates.share.copiedBody", values: { link } });
    else if (outcome === "shown")
      onToast({ type: "info", title: "estimates.share.shownTitle", description: "estimates.share.shownBody", values: { link } });
  }

  // A route link (one in every row of the list, cheaper to render than a <Link>): the share
  // page opens below the list without a page load when the click is not taken by `share`.
  const link = routeLinkProps(`/app/estimates/${estimateId}/share${search}`, { keepScroll: true });
  return (
    <a
      href={link.href}
      data-route={link["data-route"]}
      onClick={hydrated ? share : undefined}
      className={className}
      aria-label={`${t("estimates.share.action")} · ${estimateNumber}`}
    >
      {t("estimates.share.action")}
    </a>
  );
}

/**
 * The share button's toast for a list: it waits for the list to reload, which also retires a
 * toast from the server (one toast at a time). `view` goes after the list.
 */
export function useShareToast() {
  const [clientToast, setClientToast] = useState<{ key: number; toast: ToastData } | null>(null);
  const revalidator = useRevalidator();
  return {
    onToast: (toast: ToastData) => setClientToast({ key: Date.now(), toast }),
    view: clientToast && revalidator.state === "idle" ? <ToastView key={clientToast.key} toast={clientToast.toast} /> : null,
  };
}
