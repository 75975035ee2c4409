import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NO_CUSTOMER } from "~/lib/job-schema";
import { APPOINTMENT_TYPES, DEFAULT_APPOINTMENT_MINUTES, DEFAULT_APPOINTMENT_TYPE } from "~/lib/schedule";
import { appointmentSchema } from "~/lib/schedule-schema";
import type { Appointment } from "~/models/appointment.server";
import { FormActions } from "./ui/form-actions";
import { NOBODY } from "~/lib/validation";
import { AssigneeField, type MemberChoice } from "./assignee-field";
import { Field, SelectField, TextareaField } from "./ui/forms";
import { useHydrated } from "./ui/use-hydrated";
import { toWallTimeValue } from "~/lib/clock";
import { isPosting } from "./ui/submission";

type EditableAppointment = Pick<
  Appointment,
  "customerId" | "appointmentType" | "customType" | "title" | "description" | "duration" | "location" | "notes" | "assigneeId"
> & { scheduledDate: Date };

/**
 * The create and edit appointment form (docs/product/schedule.md, "Appointments"). The custom type
 * belongs to "other" appointments: with JavaScript it shows only for them; without it
 * the field is always there and the server ignores it for the other types.
 */
export function AppointmentEditor({
  appointment,
  customers,
  members,
  timeZone,
  lastResult,
  cancelTo,
}: {
  appointment?: EditableAppointment;
  customers: { id: string; name: string }[];
  /** The team, for the assignee. */
  members: readonly MemberChoice[];
  timeZone: string;
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const pending = isPosting(navigation);
  const [form, fields] = useForm({
    id: "appointment-editor",
    lastResult,
    defaultValue: appointment
      ? {
          customerId: appointment.customerId,
          appointmentType: appointment.appointmentType,
          customType: appointment.customType ?? "",
          title: appointment.title,
          description: appointment.description ?? "",
          scheduledDate: toWallTimeValue(appointment.scheduledDate, timeZone),
          duration: String(appointment.duration),
          location: appointment.location ?? "",
          notes: appointment.notes ?? "",
          assigneeId: appointment.assigneeId ?? NOBODY,
        }
      : {
          customerId: NO_CUSTOMER,
          appointmentType: DEFAULT_APPOINTMENT_TYPE,
          duration: String(DEFAULT_APPOINTMENT_MINUTES),
          assigneeId: NOBODY,
        },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: appointmentSchema(timeZone) }),
  });
  const showCustomType = !hydrated || (fields.appointmentType.value ?? DEFAULT_APPOINTMENT_TYPE) === "other";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <SelectField
        label={t("schedule.form.customer")}
        errors={fields.customerId.errors}
        selectProps={{ ...getSelectProps(fields.customerId), required: true }}
      >
        <option value={NO_CUSTOMER}>{t("schedule.form.chooseCustomer")}</option>
        {customers.map((customer) => (
          <option key={customer.id} value={customer.id}>
            {customer.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("schedule.form.type")}
          errors={fields.appointmentType.errors}
          selectProps={getSelectProps(fields.appointmentType)}
        >
          {APPOINTMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`schedule.types.${type}`)}
            </option>
          ))}
        </SelectField>
        {showCustomType ? (
          <Field
            label={t("schedule.form.customType")}
            hint={hydrated ? undefined : t("schedule.form.customTypeHint")}
            errors={fields.customType.errors}
            inputProps={{ ...getInputProps(fields.customType, { type: "text" }), maxLength: 100 }}
          />
        ) : null}
      </div>
      <Field
        label={t("schedule.form.titleField")}
        errors={fields.title.errors}
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), required: true, maxLength: 200 }}
      />
      <TextareaField
        label={t("schedule.form.description")}
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 2, maxLength: 4000 }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("schedule.form.scheduledDate")}
          hint={t("schedule.timeZone", { zone: timeZone })}
          errors={fields.scheduledDate.errors}
          inputProps={{ ...getInputProps(fields.scheduledDate, { type: "datetime-local" }), required: true }}
        />
        <Field
          label={t("schedule.form.duration")}
          errors={fields.duration.errors}
          inputProps={{ ...getInputProps(fields.duration, { type: "number" }), min: 1, step: 1, inputMode: "numeric" }}
        />
      </div>
      <AssigneeField selectProps={getSelectProps(fields.assigneeId)} errors={fields.assigneeId.errors} members={members} />
      <Field
        label={t("schedule.form.location")}
        errors={fields.location.errors}
        inputProps={{ ...getInputProps(fields.location, { type: "text" }), maxLength: 300 }}
      />
      <TextareaField
        label={t("schedule.form.notes")}
        errors={fields.notes.errors}
        textareaProps={{ ...getTextareaProps(fields.notes), rows: 2, maxLength: 4000 }}
      />
      <FormActions
        errors={form.errors}
        cancelTo={cancelTo}
        pending={pending}
        label={appointment ? t("schedule.form.save") : t("schedule.form.create")}
        pendingLabel={appointment ? t("schedule.form.saving") : t("schedule.form.creating")}
        cancelLabel={t("schedule.form.cancel")}
      />
    </Form>
  );
}
