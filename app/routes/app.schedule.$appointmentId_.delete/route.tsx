import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteConfirmForm } from "~/components/ui/delete-confirm";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { scheduleUrl } from "~/lib/schedule";
import { deleteAppointment, getAppointment } from "~/models/appointment.server";
import { deleteThenRedirect } from "~/services/delete-dialog.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

// The file name's "$appointmentId_" keeps this dialog out of the appointment's own: both sit over the schedule.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const appointment = await getAppointment(user.accountId, params.appointmentId ?? "");
  if (!appointment) throw new Response("Not Found", { status: 404 });
  return { appointment: { id: appointment.id, title: appointment.title } };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST deletes. A linked job stays. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  return deleteThenRedirect(
    "an appointment",
    () => deleteAppointment(user.accountId, params.appointmentId ?? ""),
    (appointment) =>
      redirectWithToast(scheduleUrl(new URL(request.url).search), {
        title: "schedule.toasts.deleted",
        description: "schedule.toasts.deletedBody",
        values: { title: appointment.title },
      }),
  );
}

export default function DeleteAppointment() {
  const { t } = useTranslation();
  const { appointment } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const closeTo = `/app/schedule/${appointment.id}${search}`;
  return (
    <RouteDialog title={t("schedule.detail.deleteTitle")} closeTo={closeTo}>
      <p>{t("schedule.detail.deleteConfirm", { title: appointment.title })}</p>
      <DeleteConfirmForm closeTo={closeTo} />
      {actionData?.failed ? (
        <ToastView toast={{ type: "error", title: "toast.errorTitle", description: "schedule.toasts.deleteFailed" }} />
      ) : null}
    </RouteDialog>
  );
}
