import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/forms";
import { Honeypot } from "~/components/ui/honeypot";
import { ToastView, type ToastData } from "~/components/ui/toast";
import { TimeZoneSelect } from "~/components/time-zone-select";
import { registerSchema, toastTitleFor } from "~/lib/auth-schemas";
import { isValidTimeZone, timeZoneOptions } from "~/lib/clock";
import { guessTimeZone } from "~/lib/zone-guess";
import { signedInHeaders } from "~/services/auth.server";
import { messageKey, translate } from "~/infrastructure/i18n";
import { i18nServer, languageCookie } from "~/infrastructure/i18n.server";
import { getThemeFromCookie, themeCookie } from "~/infrastructure/preferences.server";
import { register } from "~/services/registration.server";
import { recordAppOrigin } from "~/models/app-origin.server";
import { requireAnonymous } from "~/infrastructure/session.server";
import { readForm } from "~/infrastructure/form.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

export const meta: MetaFunction = ({ matches }) => {
  const locale = (matches[0]?.data as { locale?: string } | undefined)?.locale ?? "en";
  return [{ title: `${translate(locale, "auth.createAccount")} | TradeDesk` }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  // Without JavaScript the form offers the zone as a list, preselected with a guess from
  // the request; with JavaScript the browser's own zone goes in a hidden field.
  return { timeZones: timeZoneOptions(), guessedZone: guessTimeZone(request.headers.get("Accept-Language")) };
}

/** The password checks show as toasts too: the first failing one, mismatch before length. */
function validationToast(fieldErrors: Record<string, string[] | null | undefined>): ToastData | null {
  for (const field of ["confirmPassword", "password"]) {
    const message = fieldErrors[field]?.[0];
    if (message && toastTitleFor[message])
      return { type: "error", title: toastTitleFor[message], description: messageKey(message) };
  }
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    const reply = submission.reply({ hideFields: ["password", "confirmPassword"] });
    return data({ result: reply, toast: validationToast(reply.error ?? {}) }, { status: 400 });
  }
  const locale = await i18nServer.getLocale(request);
  const theme = await getThemeFromCookie(request);
  const appLanguage = locale === "es" ? "es" : "en";
  const { website, ...fields } = submission.value;
  // A filled honeypot is a bot: it gets the answer a known address gets, and nothing is created.
  const registered = website ? null : await register(request, { ...fields, appLanguage, darkMode: theme === "dark" });
  if (registered?.kind === "created") {
    // The account made at sign-up has its founder's id (decision 029). Its address is the one
    // the links of mail sent on its own use without APP_URL.
    await recordAppOrigin(registered.user.id, request);
    return redirect("/app", { headers: await signedInHeaders(request, registered.user.id, "register") });
  }
  // The address has an account: the same redirect as for a new one, without signing in to it
  // (its owner has been e-mailed). /app then asks for a sign-in. The language and theme
  // cookies are the ones a new account would have set.
  const headers = new Headers();
  headers.append("Set-Cookie", await languageCookie.serialize(appLanguage));
  headers.append("Set-Cookie", await themeCookie.serialize(theme === "dark" ? "dark" : "light"));
  return redirect("/app", { headers });
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const { timeZones, guessedZone } = useLoaderData<typeof loader>();
  // The browser's zone, once the page runs script; until then (and without JavaScript) the list.
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (isValidTimeZone(zone)) setBrowserZone(zone);
  }, []);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/register") === true;
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    defaultValue: { timeZone: guessedZone },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: registerSchema }),
  });
  // Client-side checks show the same toast as the server's answer would.
  const toast =
    validationToast({ confirmPassword: fields.confirmPassword.errors, password: fields.password.errors }) ?? actionData?.toast;

  return (
    <AuthLayout title={t("auth.registerTitle")} subtitle={t("auth.registerSubtitle")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Honeypot />
        <Field
          label={t("auth.fullName")}
          errors={fields.name.errors}
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            autoComplete: "name",
            required: true,
            autoFocus: true,
            maxLength: 100,
          }}
        />
        <Field
          label={t("auth.email")}
          errors={fields.email.errors}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            required: true,
            maxLength: 254,
          }}
        />
        <Field
          label={t("auth.password")}
          hint={t("auth.passwordHint")}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", required: true }}
        />
        <Field
          label={t("auth.confirmPassword")}
          errors={fields.confirmPassword.errors}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: "password" }),
            autoComplete: "new-password",
            required: true,
          }}
        />
        {browserZone ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <input type="hidden" name={fields.timeZone.name} value={browserZone} />
            {t("auth.timeZoneDetected", { zone: browserZone.replace(/_/g, " ") })}
          </p>
        ) : (
          <TimeZoneSelect
            label={t("auth.timeZone")}
            hint={t("auth.timeZoneHint")}
            errors={fields.timeZone.errors}
            selectProps={getSelectProps(fields.timeZone)}
            timeZones={timeZones}
          />
        )}
        <Button className="w-full" disabled={pending}>
          {pending ? t("auth.creatingAccount") : t("auth.createAccount")}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t("auth.haveAccount")}{" "}
        <Link to="/login" className="font-medium text-brand-600 hover:underline dark:text-brand-500">
          {t("auth.signInLink")}
        </Link>
      </p>
      {toast ? <ToastView key={`${toast.title}-${toast.description}`} toast={toast} /> : null}
    </AuthLayout>
  );
}
