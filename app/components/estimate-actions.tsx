// Everything a contractor does to one estimate, on its page (the preview over the estimates
// list, app/routes/app.estimates.$estimateId.preview): the list's row opens this page with one
// tap, so a phone's card carries one link rather than nine (docs/product/estimates.md, "The list").
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ShareLinkButton } from "~/components/share-link-button";
import { buttonClass } from "~/components/ui/button";
import { ROUTE_LINK_KEEP_SCROLL } from "~/components/ui/route-link";
import type { ToastData } from "~/components/ui/toast";
import { canInvoiceEstimate } from "~/lib/estimate-dates";

export function EstimateActions({
  estimate,
  search,
  onToast,
}: {
  /** fileCount: how many photos and files it has (its Photos & files link says so). */
  estimate: { id: string; number: string; status: string; canSend: boolean; fileCount?: number };
  /** The list's search, kept by the dialogs these open (they close back to the list as it was). */
  search: string;
  onToast: (toast: ToastData) => void;
}) {
  const { t } = useTranslation();
  const number = { number: estimate.number };
  const base = `/app/estimates/${estimate.id}`;
  const secondary = buttonClass("secondary");
  return (
    <div className="no-print mb-3 flex flex-wrap gap-2" data-route={ROUTE_LINK_KEEP_SCROLL} data-testid="estimate-actions">
      <a href={`${base}/edit${search}`} className={buttonClass("primary")} aria-label={t("estimates.editAction", number)}>
        {t("list.edit")}
      </a>
      {estimate.canSend ? (
        <a href={`${base}/send${search}`} className={secondary} aria-label={t("estimates.sendAction", number)}>
          {t("estimates.send")}
        </a>
      ) : (
        <span
          className={`${secondary} cursor-not-allowed opacity-70`}
          aria-disabled="true"
          title={t("estimates.emailRequired")}
          data-testid="send-disabled"
        >
          {t("estimates.send")}: {t("estimates.emailRequired")}
        </span>
      )}
      <ShareLinkButton
        estimateId={estimate.id}
        estimateNumber={estimate.number}
        search={search}
        className={secondary}
        onToast={onToast}
      />
      <a
        href={`${base}/deposit${search}`}
        className={secondary}
        aria-label={`${t("estimates.deposit.action")} · ${estimate.number}`}
      >
        {t("estimates.deposit.action")}
      </a>
      <a href={`${base}/files${search}`} className={secondary} aria-label={`${t("files.action")} · ${estimate.number}`}>
        {estimate.fileCount ? t("files.actionCount", { count: estimate.fileCount }) : t("files.action")}
      </a>
      <a href={`${base}/activity${search}`} className={secondary} aria-label={t("activity.actionLabel", number)}>
        {t("activity.action")}
      </a>
      {canInvoiceEstimate(estimate.status) ? (
        <Form method="post" action={`${base}/invoice`}>
          <button
            type="submit"
            className={buttonClass("primary")}
            aria-label={`${t("estimates.createInvoice")} · ${estimate.number}`}
          >
            {t("estimates.createInvoice")}
          </button>
        </Form>
      ) : null}
      <a href={`${base}/delete${search}`} className={buttonClass("danger")} aria-label={t("estimates.deleteAction", number)}>
        {t("list.delete")}
      </a>
    </div>
  );
}
