import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { customerSchema } from "~/lib/customer-schema";
import type { Customer } from "~/models/customer.server";
import { FormActions } from "./ui/form-actions";
import { Field, TextareaField } from "./ui/forms";
import { isPosting } from "./ui/submission";

/** The add and edit customer form (one component for both; docs/product/customers.md). */
export function CustomerEditor({
  customer,
  lastResult,
  cancelTo,
}: {
  customer?: Pick<Customer, "name" | "email" | "phone" | "address" | "city" | "state" | "zipCode" | "notes">;
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = isPosting(navigation);
  const [form, fields] = useForm({
    id: "customer-editor",
    lastResult,
    defaultValue: customer,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: customerSchema }),
  });
  const text = (
    name: "phone" | "address" | "city" | "state" | "zipCode",
    type: "text" | "tel" = "text",
    autoComplete?: string,
  ) => (
    <Field
      label={t(`customers.${name}`)}
      errors={fields[name].errors}
      inputProps={{ ...getInputProps(fields[name], { type }), autoComplete }}
    />
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <Field
        label={t("customers.name")}
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), required: true, maxLength: 200, autoFocus: true }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("customers.email")}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
        />
        {text("phone", "tel")}
      </div>
      {text("address")}
      <div className="grid gap-4 sm:grid-cols-3">
        {text("city")}
        {text("state")}
        {text("zipCode")}
      </div>
      <TextareaField
        label={t("customers.notes")}
        errors={fields.notes.errors}
        textareaProps={{ ...getTextareaProps(fields.notes), rows: 3 }}
      />
      <FormActions
        errors={form.errors}
        cancelTo={cancelTo}
        pending={pending}
        label={customer ? t("list.save") : t("customers.create")}
      />
    </Form>
  );
}
