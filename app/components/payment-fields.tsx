import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { PAYMENT_METHOD_VALUES } from "~/lib/payment-methods";
import { Field, SelectField, TextareaField } from "./ui/forms";

type PaymentFieldSet = {
  amount: FieldMetadata<unknown>;
  date: FieldMetadata<unknown>;
  method: FieldMetadata<unknown>;
  reference: FieldMetadata<unknown>;
  note: FieldMetadata<unknown>;
};

/** The fields of money received by hand (a payment on an invoice, a deposit on an estimate). */
export function PaymentFields({ fields, today }: { fields: PaymentFieldSet; today: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("invoices.payments.amount")}
          errors={fields.amount.errors}
          inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", required: true }}
        />
        <Field
          label={t("invoices.payments.date")}
          errors={fields.date.errors}
          inputProps={{ ...getInputProps(fields.date, { type: "date" }), max: today }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("invoices.payments.method")}
          errors={fields.method.errors}
          selectProps={getSelectProps(fields.method)}
        >
          {PAYMENT_METHOD_VALUES.map((method) => (
            <option key={method} value={method}>
              {t(`invoices.paymentMethod.${method}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("invoices.payments.reference")}
          hint={t("invoices.payments.referenceHint")}
          errors={fields.reference.errors}
          inputProps={{ ...getInputProps(fields.reference, { type: "text" }), maxLength: 100 }}
        />
      </div>
      <TextareaField
        label={t("invoices.payments.note")}
        errors={fields.note.errors}
        textareaProps={{ ...getTextareaProps(fields.note), rows: 2 }}
      />
    </>
  );
}
