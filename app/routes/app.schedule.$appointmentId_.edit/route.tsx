import { parseForm } from "~/lib/form-parse";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppointmentEditor } from "~/components/appointment-editor";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { scheduleUrl } from "~/lib/schedule";
import { appointmentSchema } from "~/lib/schedule-schema";
import { appointmentChecks, getAccountTimeZone, getAppointment, updateAppointment } from "~/models/appointment.server";
import { memberOptions } from "~/models/member.server";
import { customerOptions } from "~/models/customer.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

// The file name's "$appointmentId_" keeps this dialog out of the appointment's own: both sit over the schedule.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [appointment, timeZone] = await Promise.all([
    getAppointment(user.accountId, params.appointmentId ?? ""),
    getAccountTimeZone(user.accountId),
  ]);
  if (!appointment) throw new Response("Not Found", { status: 404 });
  const [customers, members] = await Promise.all([
    customerOptions(user.accountId, appointment.customerId),
    memberOptions(user.accountId),
  ]);
  return { appointment, timeZone, customers, members };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const existing = await getAppointment(user.accountId, params.appointmentId ?? "");
  if (!existing) throw new Response("Not Found", { status: 404 });
  const checks = appointmentChecks(user.accountId);
  const schema = appointmentSchema(await getAccountTimeZone(user.accountId), checks.isOwnCustomer, checks.isMember);
  const submission = await parseForm(await readForm(request), { schema, async: true });
  if (submission.status !== "success") return data({ result: submission.reply(), failed: true }, { status: 400 });
  let appointment;
  try {
    // The form has no job or status: the appointment keeps its own.
    appointment = await updateAppointment(user.accountId, existing.id, {
      ...submission.value,
      jobId: existing.jobId,
      status: existing.status,
    });
  } catch (error) {
    console.error("Updating an appointment failed", error);
    return data({ result: submission.reply(), failed: true }, { status: 500 });
  }
  if (!appointment) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(scheduleUrl(new URL(request.url).search), {
    title: "schedule.toasts.updated",
    description: "schedule.toasts.updatedBody",
    values: { title: appointment.title },
  });
}

export default function EditAppointment() {
  const { t } = useTranslation();
  const { appointment, timeZone, customers, members } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = scheduleUrl(useLocation().search);
  return (
    <RouteDialog title={t("schedule.form.editTitle")} closeTo={closeTo} size="lg">
      <AppointmentEditor
        appointment={appointment}
        customers={customers}
        members={members}
        timeZone={timeZone}
        lastResult={actionData?.result}
        cancelTo={closeTo}
      />
      {actionData?.failed ? (
        <ToastView
          key={JSON.stringify(actionData)}
          toast={{ type: "error", title: "toast.errorTitle", description: "schedule.toasts.updateFailed" }}
        />
      ) : null}
    </RouteDialog>
  );
}
