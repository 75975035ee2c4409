import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { Form, Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isAiIntent, type AiPanelState } from "~/lib/ai-editor";
import {
  editorValues,
  isPriceIntent,
  NEW_LINE,
  PRICE_SAVE_PREFIX,
  priceLine,
  REFRESH_INTENT,
  type EstimateForEditor,
  type EstimateFormValues,
  type PricePanelState,
} from "~/lib/estimate-form";
import { isBlankLine } from "~/lib/ai-editor";
import { PriceBookPicker } from "./price-book-picker";
import {
  ESTIMATE_STATUSES,
  estimateFormSchema,
  NO_CUSTOMER,
  NO_JOB,
  previewTotals,
  type EstimateInput,
} from "~/lib/estimate-schema";
import { formatMoney, MAX_RATE, parsePercentRate, rateToPercent } from "~/lib/money";
import { AiAssistant } from "./ai-assistant";
import { Button, buttonClass } from "./ui/button";
import { ErrorList, Field, inputClass, SelectField, TextareaField } from "./ui/forms";
import { useLineFocus } from "./ui/line-focus";
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

  const lines = fields.items.getFieldList();
  const lineFocus = useLineFocus(lines.map((line) => line.getFieldset().description.id));
  const values = Array.isArray(form.value?.items) ? form.value.items : [];
  const totals = previewTotals(values, fields.taxRate.value, true);
  const rate = parsePercentRate(fields.taxRate.value ?? "");
  const money = (cents: number) => formatMoney(cents, locale, currency);

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
              className="mt-1 text-sm text-brand-600 underline hover:no-underline dark:text-brand-500"
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

      <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t("estimates.lineItems")}</legend>
        <input type="hidden" name="lineFlags" value="1" />
        <div
          className="hidden grid-cols-[1fr_5rem_7rem_5rem_7rem_5.5rem] gap-2 px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:grid dark:text-slate-400"
          aria-hidden="true"
        >
          <span>{t("estimates.itemDescription")}</span>
          <span>{t("estimates.quantity")}</span>
          <span>{t("estimates.unitPrice")}</span>
          <span>{t("estimates.discount")}</span>
          <span className="text-right">{t("estimates.lineTotal")}</span>
          <span />
        </div>
        <ol className="space-y-2" data-testid="line-items">
          {lines.map((line, index) => {
            const row = line.getFieldset();
            const number = index + 1;
            const lineTotal = totals.lineTotals[index];
            const rowErrors = [
              row.description.errors,
              row.quantity.errors,
              row.unitPrice.errors,
              row.discountPercent.errors,
            ].flatMap((e) => e ?? []);
            return (
              <li key={line.key} data-testid="line-item">
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_5rem_7rem_5rem_7rem_5.5rem] sm:items-center">
                  <input
                    {...getInputProps(row.description, { type: "text" })}
                    aria-label={t("estimates.lineDescription", { line: number })}
                    placeholder={t("estimates.itemDescription")}
                    maxLength={500}
                    required
                    className={`col-span-2 sm:col-span-1 ${inputClass}`}
                  />
                  <input
                    {...getInputProps(row.quantity, { type: "number" })}
                    aria-label={t("estimates.lineQuantity", { line: number })}
                    placeholder={t("estimates.quantity")}
                    step="0.01"
                    min="0"
                    inputMode="decimal"
                    required
                    className={inputClass}
                  />
                  <input
                    {...getInputProps(row.unitPrice, { type: "number" })}
                    aria-label={t("estimates.lineUnitPrice", { line: number })}
                    placeholder={t("estimates.unitPrice")}
                    step="0.01"
                    min="0"
                    inputMode="decimal"
                    required
                    className={inputClass}
                  />
                  <input
                    {...getInputProps(row.discountPercent, { type: "number" })}
                    aria-label={t("estimates.lineDiscount", { line: number })}
                    placeholder={t("estimates.discount")}
                    step="0.01"
                    min="0"
                    max="100"
                    inputMode="decimal"
                    className={inputClass}
                  />
                  <output
                    aria-label={t("estimates.lineTotalOf", { line: number })}
                    data-testid="line-total"
                    className="self-center text-right text-sm tabular-nums"
                  >
                    {lineTotal === null ? "—" : money(lineTotal)}
                  </output>
                  <button
                    {...form.remove.getButtonProps({ name: fields.items.name, index })}
                    onClick={lineFocus.onRemove(index)}
                    disabled={lines.length <= 1}
                    aria-label={t("estimates.removeItem", { line: number })}
                    className="justify-self-end rounded px-2 py-1 text-sm text-red-600 hover:bg-red-50 dark:text-red-400 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent dark:hover:bg-slate-800 dark:disabled:text-slate-600"
                  >
                    {t("estimates.remove")}
                  </button>
                </div>
                <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 px-1 text-sm">
                  <label className="inline-flex items-center gap-1.5">
                    <input
                      {...getInputProps(row.taxable, { type: "checkbox" })}
                      aria-label={t("estimates.lineTaxable", { line: number })}
                      className="rounded border-slate-300"
                    />
                    {t("estimates.taxable")}
                  </label>
                  <label className="inline-flex items-center gap-1.5">
                    <input
                      {...getInputProps(row.optional, { type: "checkbox" })}
                      aria-label={t("estimates.lineOptional", { line: number })}
                      className="rounded border-slate-300"
                    />
                    {t("estimates.optional")}
                  </label>
                  <button
                    type="submit"
                    name="intent"
                    value={`${PRICE_SAVE_PREFIX}${index}`}
                    formNoValidate
                    aria-label={t("priceBook.saveLineOf", { line: number })}
                    className="text-brand-600 underline hover:no-underline dark:text-brand-500"
                  >
                    {t("priceBook.saveLine")}
                  </button>
                </div>
                <ErrorList errors={rowErrors.length ? [...new Set(rowErrors)] : null} />
              </li>
            );
          })}
        </ol>
        <ErrorList id="line-items-error" errors={fields.items.errors} />
        <div className="mt-3">
          <button
            {...form.insert.getButtonProps({ name: fields.items.name, defaultValue: NEW_LINE })}
            onClick={lineFocus.onAdd}
            className={buttonClass("secondary", "px-3 py-1.5")}
          >
            + {t("estimates.addItem")}
          </button>
        </div>
        <div className="mt-3">
          <PriceBookPicker
            state={priceBook}
            currency={currency}
            locale={locale}
            onPick={(item) => {
              const last = lines[lines.length - 1];
              // The new estimate's first, empty row takes the item; otherwise it comes last.
              if (last && isBlankLine(values[lines.length - 1])) form.update({ name: last.name, value: priceLine(item) });
              else form.insert({ name: fields.items.name, defaultValue: priceLine(item) });
            }}
          />
        </div>
      </fieldset>

      <dl className="ml-auto w-full max-w-xs space-y-1 text-sm" data-testid="estimate-totals" aria-live="polite">
        <div className="flex justify-between">
          <dt>{t("estimates.subtotal")}</dt>
          <dd data-testid="subtotal" className="tabular-nums">
            {money(totals.subtotal)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>{t("estimates.tax", { rate: rate !== null && rate >= 0 && rate <= MAX_RATE ? rateToPercent(rate) : "0.00" })}</dt>
          <dd data-testid="tax" className="tabular-nums">
            {money(totals.taxAmount)}
          </dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-1 text-base font-semibold dark:border-slate-700">
          <dt>{t("estimates.grandTotal")}</dt>
          <dd data-testid="total" className="tabular-nums">
            {money(totals.total)}
          </dd>
        </div>
      </dl>

      {values.some((item) => item?.optional === "on") ? (
        <p className="ml-auto max-w-xs text-right text-xs text-slate-500 dark:text-slate-400" data-testid="optional-note">
          {t("estimates.optionalTotalNote")}
        </p>
      ) : null}

      <TextareaField
        label={t("estimates.notes")}
        errors={fields.notes.errors}
        textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
      />

      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t(form.errors[0])}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        <Link to={cancelTo} className={buttonClass("secondary")} preventScrollReset>
          {t("list.cancel")}
        </Link>
        <Button disabled={pending}>{pending ? t("list.saving") : estimate ? t("list.save") : t("estimates.create")}</Button>
      </div>
    </Form>
  );
}
