import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { TimeZoneSelect } from "~/components/time-zone-select";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/infrastructure/i18n";
import {
  CURRENCIES,
  MAX_FOLLOW_UP_DAYS,
  MAX_VALID_DAYS,
  MIN_VALID_DAYS,
  SETTINGS_LANGUAGES,
  SETTINGS_LIMITS,
  settingsSchemaFor,
} from "~/lib/settings-schema";
import {
  formatDocumentNumber,
  isDocumentPrefix,
  MAX_NEXT_NUMBER,
  MAX_PREFIX_LENGTH,
  type DocumentKind,
} from "~/lib/document-number";
import { Button } from "./ui/button";
import { Field, SelectField, TextareaField } from "./ui/forms";
import { isPosting } from "./ui/submission";

export const SETTINGS_FORM_ID = "settings-form";

/** The values the form starts from, as the form shows them (the tax rate in percent, "8.25"). */
export type SettingsFormValues = {
  appLanguage: string;
  documentLanguage: string;
  companyName: string;
  phone: string;
  address: string;
  email: string;
  website: string;
  defaultTaxRate: string;
  currency: string;
  estimateValidDays: string;
  estimateFollowUpDays: string;
  remindersEnabled: boolean;
  reminderSteps: string;
  reminderLateChargeSteps: string;
  defaultDepositPercent: string;
  lateChargeRate: string;
  invoiceTerms: string;
  estimateTerms: string;
  paymentInstructions: string;
  notifications: boolean;
  autoBackup: boolean;
  darkMode: boolean;
  timeZone: string;
  estimatePrefix: string;
  estimateNextNumber: string;
  invoicePrefix: string;
  invoiceNextNumber: string;
};

export function SettingsSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** A checkbox drawn as a switch: a real checkbox, so it submits without JavaScript. */
export function SwitchField({
  label,
  hint,
  inputProps,
}: {
  label: string;
  hint?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
      </div>
      <input
        {...inputProps}
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={hintId}
        className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:bg-slate-600 dark:checked:bg-brand-500 dark:focus-visible:ring-offset-slate-900"
      />
    </div>
  );
}

/**
 * The whole settings form but the logo (which uploads on its own form, rendered in the
 * company section through `companyExtra`). One Save button saves everything.
 */
export function SettingsForm({
  defaults,
  lastResult,
  zoneChosen,
  timeZones,
  companyExtra,
  after,
}: {
  defaults: SettingsFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  zoneChosen: boolean;
  timeZones: string[];
  companyExtra: ReactNode;
  after: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = isPosting(navigation) && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: SETTINGS_FORM_ID,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The next numbers as this page showed them: the server checks them again against the account's.
    onValidate: ({ formData }) =>
      parseForm(formData, {
        schema: settingsSchemaFor({
          estimateNextNumber: Number(defaults.estimateNextNumber),
          invoiceNextNumber: Number(defaults.invoiceNextNumber),
        }),
      }),
  });

  // No zone chosen yet (the account is in UTC): offer the browser's own.
  useEffect(() => {
    if (zoneChosen) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && browserZone !== defaults.timeZone && timeZones.includes(browserZone)) {
      form.update({ name: fields.timeZone.name, value: browserZone });
    }
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const text = (
    name: "companyName" | "phone" | "address" | "email" | "website",
    label: string,
    type: "text" | "tel" | "email" = "text",
    extra: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <Field
      label={label}
      errors={fields[name].errors}
      inputProps={{ ...getInputProps(fields[name], { type }), maxLength: SETTINGS_LIMITS[name], ...extra }}
    />
  );
  // What the next document of the kind will be numbered, from the fields as typed (the stored ones while they are not valid).
  const nextDocument = (kind: DocumentKind) => {
    const typedPrefix = fields[`${kind}Prefix`].value ?? "";
    const typedNext = Number(fields[`${kind}NextNumber`].value);
    const prefix = typeof typedPrefix === "string" && isDocumentPrefix(typedPrefix) ? typedPrefix : defaults[`${kind}Prefix`];
    const next =
      Number.isInteger(typedNext) && typedNext >= 1 && typedNext <= MAX_NEXT_NUMBER
        ? typedNext
        : Number(defaults[`${kind}NextNumber`]);
    return formatDocumentNumber(prefix, next);
  };
  const numberFields = (kind: DocumentKind) => (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t(`settings.numbers.${kind}Prefix`)}
        hint={t("settings.numbers.prefixHint")}
        errors={fields[`${kind}Prefix`].errors}
        inputProps={{
          ...getInputProps(fields[`${kind}Prefix`], { type: "text" }),
          maxLength: MAX_PREFIX_LENGTH,
          autoComplete: "off",
          spellCheck: false,
        }}
      />
      <Field
        label={t(`settings.numbers.${kind}NextNumber`)}
        hint={
          <>
            <span className="block font-medium text-slate-700 dark:text-slate-300" data-testid={`next-${kind}-number`}>
              {t(kind === "estimate" ? "settings.numbers.nextEstimate" : "settings.numbers.nextInvoice", {
                number: nextDocument(kind),
              })}
            </span>
            <span className="block">{t("settings.numbers.nextNumberHint", { current: defaults[`${kind}NextNumber`] })}</span>
          </>
        }
        errors={fields[`${kind}NextNumber`].errors}
        inputProps={{
          ...getInputProps(fields[`${kind}NextNumber`], { type: "number" }),
          step: "1",
          min: "1",
          max: String(MAX_NEXT_NUMBER),
          inputMode: "numeric",
          required: true,
        }}
      />
      {/* The number this page showed: sent back as it is, it leaves the account's as it is now. */}
      <input type="hidden" name={`${kind}NextNumberShown`} value={defaults[`${kind}NextNumber`]} />
    </div>
  );
  const languageOptions = SETTINGS_LANGUAGES.map((language) => (
    <option key={language} value={language}>
      {t(language === "en" ? "settings.language.english" : "settings.language.spanish")}
    </option>
  ));

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <SettingsSection
        id="settings-language"
        title={t("settings.language.title")}
        description={t("settings.language.description")}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("settings.language.appLanguage")}
            errors={fields.appLanguage.errors}
            selectProps={getSelectProps(fields.appLanguage)}
          >
            {languageOptions}
          </SelectField>
          <SelectField
            label={t("settings.language.documentLanguage")}
            hint={t("settings.language.documentLanguageHint")}
            errors={fields.documentLanguage.errors}
            selectProps={getSelectProps(fields.documentLanguage)}
          >
            {languageOptions}
          </SelectField>
        </div>
      </SettingsSection>

      <SettingsSection id="settings-company" title={t("settings.company.title")} description={t("settings.company.description")}>
        {companyExtra}
        {text("companyName", t("settings.company.name"), "text", { required: true, autoComplete: "organization" })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("phone", t("settings.company.phone"), "tel", { autoComplete: "tel" })}
          {text("email", t("settings.company.email"), "email", { autoComplete: "email" })}
        </div>
        {text("address", t("settings.company.address"), "text", { autoComplete: "street-address" })}
        {text("website", t("settings.company.website"), "text", { autoComplete: "url", inputMode: "url" })}
      </SettingsSection>

      <SettingsSection
        id="settings-business"
        title={t("settings.business.title")}
        description={t("settings.business.description")}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={t("settings.business.taxRate")}
            hint={t("settings.business.taxRateHint")}
            errors={fields.defaultTaxRate.errors}
            inputProps={{
              ...getInputProps(fields.defaultTaxRate, { type: "number" }),
              step: "0.01",
              min: "0",
              max: "99.99",
              inputMode: "decimal",
              required: true,
            }}
          />
          <SelectField
            label={t("settings.business.currency")}
            errors={fields.currency.errors}
            selectProps={getSelectProps(fields.currency)}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {t(`settings.currencies.${currency}`)}
              </option>
            ))}
          </SelectField>
          <Field
            label={t("settings.business.validDays")}
            hint={t("settings.business.validDaysHint")}
            errors={fields.estimateValidDays.errors}
            inputProps={{
              ...getInputProps(fields.estimateValidDays, { type: "number" }),
              step: "1",
              min: String(MIN_VALID_DAYS),
              max: String(MAX_VALID_DAYS),
              inputMode: "numeric",
              required: true,
            }}
          />
          <Field
            label={t("settings.business.followUpDays")}
            hint={t("settings.business.followUpDaysHint")}
            errors={fields.estimateFollowUpDays.errors}
            inputProps={{
              ...getInputProps(fields.estimateFollowUpDays, { type: "number" }),
              step: "1",
              min: "0",
              max: String(MAX_FOLLOW_UP_DAYS),
              inputMode: "numeric",
              required: true,
            }}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("settings.business.depositPercent")}
            hint={t("settings.business.depositPercentHint")}
            errors={fields.defaultDepositPercent.errors}
            inputProps={{ ...getInputProps(fields.defaultDepositPercent, { type: "text" }), inputMode: "decimal", maxLength: 6 }}
          />
          <Field
            label={t("settings.business.lateChargeRate")}
            hint={t("settings.business.lateChargeRateHint")}
            errors={fields.lateChargeRate.errors}
            inputProps={{ ...getInputProps(fields.lateChargeRate, { type: "text" }), inputMode: "decimal", maxLength: 5 }}
          />
        </div>
      </SettingsSection>

      <SettingsSection id="settings-numbers" title={t("settings.numbers.title")} description={t("settings.numbers.description")}>
        {numberFields("estimate")}
        {numberFields("invoice")}
      </SettingsSection>

      <SettingsSection
        id="settings-reminders"
        title={t("settings.reminders.title")}
        description={t("settings.reminders.description")}
      >
        <SwitchField
          label={t("settings.reminders.enabled")}
          hint={t("settings.reminders.enabledHint")}
          inputProps={getInputProps(fields.remindersEnabled, { type: "checkbox" })}
        />
        <Field
          label={t("settings.reminders.steps")}
          hint={t("settings.reminders.stepsHint")}
          errors={fields.reminderSteps.errors}
          inputProps={{ ...getInputProps(fields.reminderSteps, { type: "text" }), inputMode: "text", maxLength: 60 }}
        />
        <Field
          label={t("settings.reminders.lateChargeSteps")}
          hint={t("settings.reminders.lateChargeStepsHint")}
          errors={fields.reminderLateChargeSteps.errors}
          inputProps={{ ...getInputProps(fields.reminderLateChargeSteps, { type: "text" }), inputMode: "text", maxLength: 60 }}
        />
      </SettingsSection>

      <SettingsSection id="settings-terms" title={t("settings.terms.title")} description={t("settings.terms.description")}>
        <TextareaField
          label={t("settings.terms.invoice")}
          errors={fields.invoiceTerms.errors}
          textareaProps={{ ...getTextareaProps(fields.invoiceTerms), rows: 3, maxLength: SETTINGS_LIMITS.terms }}
        />
        <TextareaField
          label={t("settings.terms.estimate")}
          errors={fields.estimateTerms.errors}
          textareaProps={{ ...getTextareaProps(fields.estimateTerms), rows: 3, maxLength: SETTINGS_LIMITS.terms }}
        />
        <TextareaField
          label={t("settings.terms.paymentInstructions")}
          hint={t("settings.terms.paymentInstructionsHint")}
          errors={fields.paymentInstructions.errors}
          textareaProps={{ ...getTextareaProps(fields.paymentInstructions), rows: 3, maxLength: SETTINGS_LIMITS.terms }}
        />
      </SettingsSection>

      <SettingsSection id="settings-preferences" title={t("settings.preferences.title")}>
        <SwitchField
          label={t("settings.preferences.notifications")}
          hint={t("settings.preferences.notificationsHint")}
          inputProps={getInputProps(fields.notifications, { type: "checkbox" })}
        />
        <SwitchField
          label={t("settings.preferences.autoBackup")}
          hint={t("settings.preferences.autoBackupHint")}
          inputProps={getInputProps(fields.autoBackup, { type: "checkbox" })}
        />
        <SwitchField
          label={t("settings.preferences.darkMode")}
          hint={t("settings.preferences.darkModeHint")}
          inputProps={getInputProps(fields.darkMode, { type: "checkbox" })}
        />
        <TimeZoneSelect
          label={t("settings.preferences.timeZone")}
          hint={t("settings.preferences.timeZoneHint")}
          errors={fields.timeZone.errors}
          selectProps={getSelectProps(fields.timeZone)}
          timeZones={timeZones}
        />
      </SettingsSection>

      {after}

      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t(messageKey(form.errors[0]))}
        </p>
      ) : null}
      <div className="sticky bottom-2 flex justify-end rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-md backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
        <Button name="intent" value="save" disabled={saving}>
          {saving ? t("settings.saving") : t("settings.save")}
        </Button>
      </div>
    </Form>
  );
}
