import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { salesRequestSchema } from "~/lib/sales-request-schema";
import { AuthLayout } from "./auth-layout";
import { Button } from "./ui/button";
import { Field, TextareaField } from "./ui/forms";
import type { SubmissionResult } from "@conform-to/react";
import { Honeypot } from "./ui/honeypot";
import { isPosting } from "./ui/submission";

/** The public /demo and /contact-sales pages: a short form, then a thank-you. */
export function SalesRequestPage({ kind }: { kind: "demo" | "sales" }) {
  const { t } = useTranslation();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const pending = isPosting(navigation);
  const [form, fields] = useForm({
    id: `sales-${kind}`,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: salesRequestSchema }),
  });
  const title = kind === "demo" ? t("sales.demoTitle") : t("sales.salesTitle");

  if (searchParams.get("sent") === "1") {
    return (
      <AuthLayout title={t("sales.thanksTitle")}>
        <p role="status" className="text-slate-700 dark:text-slate-300">
          {kind === "demo" ? t("sales.demoThanks") : t("sales.salesThanks")}
        </p>
        <Link to="/" className="mt-6 inline-block font-medium text-brand-600 hover:underline dark:text-brand-500">
          {t("common.backHome")}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} subtitle={kind === "demo" ? t("sales.demoSubtitle") : t("sales.salesSubtitle")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field
          label={t("sales.name")}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", required: true }}
        />
        <Field
          label={t("sales.email")}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", required: true }}
        />
        <Field
          label={`${t("sales.phone")} (${t("common.optional")})`}
          errors={fields.phone.errors}
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
        />
        <Field
          label={`${t("sales.company")} (${t("common.optional")})`}
          errors={fields.company.errors}
          inputProps={{ ...getInputProps(fields.company, { type: "text" }), autoComplete: "organization" }}
        />
        <Field
          label={`${t("sales.trade")} (${t("common.optional")})`}
          errors={fields.trade.errors}
          inputProps={{ ...getInputProps(fields.trade, { type: "text" }), placeholder: t("sales.tradePlaceholder") }}
        />
        <TextareaField
          label={`${kind === "demo" ? t("sales.preferredTime") : t("sales.message")} (${t("common.optional")})`}
          errors={fields.message.errors}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 4 }}
        />
        <Honeypot />
        <Button className="w-full" disabled={pending}>
          {pending ? t("sales.sending") : kind === "demo" ? t("sales.requestDemo") : t("sales.sendMessage")}
        </Button>
      </Form>
    </AuthLayout>
  );
}
