import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ShareActivity, ShareLinkField } from "~/components/share-activity";
import { Button, buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { formatMoment } from "~/lib/share-link";
import { getInvoiceWithItems } from "~/models/invoice.server";
import {
  getInvoiceShareLink,
  getOrCreateInvoiceShareLink,
  invoiceShareUrl,
  revokeInvoiceShareLink,
} from "~/models/invoice-share.server";
import { getSettings } from "~/models/settings.server";
import { appOrigin } from "~/models/share.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import { isPosting } from "~/components/ui/submission";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.invoiceId ?? "";
  const [invoice, link, settings] = await Promise.all([
    getInvoiceWithItems(user.accountId, id),
    getInvoiceShareLink(user.accountId, id),
    getSettings(user.accountId),
  ]);
  if (!invoice) throw new Response("Not Found", { status: 404 });
  const moment = (instant: Date | null) => formatMoment(instant, settings.appLanguage, settings.timeZone);
  return {
    invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber },
    link: link
      ? {
          url: invoiceShareUrl(appOrigin(request), link.token),
          createdAt: moment(link.createdAt),
          viewCount: link.viewCount,
          firstViewedAt: moment(link.firstViewedAt),
          lastViewedAt: moment(link.lastViewedAt),
        }
      : null,
  };
}

/** Create the link (a GET of this page never does) or revoke it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.invoiceId ?? "";
  const intent = (await readForm(request)).get("intent");
  const here = `/app/invoices/${id}/share${new URL(request.url).search}`;
  const invoice = await getInvoiceWithItems(user.accountId, id);
  if (!invoice) throw new Response("Not Found", { status: 404 });
  if (intent === "create") {
    await getOrCreateInvoiceShareLink(user.accountId, id, user.id);
    return redirect(here);
  }
  if (intent === "revoke") {
    await revokeInvoiceShareLink(user.accountId, id);
    return redirectWithToast(here, {
      title: "invoices.share.revokedToast",
      description: "invoices.share.revokedBody",
      values: { number: invoice.invoiceNumber },
    });
  }
  throw new Response("Unknown action", { status: 400 });
}

export default function ShareInvoice() {
  const { t } = useTranslation();
  const { invoice, link } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const closeTo = `/app/invoices${useLocation().search}`;
  const busy = isPosting(navigation);
  const close = (
    <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
      {t("common.close")}
    </Link>
  );
  return (
    <RouteDialog title={`${t("invoices.share.title")}: ${invoice.invoiceNumber}`} closeTo={closeTo}>
      {link ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t("invoices.share.intro", { number: invoice.invoiceNumber })}
          </p>
          <ShareLinkField url={link.url} label={t("invoices.share.linkLabel", { number: invoice.invoiceNumber })} />
          <ShareActivity link={link} decision={null} />
          <Form method="post" className="border-t border-slate-200 pt-4 dark:border-slate-700">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("invoices.share.revokeHint")}</p>
            <div className="mt-3 flex justify-end gap-2">
              {close}
              <Button variant="danger" name="intent" value="revoke" disabled={busy}>
                {t("invoices.share.revoke")}
              </Button>
            </div>
          </Form>
        </div>
      ) : (
        <div className="space-y-4">
          <p>{t("invoices.share.none")}</p>
          <Form method="post" className="flex justify-end gap-2">
            {close}
            <Button name="intent" value="create" disabled={busy}>
              {t("invoices.share.create")}
            </Button>
          </Form>
        </div>
      )}
    </RouteDialog>
  );
}
