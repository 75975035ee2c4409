import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ShareActivity, ShareLinkField } from "~/components/share-activity";
import { Button, buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { estimateDecision } from "~/lib/activity";
import { formatMoment } from "~/lib/share-link";
import { getEstimateWithItems } from "~/models/estimate.server";
import { getSettings } from "~/models/settings.server";
import { appOrigin, getOrCreateShareLink, getShareLink, revokeShareLink, shareUrl } from "~/models/share.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import { isPosting } from "~/components/ui/submission";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.estimateId ?? "";
  const [estimate, link, settings] = await Promise.all([
    getEstimateWithItems(user.accountId, id),
    getShareLink(user.accountId, id),
    getSettings(user.accountId),
  ]);
  if (!estimate) throw new Response("Not Found", { status: 404 });
  const moment = (instant: Date | number | null) => formatMoment(instant, settings.appLanguage, settings.timeZone);
  // The same answer the estimate's activity shows.
  const answer = estimateDecision(estimate);
  return {
    estimate: { id: estimate.id, estimateNumber: estimate.estimateNumber, title: estimate.title },
    link: link
      ? {
          url: shareUrl(appOrigin(request), link.token),
          createdAt: moment(link.createdAt),
          viewCount: link.viewCount,
          firstViewedAt: moment(link.firstViewedAt),
          lastViewedAt: moment(link.lastViewedAt),
        }
      : null,
    decision: answer ? { ...answer, at: moment(answer.at) } : null,
  };
}

/** Create the link (a GET of this page never does) or revoke it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.estimateId ?? "";
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = `/app/estimates/${id}/share${new URL(request.url).search}`;
  if (intent === "create") {
    if (!(await getOrCreateShareLink(user.accountId, id, user.id))) throw new Response("Not Found", { status: 404 });
    return redirect(here);
  }
  if (intent === "revoke") {
    const estimate = await getEstimateWithItems(user.accountId, id);
    if (!estimate) throw new Response("Not Found", { status: 404 });
    await revokeShareLink(user.accountId, id);
    return redirectWithToast(here, {
      title: "estimates.share.revokedToast",
      description: "estimates.share.revokedBody",
      values: { number: estimate.estimateNumber },
    });
  }
  throw new Response("Unknown action", { status: 400 });
}

export default function ShareEstimate() {
  const { t } = useTranslation();
  const { estimate, link, decision } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const closeTo = `/app/estimates${useLocation().search}`;
  const busy = isPosting(navigation);
  return (
    <RouteDialog title={`${t("estimates.share.title")}: ${estimate.estimateNumber}`} closeTo={closeTo}>
      {link ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t("estimates.share.intro", { number: estimate.estimateNumber })}
          </p>
          <ShareLinkField url={link.url} label={t("estimates.share.linkLabel", { number: estimate.estimateNumber })} />
          <ShareActivity link={link} decision={decision} />
          <Form method="post" className="border-t border-slate-200 pt-4 dark:border-slate-700">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("estimates.share.revokeHint")}</p>
            <div className="mt-3 flex justify-end gap-2">
              <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
                {t("common.close")}
              </Link>
              <Button variant="danger" name="intent" value="revoke" disabled={busy}>
                {t("estimates.share.revoke")}
              </Button>
            </div>
          </Form>
        </div>
      ) : (
        <div className="space-y-4">
          <p>{t("estimates.share.none")}</p>
          <ShareActivity link={null} decision={decision} />
          <Form method="post" className="flex justify-end gap-2">
            <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
              {t("common.close")}
            </Link>
            <Button name="intent" value="create" disabled={busy}>
              {t("estimates.share.create")}
            </Button>
          </Form>
        </div>
      )}
    </RouteDialog>
  );
}
