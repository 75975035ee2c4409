import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/forms";
import { useState } from "react";
import type { DocumentData } from "~/lib/invoice-document";
import { documentTotals, formatMoney } from "~/lib/money";
import { approveSchema, chooseField, declineSchema } from "~/lib/share-schema";
import { Honeypot } from "./ui/honeypot";
import { isPosting } from "./ui/submission";

export interface ResponseReply {
  intent: "approve" | "decline";
  result: SubmissionResult<string[]>;
  /** The optional lines ticked in a refused approve post, ticked again on the page that answers it. */
  chosen?: string[];
}

/** A field people never see; bots fill it in, and then nothing is recorded. */

const card = "rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800";

/** Approve (a typed full name as signature, an optional message) and Decline (an optional name and reason). */
export function ShareResponseForms({
  company,
  reply,
  document: doc,
  choices,
  language,
}: {
  company: string;
  reply: ResponseReply | null;
  document: DocumentData;
  /** The optional lines: their ids and where they are in the document. */
  choices: { id: string; index: number }[];
  language: string;
}) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(
    () => new Set(reply?.intent === "approve" ? (reply.chosen ?? []) : []),
  );
  // The same rule as the server's (decision 019): the ticked optional lines count, the others do not.
  const chosenIndexes = new Set(choices.filter((choice) => ticked.has(choice.id)).map((choice) => choice.index));
  const chosenTotal = documentTotals(
    doc.lines.map((line, index) => ({ ...line, optional: line.optional && !chosenIndexes.has(index) })),
    doc.taxRate,
  ).total;
  const navigation = useNavigation();
  const submitting = isPosting(navigation) ? navigation.formData?.get("intent") : null;
  const [approveForm, approveFields] = useForm({
    id: "approve",
    lastResult: reply?.intent === "approve" ? reply.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: approveSchema }),
  });
  const [declineForm, declineFields] = useForm({
    id: "decline",
    lastResult: reply?.intent === "decline" ? reply.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: declineSchema }),
  });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section id="respond-approve" aria-labelledby="approve-heading" className={card}>
        <h2 id="approve-heading" className="text-lg font-semibold">
          {t("share.page.approveHeading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("share.page.approveHint")}</p>
        <Form method="post" {...getFormProps(approveForm)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="approve" />
          {choices.length > 0 ? (
            <fieldset className="space-y-2" data-testid="optional-lines">
              <legend className="text-sm font-medium">{t("share.page.optionalHeading")}</legend>
              <p className="text-sm text-slate-600 dark:text-slate-400">{t("share.page.optionalHint")}</p>
              {choices.map((choice) => {
                const line = doc.lines[choice.index];
                return (
                  // The whole label is the box's target: at least 44 px tall on a phone.
                  <label
                    key={choice.id}
                    className="flex min-h-11 cursor-pointer items-start gap-2 py-2.5 text-sm sm:min-h-0 sm:py-0"
                  >
                    <input
                      type="checkbox"
                      name={chooseField(choice.id)}
                      defaultChecked={ticked.has(choice.id)}
                      className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300"
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setTicked((current) => {
                          const next = new Set(current);
                          if (on) next.add(choice.id);
                          else next.delete(choice.id);
                          return next;
                        });
                      }}
                    />
                    <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{line?.description}</span>
                    <span className="tabular-nums whitespace-nowrap">
                      {line ? formatMoney(line.total, language, doc.currency) : null}
                    </span>
                  </label>
                );
              })}
              <p className="flex flex-wrap justify-between gap-x-2 border-t border-slate-200 pt-2 text-sm font-semibold dark:border-slate-700">
                <span>{t("share.page.totalWithChoices")}</span>
                <output data-testid="chosen-total" className="tabular-nums">
                  {formatMoney(chosenTotal, language, doc.currency)}
                </output>
              </p>
            </fieldset>
          ) : null}
          <Field
            label={t("share.page.signature")}
            errors={approveFields.signature.errors}
            inputProps={{ ...getInputProps(approveFields.signature, { type: "text" }), autoComplete: "name", required: true }}
          />
          <TextareaField
            label={t("share.page.message")}
            errors={approveFields.message.errors}
            textareaProps={{ ...getTextareaProps(approveFields.message), rows: 3 }}
          />
          <Honeypot />
          <Button className="w-full bg-green-700 hover:bg-green-800" disabled={Boolean(submitting)}>
            {submitting === "approve" ? t("share.page.approving") : t("share.page.approve")}
          </Button>
        </Form>
      </section>
      <section id="respond-decline" aria-labelledby="decline-heading" className={card}>
        <h2 id="decline-heading" className="text-lg font-semibold">
          {t("share.page.declineHeading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("share.page.declineHint", { company })}</p>
        <Form method="post" {...getFormProps(declineForm)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="decline" />
          <Field
            label={t("share.page.name")}
            errors={declineFields.name.errors}
            inputProps={{ ...getInputProps(declineFields.name, { type: "text" }), autoComplete: "name" }}
          />
          <TextareaField
            label={t("share.page.reason")}
            errors={declineFields.reason.errors}
            textareaProps={{ ...getTextareaProps(declineFields.reason), rows: 3 }}
          />
          <Honeypot />
          <Button variant="secondary" className="w-full" disabled={Boolean(submitting)}>
            {submitting === "decline" ? t("share.page.declining") : t("share.page.decline")}
          </Button>
        </Form>
      </section>
    </div>
  );
}
