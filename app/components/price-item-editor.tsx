import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { parseForm } from "~/lib/form-parse";
import { centsToString } from "~/lib/money";
import { COMMON_UNITS, DEFAULT_UNIT, priceItemFormSchema } from "~/lib/price-item-schema";
import { FormActions } from "./ui/form-actions";
import { Field, TextareaField } from "./ui/forms";
import { isPosting } from "./ui/submission";

export interface PriceItemForEditor {
  name: string;
  description: string | null;
  unitPrice: number;
  unit: string;
  taxable: boolean;
  category: string | null;
  cost: number | null;
}

/** The add and edit price book item form (one component for both). */
export function PriceItemEditor({
  item,
  categories,
  lastResult,
  cancelTo,
}: {
  item?: PriceItemForEditor;
  categories: string[];
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  // Units are stored by their English names and shown, and typed, in the page's language.
  const unitLabel = (unit: string) => t(`priceBook.units.${unit}`, { defaultValue: unit });
  const navigation = useNavigation();
  const pending = isPosting(navigation);
  const [form, fields] = useForm({
    id: "price-item-editor",
    lastResult,
    defaultValue: {
      name: item?.name ?? "",
      description: item?.description ?? "",
      unitPrice: item ? centsToString(item.unitPrice) : "",
      unit: unitLabel(item?.unit ?? DEFAULT_UNIT),
      taxable: item && !item.taxable ? "" : "on",
      category: item?.category ?? "",
      cost: item?.cost === null || item?.cost === undefined ? "" : centsToString(item.cost),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: priceItemFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <Field
        label={t("priceBook.name")}
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), required: true, maxLength: 200, autoFocus: true }}
      />
      <TextareaField
        label={t("priceBook.description")}
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t("priceBook.unitPrice")}
          errors={fields.unitPrice.errors}
          inputProps={{
            ...getInputProps(fields.unitPrice, { type: "number" }),
            step: "0.01",
            min: "0",
            inputMode: "decimal",
            required: true,
          }}
        />
        <Field
          label={t("priceBook.unit")}
          errors={fields.unit.errors}
          inputProps={{ ...getInputProps(fields.unit, { type: "text" }), maxLength: 30, list: "price-item-units" }}
        />
        <Field
          label={t("priceBook.cost")}
          hint={t("priceBook.costHint")}
          errors={fields.cost.errors}
          inputProps={{ ...getInputProps(fields.cost, { type: "number" }), step: "0.01", min: "0", inputMode: "decimal" }}
        />
      </div>
      <datalist id="price-item-units">
        {COMMON_UNITS.map((unit) => (
          <option key={unit} value={unitLabel(unit)} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <Field
          label={t("priceBook.category")}
          errors={fields.category.errors}
          inputProps={{ ...getInputProps(fields.category, { type: "text" }), maxLength: 100, list: "price-item-categories" }}
        />
        <label className="inline-flex items-center gap-2 pb-2 text-sm">
          <input {...getInputProps(fields.taxable, { type: "checkbox" })} className="rounded border-slate-300" />
          {t("priceBook.taxable")}
        </label>
      </div>
      <datalist id="price-item-categories">
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <FormActions
        errors={form.errors}
        cancelTo={cancelTo}
        pending={pending}
        label={item ? t("list.save") : t("priceBook.create")}
      />
    </Form>
  );
}
