import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NO_CUSTOMER } from "~/lib/estimate-schema";
import { parseForm } from "~/lib/form-parse";
import { MAX_RATE, rateToPercent } from "~/lib/money";
import { FREQUENCIES, MAX_RECURRING_COUNT } from "~/lib/recurrence";
import { recurringEditorValues, type RecurringForEditor, type RecurringFormValues } from "~/lib/recurring-invoice-form";
import { ENDS, recurringFormSchema, type RecurringInvoiceInput } from "~/lib/recurring-invoice-schema";
import { LineItemsFieldset } from "./line-items-fieldset";
import { FormActions } from "./ui/form-actions";
import { ErrorList, Field, SelectField, TextareaField } from "./ui/forms";
import { isPosting } from "./ui/submission";

const browserSchema = recurringFormSchema();
const ENDS_LABELS = { never: "recurring.endsNever", on: "recurring.endsOn", after: "recurring.endsAfter" } as const;

/**
 * The create and edit form of a recurring invoice: customer, title, how often and from when,
 * how it ends, auto-send, tax and lines. A plain form: without JavaScript the server validates
 * it and "Add item" and "Remove" post it; with it, conform checks it as it is typed.
 */
export function RecurringInvoiceEditor({
  recurring,
  defaults,
  customers,
  lastResult,
  cancelTo,
  currency,
  locale,
}: {
  recurring?: RecurringForEditor;
  defaults: { taxRate: number; startDate: string; customerId?: string | null };
  customers: { id: string; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = isPosting(navigation) && !navigation.formData?.has("__intent__");
  const [form, fields] = useForm<RecurringFormValues, RecurringInvoiceInput>({
    id: "recurring-invoice-editor",
    lastResult,
    defaultValue: recurringEditorValues(recurring, defaults),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: browserSchema }),
  });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      {/* Enter in a field saves: the first submit button is the form's default. */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("recurring.customer")}
          errors={fields.customerId.errors}
          selectProps={{ ...getSelectProps(fields.customerId), required: true, autoFocus: !recurring }}
        >
          <option value={NO_CUSTOMER}>{t("estimates.chooseCustomer")}</option>
          {customers.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customer.name}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("estimates.titleField")}
          errors={fields.title.errors}
          inputProps={{ ...getInputProps(fields.title, { type: "text" }), required: true, maxLength: 200 }}
        />
      </div>
      <TextareaField
        label={t("estimates.description")}
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t("recurring.frequency")}
          errors={fields.frequency.errors}
          selectProps={getSelectProps(fields.frequency)}
        >
          {FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {t(`recurring.frequencies.${frequency}`)}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <Field
            label={t("recurring.startDate")}
            hint={t("recurring.startHint")}
            errors={fields.startDate.errors}
            inputProps={{ ...getInputProps(fields.startDate, { type: "date" }), required: true }}
          />
        </div>
      </div>
      <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t("recurring.ends")}</legend>
        <div className="flex flex-wrap gap-x-6 sm:gap-y-2">
          {ENDS.map((choice) => (
            <label key={choice} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm sm:min-h-0">
              <input
                {...getInputProps(fields.ends, { type: "radio", value: choice })}
                id={`${fields.ends.id}-${choice}`}
                key={`${fields.ends.key}-${choice}`}
              />
              {t(ENDS_LABELS[choice])}
            </label>
          ))}
        </div>
        <ErrorList errors={fields.ends.errors} />
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <Field
            label={t("recurring.endDate")}
            errors={fields.endDate.errors}
            inputProps={getInputProps(fields.endDate, { type: "date" })}
          />
          <Field
            label={t("recurring.count")}
            errors={fields.count.errors}
            inputProps={{
              ...getInputProps(fields.count, { type: "number" }),
              min: 1,
              max: MAX_RECURRING_COUNT,
              step: 1,
              inputMode: "numeric",
            }}
          />
        </div>
      </fieldset>
      <div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium sm:min-h-0">
          <input {...getInputProps(fields.autoSend, { type: "checkbox" })} key={fields.autoSend.key} />
          {t("recurring.autoSend")}
        </label>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("recurring.autoSendHint")}</p>
      </div>
      <div className="max-w-xs">
        <Field
          label={t("estimates.taxRate")}
          errors={fields.taxRate.errors}
          inputProps={{
            ...getInputProps(fields.taxRate, { type: "number" }),
            step: "0.01",
            min: "0",
            max: rateToPercent(MAX_RATE),
            inputMode: "decimal",
            required: true,
          }}
        />
      </div>
      <LineItemsFieldset form={form} items={fields.items} taxRate={fields.taxRate} locale={locale} currency={currency} />
      <TextareaField
        label={t("estimates.notes")}
        errors={fields.notes.errors}
        textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
      />
      {recurring ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("recurring.editHint")}</p> : null}
      <FormActions
        errors={form.errors}
        cancelTo={cancelTo}
        pending={pending}
        label={recurring ? t("list.save") : t("recurring.create")}
      />
    </Form>
  );
}
