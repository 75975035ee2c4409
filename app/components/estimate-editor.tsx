import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { Form, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isAiIntent, type AiPanelState } from "~/lib/ai-editor";
import {
  editorValues,
  isPriceIntent,
  REFRESH_INTENT,
  type EstimateForEditor,
  type EstimateFormValues,
  type PricePanelState,
} from "~/lib/estimate-form";
import { ESTIMATE_STATUSES, estimateFormSchema, NO_CUSTOMER, NO_JOB, type EstimateInput } from "~/lib/estimate-schema";
import { MAX_RATE, rateToPercent } from "~/lib/money";
import { AiAssistant } from "./ai-assistant";
import { LineItemsFieldset } from "./line-items-fieldset";
import { FormActions } from "./ui/form-actions";
import { Field, SelectField, TextareaField } from "./ui/forms";
import { useHydrated } from "./ui/use-hydrated";
import { isPosting } from "./ui/submission";

type Option = { id: string; name: string };
type JobOption = { id: string; title: string };

/** What the editor route's loader answers for ?customerId= (the job select reloading). */
interface JobsData {
  jobs: JobOption[];
  jobsCustomerId: string | null;
}

const browserSchema = estimateFormSchema();

/**
 * The create and edit estimate form (one component for both; docs/product/estimates.md). Line
 * rows are a conform field list: "Add item" and "Remove" are submit buttons, so they
 * work without JavaScript; with it, conform handles them in place and the totals follow
 * every keystroke. The server computes the totals again and never takes them from here.
 */
export function EstimateEditor({
  estimate,
  estimateNumber,
  defaults,
  customers,
  jobs,
  jobsCustomerId,
  lastResult,
  cancelTo,
  currency,
  locale,
  ai,
  priceBook,
}: {
  estimate?: EstimateForEditor;
  estimateNumber?: string;
  defaults: { taxRate: number; validUntil: string; customerId?: string | null };
  customers: Option[];
  jobs: JobOption[];
  jobsCustomerId: string | null;
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
  currency: string;
  locale: string;
  /** The AI assistant's section after one of its buttons (or a post that kept it). */
  ai?: AiPanelState;
  /** The price book section after one of its buttons (no JavaScript). */
  priceBook?: PricePanelState;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const jobsFetcher = useFetcher<JobsData>();
  const submitIntent = navigation.formData?.get("intent");
  const pending =
    isPosting(navigation) && submitIntent !== REFRESH_INTENT && !isAiIntent(submitIntent) && !isPriceIntent(submitIntent);
  const [form, fields] = useForm<EstimateFormValues, EstimateInput>({
    id: "estimate-editor",
    lastResult,
    defaultValue: editorValues(estimate, defaults),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) => {
      const submission = parseForm(formData, { schema: browserSchema });
      // The assistant's buttons post the form as it is, missing customer or title included.
      const sideButton = isAiIntent(submitter?.value) || isPriceIntent(submitter?.value);
      return sideButton && submission.status === "error" ? { ...submission, error: null } : submission;
    },
  });

  const customerId = fields.customerId.value ?? NO_CUSTOMER;
  const fetched = jobsFetcher.data;
  const jobOptions =
    fetched && fetched.jobsCustomerId === customerId ? fetched.jobs : (jobsCustomerId ?? NO_CUSTOMER) === customerId ? jobs : [];
  const selectedJob = fields.jobId.value ?? NO_JOB;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      {/* Enter in a field saves the estimate: the first submit button is the form's default. */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
      {/* First, so that messages appearing in the form below never move it under the pointer. */}
      <AiAssistant state={ai} locale={locale} currency={currency} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <SelectField
            label={t("estimates.customer")}
            errors={fields.customerId.errors}
            selectProps={{
              ...getSelectProps(fields.customerId),
              required: true,
              autoFocus: !estimate,
              onChange: (event) => {
                const chosen = event.currentTarget.value;
                form.update({ name: fields.jobId.name, value: NO_JOB });
                if (chosen !== NO_CUSTOMER) jobsFetcher.load(`${pathname}?customerId=${encodeURIComponent(chosen)}`);
              },
            }}
          >
            <option value={NO_CUSTOMER}>{t("estimates.chooseCustomer")}</option>
            {customers.map((customer) => (
              <option key={customer.id} value={customer.id}>
                {customer.name}
              </option>
            ))}
          </SelectField>
          {hydrated ? null : (
            <button
              type="submit"
              name="intent"
              value={REFRESH_INTENT}
              formNoValidate
              className="mt-1 inline-flex min-h-11 items-center text-sm text-brand-600 underline hover:no-underline sm:min-h-0 dark:text-brand-500"
            >
              {t("estimates.loadJobs")}
            </button>
          )}
        </div>
        <SelectField
          key={`${fields.jobId.key}-${customerId}-${jobOptions.length}`}
          label={t("estimates.jobOptional")}
          errors={fields.jobId.errors}
          hint={
            customerId !== NO_CUSTOMER && jobOptions.length === 0 && jobsFetcher.state === "idle"
              ? t("estimates.noJobsForCustomer")
              : undefined
          }
          selectProps={{
            ...getSelectProps(fields.jobId),
            defaultValue: jobOptions.some((job) => job.id === selectedJob) ? selectedJob : NO_JOB,
          }}
        >
          <option value={NO_JOB}>{t("estimates.noJob")}</option>
          {jobOptions.map((job) => (
            <option key={job.id} value={job.id}>
              {job.title}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <Field
            label={t("estimates.titleField")}
            errors={fields.title.errors}
            inputProps={{ ...getInputProps(fields.title, { type: "text" }), required: true, maxLength: 200 }}
          />
        </div>
        <Field
          label={t("estimates.estimateNumber")}
          inputProps={{
            id: "estimate-number",
            type: "text",
            readOnly: true,
            value: estimateNumber ?? "",
            placeholder: t("estimates.numberAssigned"),
          }}
        />
      </div>

      <TextareaField
        label={t("estimates.description")}
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
      />

      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label={t("estimates.status")} errors={fields.status.errors} selectProps={getSelectProps(fields.status)}>
          {ESTIMATE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`estimates.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
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
        <Field
          label={t("estimates.validUntil")}
          hint={t("estimates.validUntilHint")}
          errors={fields.validUntil.errors}
          inputProps={getInputProps(fields.validUntil, { type: "date" })}
        />
      </div>

      <LineItemsFieldset
        form={form}
        items={fields.items}
        taxRate={fields.taxRate}
        locale={locale}
        currency={currency}
        optionalLines
        priceBook={{ state: priceBook }}
        totalsTestId="estimate-totals"
      />

      <TextareaField
        label={t("estimates.notes")}
        errors={fields.notes.errors}
        textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
      />

      <FormActions
        errors={form.errors}
        cancelTo={cancelTo}
        pending={pending}
        label={estimate ? t("list.save") : t("estimates.create")}
      />
    </Form>
  );
}
