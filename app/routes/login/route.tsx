import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/forms";
import { ToastView, type ToastData } from "~/components/ui/toast";
import { loginSchema } from "~/lib/auth-schemas";
import { authenticateWithPassword, signedInHeaders } from "~/services/auth.server";
import { messageKey, translate } from "~/infrastructure/i18n";
import { retryMinutes, signInAttempt, signInSucceeded } from "~/infrastructure/rate-limit.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireAnonymous } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";
import { membershipOf } from "~/models/member.server";
import { recordAppOrigin } from "~/models/app-origin.server";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

export const meta: MetaFunction = ({ matches }) => {
  const locale = (matches[0]?.data as { locale?: string } | undefined)?.locale ?? "en";
  return [{ title: `${translate(locale, "auth.signIn")} | TradeDesk` }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  const submission = parseForm(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const attempt = await signInAttempt(submission.value.email);
  if (!attempt.ok) {
    const toast: ToastData = {
      type: "error",
      title: "security.tooManyTitle",
      description: "security.tooManyAttempts",
      values: { minutes: String(retryMinutes(attempt.retryAfterSeconds)) },
    };
    return data(
      { result: submission.reply({ formErrors: ["security.tooManyAttemptsShort"], hideFields: ["password"] }), toast },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
    );
  }
  const user = await authenticateWithPassword(submission.value.email, submission.value.password, request.url);
  if (!user) {
    const toast: ToastData = { type: "error", title: "auth.loginFailed", description: "auth.invalidCredentials" };
    return data(
      { result: submission.reply({ formErrors: ["auth.invalidCredentials"], hideFields: ["password"] }), toast },
      { status: 401 },
    );
  }
  await signInSucceeded(submission.value.email);
  // A login removed from its team has no account to open.
  const membership = await membershipOf(user.id);
  if (!membership) {
    const toast: ToastData = { type: "error", title: "auth.loginFailed", description: "auth.notAMember" };
    return data(
      { result: submission.reply({ formErrors: ["auth.notAMember"], hideFields: ["password"] }), toast },
      { status: 403 },
    );
  }
  // The address the account's people reach the app at: the links of mail sent on its own use it without APP_URL.
  await recordAppOrigin(membership.accountId, request);
  return redirect(safeRedirect(submission.value.redirectTo), { headers: await signedInHeaders(request, user.id, "login") });
}

export default function LoginPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: loginSchema }),
  });

  return (
    <AuthLayout title={t("auth.loginTitle")} subtitle={t("auth.loginSubtitle")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("auth.email")}
          errors={fields.email.errors}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            required: true,
            autoFocus: true,
          }}
        />
        <Field
          label={t("auth.password")}
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
            required: true,
          }}
        />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {t(messageKey(form.errors[0]))}
          </p>
        ) : null}
        <Button className="w-full" disabled={pending}>
          {pending ? t("auth.signingIn") : t("auth.signIn")}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t("auth.noAccount")}{" "}
        <Link to="/register" className="font-medium text-brand-600 hover:underline dark:text-brand-500">
          {t("auth.signUp")}
        </Link>
      </p>
      {actionData?.toast ? <ToastView key={Date.now()} toast={actionData.toast} /> : null}
    </AuthLayout>
  );
}
