import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/infrastructure/i18n";
import { formatDayIn, formatTimeIn } from "~/lib/schedule";
import type { AppointmentDetail } from "~/models/appointment.server";
import { VisitEventList, type VisitEventView } from "./visit-card";
import { ScheduleStatusBadge } from "./schedule-item";
import { Button, buttonClass } from "./ui/button";
import { inputClass } from "./ui/forms";
import { toWallTimeValue } from "~/lib/clock";
import { isPosting } from "./ui/submission";

const link = "text-brand-600 hover:underline dark:text-brand-500";

function Row({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="whitespace-pre-line">{children}</dd>
    </div>
  );
}

/**
 * An appointment with its customer and job, and what a contractor does with it: edit,
 * mark completed, cancel, or move it to a new date and time (it then reads as
 * rescheduled). Each action is a form post of its own (name="intent").
 */
export function AppointmentDetailView({
  detail,
  timeZone,
  locale,
  search,
  closeTo,
  rescheduleErrors,
  assigneeName = null,
  events = [],
  canManage = true,
  fileCount = 0,
}: {
  /** How many photos and files the visit has (its dialog's link). */
  fileCount?: number;
  /** False for a technician: no reschedule, edit, delete or cancel; Complete stays. */
  canManage?: boolean;
  detail: AppointmentDetail;
  /** Who the visit is assigned to; null for nobody. */
  assigneeName?: string | null;
  /** What was done on the visit, and by whom. */
  events?: VisitEventView[];
  timeZone: string;
  locale: string;
  search: string;
  closeTo: string;
  rescheduleErrors?: string[];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = isPosting(navigation) ? String(navigation.formData?.get("intent") ?? "") : "";
  const { appointment, customer, job } = detail;
  const end = new Date(appointment.scheduledDate.getTime() + appointment.duration * 60_000);
  const type =
    appointment.appointmentType === "other" && appointment.customType
      ? appointment.customType
      : t(`schedule.types.${appointment.appointmentType}`);
  const errorId = rescheduleErrors?.length ? "reschedule-error" : undefined;
  return (
    <div data-testid="appointment-detail">
      <div className="flex flex-wrap items-center gap-3">
        <ScheduleStatusBadge status={appointment.status} />
        <span className="text-sm text-slate-600 dark:text-slate-400">{type}</span>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Row label={t("schedule.detail.when")}>
          <span data-testid="appointment-when">
            {formatDayIn(appointment.scheduledDate, timeZone, locale)} {formatTimeIn(appointment.scheduledDate, timeZone, locale)}{" "}
            – {formatTimeIn(end, timeZone, locale)}
          </span>
        </Row>
        <Row label={t("schedule.detail.duration")}>{t("schedule.detail.minutes", { count: appointment.duration })}</Row>
        <Row label={t("team.assignee")}>
          <span data-testid="appointment-assignee">{assigneeName ?? t("team.nobody")}</span>
        </Row>
        <Row label={t("schedule.detail.customer")}>
          <span className="font-medium">{customer.name}</span>
          <span className="mt-1 flex flex-wrap gap-x-4">
            {customer.phone ? (
              <a href={`tel:${customer.phone}`} className={link}>
                {t("schedule.detail.call")} {customer.phone}
              </a>
            ) : null}
            {customer.email ? (
              <a href={`mailto:${customer.email}`} className={`${link} break-all`}>
                {t("schedule.detail.email")} {customer.email}
              </a>
            ) : null}
          </span>
        </Row>
        {job ? (
          <Row label={t("schedule.detail.job")}>
            <Link
              to={`/app/schedule/jobs/${job.id}${search}`}
              className={link}
              aria-label={t("schedule.detail.openJob", { title: job.title })}
            >
              {job.title}
            </Link>
          </Row>
        ) : null}
        {appointment.location ? <Row label={t("schedule.detail.location")}>{appointment.location}</Row> : null}
        {appointment.description ? (
          <Row label={t("schedule.detail.description")} wide>
            {appointment.description}
          </Row>
        ) : null}
        {appointment.notes ? (
          <Row label={t("schedule.detail.notes")} wide>
            {appointment.notes}
          </Row>
        ) : null}
      </dl>
      <VisitEventList events={events} timeZone={timeZone} />

      {canManage ? (
        <Form method="post" className="mt-6 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
          <label className="min-w-[12rem] flex-1">
            <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">{t("schedule.detail.newDate")}</span>
            <input
              type="datetime-local"
              name="scheduledDate"
              required
              defaultValue={toWallTimeValue(appointment.scheduledDate, timeZone)}
              className={`mt-1 ${inputClass}`}
              aria-invalid={errorId ? true : undefined}
              aria-describedby={errorId}
            />
          </label>
          <Button name="intent" value="reschedule" variant="secondary" disabled={busy !== ""}>
            {busy === "reschedule" ? t("schedule.detail.rescheduling") : t("schedule.detail.reschedule")}
          </Button>
          {errorId ? (
            <p id={errorId} className="w-full text-sm text-red-600 dark:text-red-400">
              {rescheduleErrors!.map((error) => t(messageKey(error))).join(". ")}
            </p>
          ) : null}
        </Form>
      ) : null}

      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Link
          to={canManage ? `/app/schedule/${appointment.id}/files${search}` : `/app/my-day/visits/${appointment.id}/files`}
          className={buttonClass("secondary", "mr-auto")}
          preventScrollReset
        >
          {fileCount > 0 ? t("files.actionCount", { count: fileCount }) : t("files.action")}
        </Link>
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          {t("schedule.detail.close")}
        </Link>
        {canManage ? (
          <>
            <Link to={`/app/schedule/${appointment.id}/edit${search}`} className={buttonClass("secondary")} preventScrollReset>
              {t("schedule.detail.edit")}
            </Link>
            <Link
              to={`/app/schedule/${appointment.id}/delete${search}`}
              className={buttonClass("secondary")}
              aria-label={t("schedule.detail.deleteAction", { title: appointment.title })}
              preventScrollReset
            >
              {t("schedule.detail.delete")}
            </Link>
          </>
        ) : null}
        {canManage && appointment.status !== "cancelled" && appointment.status !== "completed" ? (
          <Form method="post">
            <Button name="intent" value="cancel" variant="danger" disabled={busy !== ""}>
              {busy === "cancel" ? t("schedule.detail.working") : t("schedule.detail.cancelAppointment")}
            </Button>
          </Form>
        ) : null}
        {appointment.status !== "completed" ? (
          <Form method="post">
            <Button name="intent" value="complete" disabled={busy !== ""}>
              {busy === "complete" ? t("schedule.detail.working") : t("schedule.detail.markCompleted")}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
