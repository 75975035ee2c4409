import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AppointmentDetailView } from "~/components/appointment-detail";
import { RouteDialog } from "~/components/ui/route-dialog";
import { scheduleUrl } from "~/lib/schedule";
import { rescheduleSchema } from "~/lib/schedule-schema";
import {
  getAccountTimeZone,
  getAppointment,
  getAppointmentDetail,
  rescheduleAppointment,
  setAppointmentStatus,
} from "~/models/appointment.server";
import { useLocale } from "~/components/use-locale";
import { memberOptions } from "~/models/member.server";
import { advanceVisit, visitEventsOf } from "~/models/visit.server";
import { fileCounts } from "~/models/file.server";
import { noAccess, requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import { can, ownWorkOnly, type RouteAccess } from "~/lib/permissions";

/**
 * What this route needs (app/lib/permissions.ts): a technician opens and completes the visits
 * assigned to them; rescheduling and cancelling need `work`.
 */
export const access = "assigned-work" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [detail, timeZone] = await Promise.all([
    getAppointmentDetail(user.accountId, params.appointmentId ?? "", ownWorkOnly(user)),
    getAccountTimeZone(user.accountId),
  ]);
  if (!detail) throw new Response("Not Found", { status: 404 });
  const [members, events, fileCount] = await Promise.all([
    memberOptions(user.accountId),
    visitEventsOf(user.accountId, [detail.appointment.id]),
    fileCounts(user.accountId, "appointment", [detail.appointment.id]),
  ]);
  const assigneeName = members.find((member) => member.id === detail.appointment.assigneeId)?.name ?? null;
  return {
    detail,
    timeZone,
    assigneeName,
    events,
    canManage: can(user.role, "work"),
    fileCount: fileCount.get(detail.appointment.id) ?? 0,
  };
}

/** intent=complete, cancel or reschedule (with scheduledDate, the account's wall clock). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.appointmentId ?? "";
  const form = await readForm(request);
  const back = scheduleUrl(new URL(request.url).search);
  const intent = form.get("intent");
  // Another technician's visit reads as missing; only the office reschedules and cancels.
  if (!(await getAppointment(user.accountId, id, ownWorkOnly(user)))) throw new Response("Not Found", { status: 404 });
  if (intent !== "complete" && !can(user.role, "work")) throw noAccess();
  if (intent === "complete" || intent === "cancel") {
    // Completing a visit still to do records who did it, as My day does.
    if (intent === "complete")
      await advanceVisit(user.accountId, id, "completed", { userId: user.id, name: user.name, role: user.role });
    const row = await setAppointmentStatus(user.accountId, id, intent === "complete" ? "completed" : "cancelled");
    if (!row) throw new Response("Not Found", { status: 404 });
    const key = intent === "complete" ? "completed" : "cancelled";
    return redirectWithToast(back, {
      title: `schedule.toasts.${key}`,
      description: `schedule.toasts.${key}Body`,
      values: { title: row.title },
    });
  }
  if (intent === "reschedule") {
    const timeZone = await getAccountTimeZone(user.accountId);
    const parsed = rescheduleSchema(timeZone).safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ rescheduleErrors: parsed.error.issues.map((issue) => issue.message) }, { status: 400 });
    const row = await rescheduleAppointment(user.accountId, id, parsed.data.scheduledDate);
    if (!row) throw new Response("Not Found", { status: 404 });
    return redirectWithToast(back, {
      title: "schedule.toasts.rescheduled",
      description: "schedule.toasts.rescheduledBody",
      values: { title: row.title },
    });
  }
  return data({ rescheduleErrors: [] as string[] }, { status: 400 });
}

/** The appointment's own dialog over the schedule. */
export default function AppointmentRoute() {
  const { detail, timeZone, assigneeName, events, canManage, fileCount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const locale = useLocale();
  const { search } = useLocation();
  const closeTo = scheduleUrl(search);
  return (
    <RouteDialog title={detail.appointment.title} closeTo={closeTo} size="lg">
      <AppointmentDetailView
        detail={detail}
        assigneeName={assigneeName}
        events={events}
        canManage={canManage}
        timeZone={timeZone}
        locale={locale}
        search={search}
        closeTo={closeTo}
        rescheduleErrors={actionData?.rescheduleErrors}
        fileCount={fileCount}
      />
    </RouteDialog>
  );
}
