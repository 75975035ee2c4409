import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TextKey } from "~/locales/keys";
import { ShareLinkField } from "~/components/share-activity";
import { Button, buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { isPosting } from "~/components/ui/submission";
import { HUB_DETAIL_FIELDS } from "~/lib/customer-hub-schema";
import { formatMoment } from "~/lib/share-link";
import { getCustomer } from "~/models/customer.server";
import { getHub, getOrCreateHub, hubUrl, listDetailChanges, revokeHub } from "~/models/customer-hub.server";
import { getSettings } from "~/models/settings.server";
import { appOrigin } from "~/models/share.server";
import { readForm } from "~/infrastructure/form.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { sendHubLink } from "~/services/customer-hub-mail.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

// The customer's hub link, on the customer (a dialog over the list, a page without
// JavaScript): the link to copy, "Send hub link", revoke, and what the customer changed of
// their details from the hub. Loading it never makes a link: "Create hub link" and "Send hub
// link" are posts.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.customerId ?? "";
  const [customer, hub, settings, changes] = await Promise.all([
    getCustomer(user.accountId, id),
    getHub(user.accountId, id),
    getSettings(user.accountId),
    listDetailChanges(user.accountId, id),
  ]);
  if (!customer) throw new Response("Not Found", { status: 404 });
  const moment = (instant: Date | number | null) => formatMoment(instant, settings.appLanguage, settings.timeZone);
  return {
    customer: { id: customer.id, name: customer.name, email: customer.email?.trim() || null },
    link: hub
      ? { url: hubUrl(appOrigin(request), hub.token), viewCount: hub.viewCount, lastViewedAt: moment(hub.lastViewedAt) }
      : null,
    changes: changes.map((change) => ({
      id: change.id,
      at: moment(change.createdAt),
      fields: HUB_DETAIL_FIELDS.flatMap((field) => (change.changes[field] ? [{ field, to: change.changes[field].to }] : [])),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.customerId ?? "";
  const customer = await getCustomer(user.accountId, id);
  if (!customer) throw new Response("Not Found", { status: 404 });
  const intent = (await readForm(request)).get("intent");
  const here = `/app/customers/${id}/hub${new URL(request.url).search}`;
  if (intent === "create") {
    if (!(await getOrCreateHub(user.accountId, id, user.id))) throw new Response("Not Found", { status: 404 });
    return redirect(here);
  }
  if (intent === "revoke") {
    await revokeHub(user.accountId, id);
    return redirectWithToast(here, {
      title: "hub.app.revoked",
      description: "hub.app.revokedBody",
      values: { name: customer.name },
    });
  }
  if (intent === "send") {
    const result = await sendHubLink(user.accountId, id, { origin: appOrigin(request), by: user.id });
    if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
    if (result.status === "no-email") return data({ problem: "hub.app.noEmail" as TextKey }, { status: 400 });
    if (result.status === "failed") {
      console.error("Sending a hub link failed:", result.error.message);
      const problem: TextKey =
        result.error.kind === "unknown" ? "hub.app.sendFailed" : `estimates.sendErrors.${result.error.kind}`;
      return data({ problem }, { status: result.error.kind === "sender" ? 400 : 502 });
    }
    return redirectWithToast(here, {
      title: "hub.app.sent",
      description: result.delivery.via === "outbox" ? "hub.app.sentOutboxBody" : "hub.app.sentBody",
      values: { email: result.recipient, file: result.delivery.via === "outbox" ? result.delivery.file : "" },
    });
  }
  throw new Response("Unknown action", { status: 400 });
}

export default function CustomerHubDialog() {
  const { t } = useTranslation();
  const { customer, link, changes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const closeTo = `/app/customers${useLocation().search}`;
  const busy = isPosting(navigation);
  const name = customer.name;
  return (
    <RouteDialog title={t("hub.app.title", { name })} closeTo={closeTo}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("hub.app.intro", { name })}</p>
        {actionData?.problem ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {t(actionData.problem, { name })}
          </p>
        ) : null}
        {link ? (
          <>
            <ShareLinkField url={link.url} label={t("hub.app.linkLabel", { name })} />
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="hub-views">
              {link.viewCount > 0
                ? t("hub.app.views", { count: link.viewCount, date: link.lastViewedAt })
                : t("hub.app.notViewed")}
            </p>
          </>
        ) : (
          <p>{t("hub.app.none", { name })}</p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {customer.email ? t("hub.app.sendTo", { email: customer.email }) : t("hub.app.noEmail", { name })}
        </p>
        <Form method="post" className="flex flex-wrap justify-end gap-2">
          <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
            {t("common.close")}
          </Link>
          {link ? null : (
            <Button variant="secondary" name="intent" value="create" disabled={busy}>
              {t("hub.app.create")}
            </Button>
          )}
          <Button name="intent" value="send" disabled={busy || !customer.email}>
            {t("hub.app.send")}
          </Button>
        </Form>
        {changes.length ? (
          <section
            aria-labelledby="hub-changes"
            className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
            data-testid="hub-changes"
          >
            <h3 id="hub-changes" className="font-medium">
              {t("hub.app.changesHeading")}
            </h3>
            <ul className="mt-1 space-y-0.5 text-slate-700 dark:text-slate-300">
              {changes.map((change) => (
                <li key={change.id}>
                  {t("hub.app.change", {
                    date: change.at,
                    changes: change.fields
                      .map(({ field, to }) =>
                        t("hub.notice.change", { field: t(`hub.fields.${field}`), value: to ?? t("hub.notice.empty") }),
                      )
                      .join("; "),
                  })}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {link ? (
          <Form method="post" className="border-t border-slate-200 pt-4 dark:border-slate-700">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("hub.app.revokeHint")}</p>
            <div className="mt-3 flex justify-end">
              <Button variant="danger" name="intent" value="revoke" disabled={busy}>
                {t("hub.app.revoke")}
              </Button>
            </div>
          </Form>
        ) : null}
      </div>
    </RouteDialog>
  );
}
