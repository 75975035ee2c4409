import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { toDateInputValue, toDateTimeInputValue } from "~/lib/job-dates";
import { jobSchema, NO_CUSTOMER } from "~/lib/job-schema";
import { JOB_STATUSES, jobStatusLabelKey } from "~/lib/job-status";
import { centsToString } from "~/lib/money";
import type { Job } from "~/models/job.server";
import { NOBODY } from "~/lib/validation";
import { AssigneeField, type MemberChoice } from "./assignee-field";
import { FormActions } from "./ui/form-actions";
import { Field, SelectField, TextareaField } from "./ui/forms";
import { isPosting } from "./ui/submission";

type EditableJob = Pick<Job, "customerId" | "title" | "description" | "location" | "status" | "totalAmount" | "assigneeId"> & {
  scheduledDate: Date | string | null;
  completedDate: Date | string | null;
};

/** The create and edit job form (one component for both; docs/product/jobs.md). */
export function JobEditor({
  job,
  timeZone = "UTC",
  customerId,
  customers,
  members,
  lastResult,
  cancelTo,
}: {
  job?: EditableJob;
  /** The account's zone: the scheduled date is edited on its wall clock. */
  timeZone?: string;
  /** The customer chosen in advance for a new job (`?customerId=`). */
  customerId?: string | null;
  customers: { id: string; name: string }[];
  /** The team, for the assignee. */
  members: readonly MemberChoice[];
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = isPosting(navigation);
  const [form, fields] = useForm({
    id: "job-editor",
    lastResult,
    defaultValue: job
      ? {
          customerId: job.customerId,
          title: job.title,
          description: job.description ?? "",
          location: job.location ?? "",
          status: job.status,
          scheduledDate: toDateTimeInputValue(job.scheduledDate, timeZone),
          completedDate: toDateInputValue(job.completedDate),
          totalAmount: job.totalAmount === null ? "" : centsToString(job.totalAmount),
          assigneeId: job.assigneeId ?? NOBODY,
        }
      : { customerId: customerId ?? NO_CUSTOMER, status: "pending", assigneeId: NOBODY },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: jobSchema() }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <SelectField
        label={t("jobs.customer")}
        errors={fields.customerId.errors}
        selectProps={{ ...getSelectProps(fields.customerId), required: true }}
      >
        <option value={NO_CUSTOMER}>{t("jobs.chooseCustomer")}</option>
        {customers.map((customer) => (
          <option key={customer.id} value={customer.id}>
            {customer.name}
          </option>
        ))}
      </SelectField>
      <Field
        label={t("jobs.titleField")}
        errors={fields.title.errors}
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), required: true, maxLength: 200 }}
      />
      <TextareaField
        label={t("jobs.description")}
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3, maxLength: 4000 }}
      />
      <Field
        label={t("jobs.location")}
        errors={fields.location.errors}
        inputProps={{ ...getInputProps(fields.location, { type: "text" }), maxLength: 300 }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t("jobs.status")} errors={fields.status.errors} selectProps={getSelectProps(fields.status)}>
          {JOB_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(jobStatusLabelKey(status))}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("jobs.totalAmount")}
          hint={t("jobs.amountHint")}
          errors={fields.totalAmount.errors}
          inputProps={{
            ...getInputProps(fields.totalAmount, { type: "text" }),
            inputMode: "decimal",
            placeholder: "0.00",
            autoComplete: "off",
          }}
        />
      </div>
      <AssigneeField selectProps={getSelectProps(fields.assigneeId)} errors={fields.assigneeId.errors} members={members} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("jobs.scheduledDate")}
          errors={fields.scheduledDate.errors}
          inputProps={getInputProps(fields.scheduledDate, { type: "datetime-local" })}
        />
        <Field
          label={t("jobs.completedDate")}
          errors={fields.completedDate.errors}
          inputProps={getInputProps(fields.completedDate, { type: "date" })}
        />
      </div>
      <FormActions errors={form.errors} cancelTo={cancelTo} pending={pending} label={job ? t("list.save") : t("jobs.create")} />
    </Form>
  );
}
