import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TextKey } from "~/locales/keys";
import { SendDocumentDialog } from "~/components/send-document-dialog";
import { estimateState, formatCalendarDate, lastValidDay } from "~/lib/estimate-dates";
import { today } from "~/lib/clock";
import { getEstimateWithItems } from "~/models/estimate.server";
import { getSettings } from "~/models/settings.server";
import { appOrigin } from "~/models/share.server";
import { env } from "~/infrastructure/env.server";
import { formatMailbox, sendEstimateEmail, senderOf } from "~/services/mail.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [estimate, settings] = await Promise.all([
    getEstimateWithItems(user.accountId, params.estimateId ?? ""),
    getSettings(user.accountId),
  ]);
  if (!estimate) throw new Response("Not Found", { status: 404 });
  const sender = senderOf(settings);
  const validThrough = lastValidDay(estimate, settings);
  const expired = estimateState(estimate.status, today(settings.timeZone), validThrough) === "expired";
  return {
    estimate: {
      id: estimate.id,
      estimateNumber: estimate.estimateNumber,
      title: estimate.title,
      customerName: estimate.customer.name,
      customerEmail: estimate.customer.email?.trim() || null,
      expiredAfter: expired ? validThrough : null,
    },
    sender: sender ? formatMailbox(sender) : null,
    smtp: Boolean(env().SMTP_URL),
  };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST sends. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const result = await sendEstimateEmail(user.accountId, params.estimateId ?? "", { origin: appOrigin(request), by: user.id });
  if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
  if (result.status === "no-email") return data({ problem: "estimates.emailRequired" as const }, { status: 400 });
  // Expired since the dialog opened: it shows again, now saying so.
  if (result.status === "expired") return data({ problem: "estimates.sendExpired" as const }, { status: 400 });
  if (result.status === "failed") {
    console.error("Sending an estimate failed:", result.error.message);
    const problem: TextKey =
      result.error.kind === "unknown" ? "estimates.sendFailed" : `estimates.sendErrors.${result.error.kind}`;
    return data({ problem }, { status: result.error.kind === "sender" ? 400 : 502 });
  }
  const back = `/app/estimates${new URL(request.url).search}`;
  const values = { sender: result.sender, recipient: result.recipient };
  if (result.delivery.via === "outbox") {
    return redirectWithToast(back, {
      title: "estimates.sentToast",
      description: "estimates.sentOutboxBody",
      values: { ...values, file: result.delivery.file },
    });
  }
  return redirectWithToast(back, { title: "estimates.sentToast", description: "estimates.sentBody", values });
}

export default function SendEstimate() {
  const { t, i18n } = useTranslation();
  const { estimate, sender, smtp } = useLoaderData<typeof loader>();
  const search = useLocation().search;
  const actionData = useActionData<typeof action>();
  const names = {
    number: estimate.estimateNumber,
    title: estimate.title,
    customer: estimate.customerName,
    email: estimate.customerEmail ?? "",
  };
  return (
    <SendDocumentDialog
      title={t("estimates.sendTitle")}
      confirm={t("estimates.sendConfirm", names)}
      details={t("estimates.sendDetails")}
      emailRequiredBody={t("estimates.emailRequiredBody", { customer: estimate.customerName })}
      sendLabel={t("estimates.send")}
      customerEmail={estimate.customerEmail}
      blocked={
        estimate.expiredAfter
          ? {
              title: t("estimates.sendExpired"),
              body: t("estimates.sendExpiredBody", { date: formatCalendarDate(estimate.expiredAfter, i18n.language) }),
              action: { to: `/app/estimates/${estimate.id}/edit${search}`, label: t("estimates.changeValidUntil") },
            }
          : null
      }
      sender={sender}
      smtp={smtp}
      closeTo={`/app/estimates${search}`}
      problem={actionData?.problem}
    />
  );
}
