import { useNavigation } from "@remix-run/react";
import { useId, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { AI_ADD_INTENT, AI_ANALYZE_INTENT, AI_FIELDS, type AiPanelState } from "~/lib/ai-editor";
import { AI_JOB_TYPES, dollarsToCents, MAX_JOB_DESCRIPTION, MAX_LOCATION, NO_JOB_TYPE, parseJobType } from "~/lib/ai-result";
import { formatMoney } from "~/lib/money";
import { quantityUnit } from "~/lib/unit-words";
import { buttonClass } from "./ui/button";
import { ErrorList, inputClass } from "./ui/forms";
import { ToastView } from "./ui/toast";
import { isPosting } from "./ui/submission";

const labelClass = "block text-sm font-medium text-slate-700 dark:text-slate-300";
const headingClass = "text-sm font-semibold text-slate-800 dark:text-slate-200";

/**
 * The estimate editor's "AI assistant (BETA)" section: a disclosure inside the editor's
 * form. "Analyze" and "Add to estimate" are submit buttons of that form, so they work
 * without JavaScript (the action shows the editor again with the suggestions) and, with
 * it, post the same way through Remix without a page load.
 */
export function AiAssistant({ state, locale, currency }: { state?: AiPanelState; locale: string; currency: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const id = useId();
  const submitting = isPosting(navigation) ? navigation.formData?.get("intent") : null;
  const analyzing = submitting === AI_ANALYZE_INTENT;
  const adding = submitting === AI_ADD_INTENT;
  const result = state?.result ?? null;
  const added = new Set(state?.added ?? []);
  const money = (dollars: number) => formatMoney(dollarsToCents(dollars), locale, currency);
  const ids = { description: `${id}-description`, jobType: `${id}-job-type`, location: `${id}-location` };
  const missingDescription = state?.missing?.description ? ["assistant.describeJob"] : null;
  const missingJobType = state?.missing?.jobType ? ["assistant.chooseJobType"] : null;
  const jobType = parseJobType(state?.jobType) ?? NO_JOB_TYPE;

  // Enter in the location field analyzes instead of saving the estimate (the form's default button).
  const analyzeOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    event.currentTarget.form?.querySelector<HTMLButtonElement>(`button[name="intent"][value="${AI_ANALYZE_INTENT}"]`)?.click();
  };

  return (
    <>
      <details
        open={Boolean(state)}
        className="rounded-lg border border-brand-100 bg-brand-50/40 p-3 dark:border-slate-700 dark:bg-slate-800/40"
        data-testid="ai-assistant"
      >
        <summary
          // Focus stays where it was: a blur would show the field's message, the centred
          // dialog would grow and move, and the click would land beside the summary.
          onMouseDown={(event) => event.preventDefault()}
          className="cursor-pointer select-none py-3 text-sm font-semibold text-slate-800 sm:py-0 dark:text-slate-100"
        >
          {t("assistant.title")}{" "}
          <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-800">
            {t("assistant.beta")}
          </span>
        </summary>
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("assistant.intro")}</p>
          <div>
            <label htmlFor={ids.description} className={labelClass}>
              {t("assistant.jobDescription")}
            </label>
            <textarea
              id={ids.description}
              name={AI_FIELDS.description}
              defaultValue={state?.jobDescription ?? ""}
              rows={3}
              maxLength={MAX_JOB_DESCRIPTION}
              placeholder={t("assistant.jobDescriptionPlaceholder")}
              aria-invalid={missingDescription ? true : undefined}
              aria-describedby={missingDescription ? `${ids.description}-error` : undefined}
              className={`mt-1 ${inputClass}`}
            />
            <ErrorList id={`${ids.description}-error`} errors={missingDescription} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={ids.jobType} className={labelClass}>
                {t("assistant.jobType")}
              </label>
              <select
                id={ids.jobType}
                name={AI_FIELDS.jobType}
                defaultValue={jobType}
                aria-invalid={missingJobType ? true : undefined}
                aria-describedby={missingJobType ? `${ids.jobType}-error` : undefined}
                className={`mt-1 ${inputClass}`}
              >
                <option value={NO_JOB_TYPE}>{t("assistant.chooseJobType")}</option>
                {AI_JOB_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`assistant.jobTypes.${type}`)}
                  </option>
                ))}
              </select>
              <ErrorList id={`${ids.jobType}-error`} errors={missingJobType} />
            </div>
            <div>
              <label htmlFor={ids.location} className={labelClass}>
                {t("assistant.location")}
              </label>
              <input
                id={ids.location}
                type="text"
                name={AI_FIELDS.location}
                defaultValue={state?.location ?? ""}
                maxLength={MAX_LOCATION}
                placeholder={t("assistant.locationPlaceholder")}
                autoComplete="address-level2"
                onKeyDown={analyzeOnEnter}
                className={`mt-1 ${inputClass}`}
              />
            </div>
          </div>
          <input type="hidden" name={AI_FIELDS.language} value={locale === "es" ? "es" : "en"} />
          <div>
            <button
              type="submit"
              name="intent"
              value={AI_ANALYZE_INTENT}
              formNoValidate
              disabled={analyzing}
              className={buttonClass("primary", "px-3 py-1.5")}
            >
              {analyzing ? t("assistant.analyzing") : t("assistant.analyze")}
            </button>
          </div>

          {result ? (
            <section
              aria-labelledby={`${id}-suggestions`}
              className="space-y-4 border-t border-brand-100 pt-3 dark:border-slate-700"
              data-testid="ai-result"
            >
              <input type="hidden" name={AI_FIELDS.result} value={JSON.stringify(result)} />
              <input type="hidden" name={AI_FIELDS.added} value={[...added].join(",")} />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id={`${id}-suggestions`} className={headingClass}>
                  {t("assistant.suggestions")}
                </h3>
                <span
                  className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                  data-testid="ai-source"
                >
                  {t(result.source === "openai" ? "assistant.sourceOpenai" : "assistant.sourceBuiltIn")}
                </span>
              </div>
              {result.source !== "openai" && currency !== "USD" ? (
                <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="ai-us-prices">
                  {t("assistant.usPrices", { currency })}
                </p>
              ) : null}
              <ul className="space-y-2" data-testid="ai-suggestions">
                {result.suggestedItems.map((item, index) => {
                  const done = added.has(index);
                  const checkboxId = `${id}-pick-${index}`;
                  return (
                    <li
                      // A new key after each addition unchecks what was just added.
                      key={`${index}-${[...added].join(".")}`}
                      className="rounded-md border border-slate-200 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-900"
                      data-testid="ai-suggestion"
                    >
                      <div className="flex items-start gap-2">
                        <input
                          id={checkboxId}
                          type="checkbox"
                          name={AI_FIELDS.pick}
                          value={index}
                          disabled={done}
                          className="mt-1 h-4 w-4"
                        />
                        <label htmlFor={checkboxId} className="flex-1 font-medium">
                          {item.description}
                        </label>
                        {done ? (
                          <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-800">
                            {t("assistant.added")}
                          </span>
                        ) : null}
                      </div>
                      <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 pl-6 text-xs text-slate-600 sm:grid-cols-4 dark:text-slate-400">
                        <div>
                          <dt className="inline">{t("assistant.quantity")}: </dt>
                          <dd className="inline tabular-nums" data-testid="ai-quantity">
                            {item.quantity} {quantityUnit(item.quantity, item.unit)}
                          </dd>
                        </div>
                        <div>
                          <dt className="inline">{t("assistant.unitPrice")}: </dt>
                          <dd className="inline tabular-nums">{money(item.unitPrice)}</dd>
                        </div>
                        <div className="col-span-2">
                          <dt className="inline">{t("assistant.total")}: </dt>
                          <dd
                            className="inline font-semibold tabular-nums text-slate-800 dark:text-slate-200"
                            data-testid="ai-total"
                          >
                            {money(item.total)}
                          </dd>
                        </div>
                      </dl>
                      <p className="mt-1 pl-6 text-xs text-slate-500 dark:text-slate-400">
                        <span className="sr-only">{t("assistant.reasoning")}: </span>
                        {item.reasoning}
                      </p>
                    </li>
                  );
                })}
              </ul>
              <button
                type="submit"
                name="intent"
                value={AI_ADD_INTENT}
                formNoValidate
                disabled={adding}
                className={buttonClass("secondary", "px-3 py-1.5")}
              >
                {adding ? t("assistant.adding") : t("assistant.addToEstimate")}
              </button>

              <div className="grid gap-4 md:grid-cols-2">
                <div>
                  <h3 className={headingClass}>{t("assistant.marketAnalysis")}</h3>
                  <dl className="mt-1 space-y-1 text-sm">
                    <dt className="font-medium">{t("assistant.competitivePricing")}</dt>
                    <dd className="text-slate-600 dark:text-slate-400">{result.marketAnalysis.competitivePricing}</dd>
                    <dt className="font-medium">{t("assistant.profitMargin")}</dt>
                    <dd className="text-slate-600 dark:text-slate-400">{result.marketAnalysis.profitMargin}</dd>
                  </dl>
                  {result.marketAnalysis.recommendations.length ? (
                    <>
                      <h4 className="mt-2 text-sm font-medium">{t("assistant.recommendations")}</h4>
                      <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-600 dark:text-slate-400">
                        {result.marketAnalysis.recommendations.map((text) => (
                          <li key={text}>{text}</li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                </div>
                <div>
                  <h3 className={headingClass}>{t("assistant.timeEstimate")}</h3>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="ai-time">
                    {result.timeEstimate}
                  </p>
                  <h3 className={`mt-3 ${headingClass}`}>{t("assistant.riskFactors")}</h3>
                  {result.riskFactors.length ? (
                    <ul
                      className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-600 dark:text-slate-400"
                      data-testid="ai-risks"
                    >
                      {result.riskFactors.map((text) => (
                        <li key={text}>{text}</li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("assistant.noRisks")}</p>
                  )}
                </div>
              </div>
            </section>
          ) : null}
        </div>
      </details>
      {state?.notice ? <ToastView toast={state.notice} /> : null}
    </>
  );
}
