import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatTimeIn, type AppointmentStatus } from "~/lib/schedule";
import type { Role } from "~/lib/permissions";
import { ScheduleStatusBadge } from "./schedule-item";
import { Button } from "./ui/button";
import { useLocale } from "./use-locale";

const link = "text-brand-600 underline-offset-2 hover:underline dark:text-brand-500";

export interface VisitEventView {
  id: string;
  kind: "on_my_way" | "started" | "completed" | "note";
  actorName: string | null;
  actorRole: Role | null;
  body: string | null;
  createdAt: string | Date;
}

export interface VisitView {
  id: string;
  title: string;
  description: string | null;
  notes: string | null;
  scheduledDate: string | Date;
  duration: number;
  status: AppointmentStatus;
  job: { id: string; title: string } | null;
  customer: { name: string; phone: string | null; email: string | null };
  address: string | null;
  events: VisitEventView[];
  onMyWaySent: boolean;
}

/** Who did a visit's step: "Ana (Technician)", or "a former member" when the login is gone. */
export function VisitEventList({ events, timeZone }: { events: VisitEventView[]; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (events.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-400" data-testid="visit-events">
      {events.map((event) => (
        <li key={event.id}>
          <span className="font-medium text-slate-800 dark:text-slate-200">{t(`myDay.events.${event.kind}`)}</span>
          {" · "}
          {event.actorName && event.actorRole
            ? t("myDay.by", { name: event.actorName, role: t(`shell.roles.${event.actorRole}`) })
            : (event.actorName ?? t("myDay.formerMember"))}
          {" · "}
          {formatTimeIn(new Date(event.createdAt), timeZone, locale)}
          {event.body ? <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{event.body}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** A hidden field set naming the visit and the day, for each of the card's forms. */
function VisitFields({ intent, visitId, day }: { intent: string; visitId: string; day: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="visitId" value={visitId} />
      <input type="hidden" name="day" value={day} />
    </>
  );
}

/**
 * One visit of My day: when, who and where (a maps link, a call link), the notes, and On my
 * way, Start and Complete as plain forms with touch-sized buttons; then what was done, by whom.
 */
export function VisitCard({
  visit,
  day,
  timeZone,
  fileCount = 0,
}: {
  visit: VisitView;
  day: string;
  timeZone: string;
  /** How many photos and files the visit has (its Photos & files link says so). */
  fileCount?: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const start = new Date(visit.scheduledDate);
  const end = new Date(start.getTime() + visit.duration * 60_000);
  const open = visit.status === "scheduled" || visit.status === "rescheduled" || visit.status === "in_progress";
  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="visit-card"
      aria-labelledby={`visit-${visit.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-400">
            {t("myDay.time", { start: formatTimeIn(start, timeZone, locale), end: formatTimeIn(end, timeZone, locale) })}
          </p>
          <h2 id={`visit-${visit.id}`} className="text-lg font-semibold">
            {visit.title}
          </h2>
          <p className="text-slate-700 dark:text-slate-300">{visit.customer.name}</p>
        </div>
        <ScheduleStatusBadge status={visit.status} />
      </div>

      <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {visit.address ? (
          <a
            className={`${link} inline-flex min-h-11 items-center`}
            href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(visit.address)}`}
            target="_blank"
            rel="noreferrer"
          >
            {t("myDay.map")}: {visit.address}
          </a>
        ) : null}
        {visit.customer.phone ? (
          <a
            className={`${link} inline-flex min-h-11 items-center`}
            href={`tel:${visit.customer.phone}`}
            aria-label={t("myDay.callAction", { name: visit.customer.name })}
          >
            {t("myDay.call", { phone: visit.customer.phone })}
          </a>
        ) : null}
        {visit.customer.email ? (
          <a className={`${link} inline-flex min-h-11 items-center break-all`} href={`mailto:${visit.customer.email}`}>
            {t("myDay.email", { email: visit.customer.email })}
          </a>
        ) : null}
      </div>

      {visit.job ? (
        <p className="mt-1 text-sm">
          <Link className={link} to={`/app/my-day/jobs/${visit.job.id}?day=${day}`}>
            {t("myDay.job", { title: visit.job.title })}
          </Link>
        </p>
      ) : null}
      <p className="mt-1 text-sm">
        <Link className={`${link} inline-flex min-h-11 items-center`} to={`/app/my-day/visits/${visit.id}/files?day=${day}`}>
          {fileCount > 0 ? t("files.actionCount", { count: fileCount }) : t("files.action")}
        </Link>
      </p>
      {visit.description ? <p className="mt-2 whitespace-pre-line text-sm">{visit.description}</p> : null}
      {visit.notes ? (
        <div className="mt-2 rounded-md bg-amber-50 p-2 text-sm dark:bg-amber-900/20">
          <p className="font-medium">{t("myDay.notes")}</p>
          <p className="whitespace-pre-line">{visit.notes}</p>
        </div>
      ) : null}

      {open ? (
        <div className="mt-4 grid grid-cols-1 gap-2 min-[400px]:grid-cols-3">
          <Form method="post" action="/app/my-day">
            <VisitFields intent="on-my-way" visitId={visit.id} day={day} />
            <Button
              variant="secondary"
              className="min-h-11 w-full"
              disabled={visit.onMyWaySent || !visit.customer.email}
              aria-describedby={visit.customer.email ? undefined : `visit-${visit.id}-no-email`}
            >
              {visit.onMyWaySent ? t("myDay.onMyWaySent") : t("myDay.onMyWay")}
            </Button>
          </Form>
          <Form method="post" action="/app/my-day">
            <VisitFields intent="start" visitId={visit.id} day={day} />
            <Button variant="secondary" className="min-h-11 w-full" disabled={visit.status === "in_progress"}>
              {t("myDay.start")}
            </Button>
          </Form>
          <Form method="post" action="/app/my-day">
            <VisitFields intent="complete" visitId={visit.id} day={day} />
            <Button className="min-h-11 w-full">{t("myDay.complete")}</Button>
          </Form>
        </div>
      ) : null}
      {open && !visit.customer.email ? (
        <p id={`visit-${visit.id}-no-email`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t("myDay.noEmail")}
        </p>
      ) : null}

      <VisitEventList events={visit.events} timeZone={timeZone} />

      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-600 dark:text-brand-500">
          {t("myDay.addNote")}
        </summary>
        <Form method="post" action="/app/my-day" className="mt-2 space-y-2">
          <VisitFields intent="note" visitId={visit.id} day={day} />
          <label className="block text-sm font-medium" htmlFor={`note-${visit.id}`}>
            {t("myDay.noteLabel")}
          </label>
          <textarea
            id={`note-${visit.id}`}
            name="body"
            rows={3}
            required
            maxLength={2000}
            placeholder={t("myDay.notePlaceholder")}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
          />
          <Button className="min-h-11">{t("myDay.saveNote")}</Button>
        </Form>
      </details>
    </article>
  );
}
