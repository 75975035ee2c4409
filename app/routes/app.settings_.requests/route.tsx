import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsSection } from "~/components/settings-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/forms";
import { PageHeader } from "~/components/ui/page-header";
import { isPosting } from "~/components/ui/submission";
import { parseForm } from "~/lib/form-parse";
import { requestPageSchema } from "~/lib/work-request-schema";
import { getSettings } from "~/models/settings.server";
import { appOrigin } from "~/models/share.server";
import { getRequestPage, proposedSlug, saveRequestPage } from "~/models/work-request.server";
import { titleMeta } from "~/services/meta";
import { readForm } from "~/infrastructure/form.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "settings" satisfies RouteAccess;

// /app/settings/requests: the public request page's address (/request/{slug}) and whether it is
// on (docs/product/requests.md). Until it is saved the form proposes the company name's slug;
// saving makes the page. A slug another account has is refused and nothing changes.

export const meta = titleMeta("requests.settings.title");

const HERE = "/app/settings/requests";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const page = await getRequestPage(user.accountId);
  const slug = page?.slug ?? (await proposedSlug(user.accountId, (await getSettings(user.accountId)).companyName));
  return { slug, enabled: page?.enabled ?? true, saved: Boolean(page), origin: appOrigin(request) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const submission = parseForm(await readForm(request), { schema: requestPageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await saveRequestPage(user.accountId, submission.value);
  if (saved.status === "taken") {
    return data({ result: submission.reply({ fieldErrors: { slug: ["requests.settings.slugTaken"] } }) }, { status: 400 });
  }
  return redirectWithToast(HERE, { title: "requests.settings.saved" });
}

export default function RequestPageSettings() {
  const { t } = useTranslation();
  const { slug, enabled, saved, origin } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  const pending = isPosting(useNavigation());
  const [form, fields] = useForm({
    id: "request-page",
    lastResult: actionData?.result,
    defaultValue: { slug, enabled: enabled ? "on" : undefined },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: requestPageSchema }),
  });
  return (
    <div className="space-y-6">
      <PageHeader title={t("requests.settings.title")} subtitle={t("requests.settings.intro")} />
      <SettingsSection id="request-page-section" title={t("requests.settings.title")}>
        <p className="text-sm" data-testid="request-page-address">
          {saved && enabled ? (
            <a className="font-medium text-brand-600 underline dark:text-brand-500" href={`/request/${slug}`}>
              {`${origin}/request/${slug}`}
            </a>
          ) : saved ? (
            t("requests.pageOff")
          ) : (
            t("requests.settings.notSaved")
          )}
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <Field
            label={t("requests.settings.slug")}
            hint={t("requests.settings.slugHint")}
            errors={fields.slug.errors}
            inputProps={{ ...getInputProps(fields.slug, { type: "text" }), autoCapitalize: "none", spellCheck: false }}
          />
          <label className="flex items-center gap-2 text-sm font-medium">
            <input {...getInputProps(fields.enabled, { type: "checkbox" })} className="h-4 w-4" />
            {t("requests.settings.enabled")}
          </label>
          <div className="flex flex-wrap gap-2">
            <Button disabled={pending}>{pending ? t("requests.settings.saving") : t("requests.settings.save")}</Button>
            <Link to="/app/settings" className="self-center text-sm text-brand-600 underline dark:text-brand-500">
              {t("requests.settings.back")}
            </Link>
          </div>
        </Form>
      </SettingsSection>
    </div>
  );
}
