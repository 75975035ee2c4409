import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { scheduleUrl } from "~/lib/schedule";
import { deleteAppointment, getAppointment } from "~/models/appointment.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

// The file name's "$appointmentId_" keeps this dialog out of the appointment's own: both sit over the schedule.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const appointment = await getAppointment(user.id, params.appointmentId ?? "");
  if (!appointment) throw new Response("Not Found", { status: 404 });
  return { appointment: { id: appointment.id, title: appointment.title } };
}

/** The confirm step is this page (a dialog with JavaScript on); only its POST deletes. A linked job stays. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  let appointment;
  try {
    appointment = await deleteAppointment(user.id, params.appointmentId ?? "");
  } catch (error) {
    console.error("Deleting an appointment failed", error);
    return data({ failed: true }, { status: 500 });
  }
  if (!appointment) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(scheduleUrl(new URL(request.url).search), {
    title: "schedule.toasts.deleted",
    description: "schedule.toasts.deletedBody",
    values: { title: appointment.title },
  });
}

export default function DeleteAppointment() {
  const { t } = useTranslation();
  const { appointment } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { search } = useLocation();
  const closeTo = `/app/schedule/${appointment.id}${search}`;
  return (
    <RouteDialog title={t("schedule.detail.deleteTitle")} closeTo={closeTo}>
      <p>{t("schedule.detail.deleteConfirm", { title: appointment.title })}</p>
      <Form method="post" className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          {t("list.cancel")}
        </Link>
        <Button variant="danger" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("list.deleting") : t("list.delete")}
        </Button>
      </Form>
      {actionData?.failed ? <ToastView toast={{ type: "error", title: "toast.errorTitle", description: "schedule.toasts.deleteFailed" }} /> : null}
    </RouteDialog>
  );
}
