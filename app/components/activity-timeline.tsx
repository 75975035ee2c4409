import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { useLocale } from "~/components/use-locale";
import type { ActivityEvent, ActivityKind } from "~/lib/activity";
import { formatCalendarDate } from "~/lib/estimate-dates";
import { formatMoney } from "~/lib/money";
import { formatDayIn, formatTimeIn } from "~/lib/schedule";

/** One event as a sentence in the interface language. */
function eventText(t: TFunction, event: ActivityEvent, kind: ActivityKind, language: string, currency: string): string {
  switch (event.type) {
    case "created":
      if (event.fromEstimate) return t("activity.events.createdFrom", { number: event.fromEstimate });
      return t(kind === "invoice" ? "activity.events.createdInvoice" : "activity.events.createdEstimate");
    case "invoiced":
      return t("activity.events.invoiced", { number: event.invoiceNumber });
    case "sent":
      return event.to ? t("activity.events.sent", { to: event.to }) : t("activity.events.sentNoAddress");
    case "linkCreated":
      return t("activity.events.linkCreated");
    case "viewed":
      return t("activity.events.viewed", { count: event.count });
    case "lastViewed":
      return t("activity.events.lastViewed");
    case "approved":
      return event.by ? t("activity.events.approved", { name: event.by }) : t("activity.events.approvedNoName");
    case "declined":
      return event.by ? t("activity.events.declined", { name: event.by }) : t("activity.events.declinedNoName");
    case "payment":
    case "deposit":
      return t(`activity.events.${event.type}`, {
        amount: formatMoney(event.amount, language, currency),
        method: t(`invoices.paymentMethod.${event.method}`),
      });
    case "lateCharge":
      return t("activity.events.lateCharge", { amount: formatMoney(event.amount, language, currency), count: event.month });
    case "paid":
      return t("activity.events.paid");
    case "reminder":
      if (event.step === 0) return t("activity.events.reminderOnDueDate");
      return event.step < 0
        ? t("activity.events.reminderBefore", { count: -event.step })
        : t("activity.events.reminderAfter", { count: event.step });
    case "followUp":
      return t("activity.events.followUp");
    case "expiryReminder":
      return t("activity.events.expiryReminder", { date: formatCalendarDate(event.validUntil, language) });
  }
}

/** A detail under the sentence: a payment's or deposit's reference, a decline's reason. */
function eventDetail(t: TFunction, event: ActivityEvent): string | null {
  if ((event.type === "payment" || event.type === "deposit") && event.reference)
    return t("activity.reference", { reference: event.reference });
  if (event.type === "declined" && event.reason) return t("activity.reason", { reason: event.reason });
  return null;
}

/** The events, oldest first, each with its day and time in the account's zone. */
export function ActivityTimeline({
  events,
  kind,
  zone,
  currency,
}: {
  events: ActivityEvent[];
  kind: ActivityKind;
  zone: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const language = useLocale();
  return (
    <ol className="relative mt-4 space-y-4 border-l border-slate-200 pl-5 dark:border-slate-700" data-testid="activity">
      {events.map((event) => {
        const when = new Date(event.at);
        const detail = eventDetail(t, event);
        return (
          <li key={event.id} className="relative" data-testid={`activity-${event.type}`}>
            <span
              aria-hidden="true"
              className="absolute -left-[1.65rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-500 ring-4 ring-white dark:ring-slate-900"
            />
            <p className="text-sm font-medium">{eventText(t, event, kind, language, currency)}</p>
            {detail ? <p className="text-sm text-slate-600 dark:text-slate-400">{detail}</p> : null}
            {event.actor ? (
              <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="activity-actor">
                {event.actor.role
                  ? t("activity.by", { name: event.actor.name, role: t(`shell.roles.${event.actor.role}`) })
                  : t("activity.byFormer", { name: event.actor.name })}
              </p>
            ) : null}
            <p className="text-xs text-slate-500 dark:text-slate-400">
              <time dateTime={when.toISOString()}>
                {formatDayIn(when, zone, language)}, {formatTimeIn(when, zone, language)}
              </time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}

export interface ActivityDialogData {
  activity: { kind: ActivityKind; id: string; number: string; title: string; customerName: string; events: ActivityEvent[] };
  zone: string;
  currency: string;
}

/** The activity of an estimate or an invoice as a route dialog over its list. */
export function ActivityDialog({ data, closeTo, footer }: { data: ActivityDialogData; closeTo: string; footer?: ReactNode }) {
  const { t } = useTranslation();
  const { activity, zone, currency } = data;
  return (
    <RouteDialog title={`${t("activity.title")} · ${activity.number}`} closeTo={closeTo}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {activity.title} · {activity.customerName}
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("activity.intro", { number: activity.number, zone })}</p>
      <ActivityTimeline events={activity.events} kind={activity.kind} zone={zone} currency={currency} />
      <div className="mt-6 flex justify-end gap-2">
        {footer}
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          {t("common.close")}
        </Link>
      </div>
    </RouteDialog>
  );
}
