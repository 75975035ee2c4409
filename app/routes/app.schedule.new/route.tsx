import { parseForm } from "~/lib/form-parse";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppointmentEditor } from "~/components/appointment-editor";
import { NoCustomersYet } from "~/components/no-customers";
import { RouteDialog } from "~/components/ui/route-dialog";
import { CreateFailureToast } from "~/components/estimate-failure-toast";
import { scheduleUrl } from "~/lib/schedule";
import { appointmentSchema } from "~/lib/schedule-schema";
import { appointmentChecks, createAppointment, getAccountTimeZone } from "~/models/appointment.server";
import { memberOptions } from "~/models/member.server";
import { customerOptions } from "~/models/customer.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "work" satisfies RouteAccess;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [customers, timeZone, members] = await Promise.all([
    customerOptions(user.accountId),
    getAccountTimeZone(user.accountId),
    memberOptions(user.accountId),
  ]);
  return { customers, timeZone, members };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const checks = appointmentChecks(user.accountId);
  const schema = appointmentSchema(await getAccountTimeZone(user.accountId), checks.isOwnCustomer, checks.isMember);
  const submission = await parseForm(await readForm(request), { schema, async: true });
  if (submission.status !== "success") return data({ result: submission.reply(), failed: false }, { status: 400 });
  try {
    const appointment = await createAppointment(user.accountId, submission.value);
    return redirectWithToast(scheduleUrl(new URL(request.url).search), {
      title: "schedule.toasts.created",
      description: "schedule.toasts.createdBody",
      values: { title: appointment.title },
    });
  } catch (error) {
    console.error("Creating an appointment failed", error);
    return data({ result: submission.reply(), failed: true }, { status: 500 });
  }
}

export default function NewAppointment() {
  const { t } = useTranslation();
  const { customers, timeZone, members } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = scheduleUrl(useLocation().search);
  return (
    <RouteDialog title={t("schedule.form.newTitle")} closeTo={closeTo} size="lg">
      {customers.length === 0 ? (
        <NoCustomersYet message="schedule.form.noCustomers" addLabel="schedule.form.addCustomer" closeTo={closeTo} />
      ) : (
        <AppointmentEditor
          customers={customers}
          members={members}
          timeZone={timeZone}
          lastResult={actionData?.result}
          cancelTo={closeTo}
        />
      )}
      <CreateFailureToast
        reply={actionData}
        withMessages="schedule.toasts.createFailedWith"
        fallback="schedule.toasts.createFailed"
      />
    </RouteDialog>
  );
}
