import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FixedLanguage } from "~/components/share-fixed-language";
import { shareHeaders } from "~/components/share-page";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/forms";
import { Honeypot } from "~/components/ui/honeypot";
import { MAIN_ID } from "~/components/ui/skip-link";
import { isPosting } from "~/components/ui/submission";
import { parseForm } from "~/lib/form-parse";
import { workRequestSchema } from "~/lib/work-request-schema";
import { appOrigin } from "~/models/share.server";
import { getSettings } from "~/models/settings.server";
import { findOpenRequestPage } from "~/models/work-request.server";
import { translate } from "~/infrastructure/i18n";
import { submitWorkRequest } from "~/services/work-request.server";
import { readRequestForm } from "~/services/request-photos.server";
import { photoError, RequestPhotosField, type PhotoError } from "~/components/request-photos-field";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

// The contractor's public request page (docs/product/requests.md): a visitor asks for work
// with a name and a phone or e-mail; the answer is a 303 to the confirmation (?sent=1), both
// in the account's document language. An unknown slug or a page turned off is the ordinary
// 404, and nothing is read or written.

export const headers = shareHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const robots = { name: "robots", content: "noindex, nofollow" };
  if (!data) {
    const locale = (matches[0]?.data as { locale?: string } | undefined)?.locale ?? "en";
    return [{ title: translate(locale, "notFound.title") }, robots];
  }
  return [{ title: translate(data.language, "requests.form.title", { company: data.company }) }, robots];
};

const notFound = () => new Response("Not Found", { status: 404 });

async function openPage(slug: string | undefined) {
  const page = await findOpenRequestPage(slug ?? "");
  if (!page) throw notFound();
  return { page, settings: await getSettings(page.accountId) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { page, settings } = await openPage(params.slug);
  return {
    slug: page.slug,
    language: settings.documentLanguage,
    company: settings.companyName,
    phone: settings.phone,
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The page first: a post to an unknown or closed page is not read at all.
  const { page } = await openPage(params.slug);
  const form = await readRequestForm(request);
  if (!form.ok) {
    // What was typed comes back with the photos' message, with or without JavaScript.
    const typed = parseForm(form.fields, { schema: workRequestSchema });
    return data({ result: typed.reply(), photoError: photoError(form.refusal) }, { status: form.refusal.status });
  }
  try {
    const submission = parseForm(form.fields, { schema: workRequestSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply() }, { status: 400 });
    }
    const { website, ...input } = submission.value;
    // A filled honeypot is a bot: thank it the same way, record nothing.
    if (!website) {
      const sent = await submitWorkRequest(page.accountId, input, appOrigin(request), null, form.photos);
      if (!sent.ok) return data({ result: submission.reply(), photoError: photoError(sent) }, { status: sent.status });
    }
    return redirect(`/request/${page.slug}?sent=1`, 303);
  } finally {
    await form.cleanup();
  }
}

export default function RequestPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <FixedLanguage language={loaded.language}>
      <RequestForm {...loaded} />
    </FixedLanguage>
  );
}

function RequestForm({ slug, company, phone, sent }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const { t } = useTranslation();
  const actionData = useActionData<{ result?: SubmissionResult<string[]>; photoError?: PhotoError }>();
  const navigation = useNavigation();
  const pending = isPosting(navigation);
  const [form, fields] = useForm({
    id: "work-request",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: workRequestSchema }),
  });
  return (
    <main id={MAIN_ID} tabIndex={-1} className="flex min-h-screen justify-center px-4 py-6 outline-none sm:py-12">
      <div className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {sent ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight">{t("requests.form.thanksTitle")}</h1>
            <p role="status" className="mt-3 text-slate-700 dark:text-slate-300" data-testid="request-sent">
              {t("requests.form.thanks", { company })}
            </p>
            <a
              href={`/request/${slug}`}
              className="mt-6 inline-block font-medium text-brand-600 hover:underline dark:text-brand-500"
            >
              {t("requests.form.another")}
            </a>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight">{t("requests.form.title", { company })}</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("requests.form.intro")}</p>
            {phone ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{phone}</p> : null}
            <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 space-y-4">
              <Field
                label={t("requests.form.name")}
                errors={fields.name.errors}
                inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", required: true }}
              />
              <Field
                label={t("requests.form.phone")}
                hint={t("requests.form.contactHint")}
                errors={fields.phone.errors}
                inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
              />
              <Field
                label={t("requests.form.email")}
                errors={fields.email.errors}
                inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
              />
              <Field
                label={`${t("requests.form.address")} (${t("common.optional")})`}
                errors={fields.address.errors}
                inputProps={{ ...getInputProps(fields.address, { type: "text" }), autoComplete: "street-address" }}
              />
              <TextareaField
                label={t("requests.form.description")}
                errors={fields.description.errors}
                textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
              />
              <TextareaField
                label={`${t("requests.form.preferredTimes")} (${t("common.optional")})`}
                errors={fields.preferredTimes.errors}
                textareaProps={{
                  ...getTextareaProps(fields.preferredTimes),
                  rows: 2,
                  placeholder: t("requests.form.preferredPlaceholder"),
                }}
              />
              <RequestPhotosField error={actionData?.photoError} />
              <Honeypot />
              <Button className="w-full" disabled={pending}>
                {pending ? t("requests.form.sending") : t("requests.form.send")}
              </Button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
