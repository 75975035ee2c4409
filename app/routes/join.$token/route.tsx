import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/forms";
import { readForm } from "~/infrastructure/form.server";
import { signInAttempt, signInSucceeded } from "~/infrastructure/rate-limit.server";
import { MIN_PASSWORD_LENGTH } from "~/lib/auth-schemas";
import { parseForm } from "~/lib/form-parse";
import { homeOf, ROLE_LABELS, type RouteAccess } from "~/lib/permissions";
import { joinSchema, joinWithLoginSchema } from "~/lib/team-schema";
import type { TranslationKey } from "~/locales/keys";
import { getSettings } from "~/models/settings.server";
import { findInvitation, INVITATION_DAYS } from "~/models/team.server";
import { signedInHeaders } from "~/services/auth.server";
import { titleMeta } from "~/services/meta";
import { joinTeam } from "~/services/team.server";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

// /join/{token}: the link of an invitation e-mail. The invited person picks their name and
// password (or, when the address already has a login of no account, enters its password) and
// is signed in to the team. A wrong, used or withdrawn link is 404, an expired one 410.

export const meta = titleMeta("team.title");

async function lookUp(token: string) {
  const found = await findInvitation(token);
  if (found.state !== "valid") return { state: found.state } as const;
  const settings = await getSettings(found.invitation.accountId);
  return {
    state: "valid",
    company: settings.companyName,
    email: found.invitation.email,
    role: found.invitation.role,
    hasLogin: found.hasLogin,
  } as const;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const invitation = await lookUp(params.token ?? "");
  const status = invitation.state === "unknown" ? 404 : invitation.state === "expired" ? 410 : 200;
  return data({ invitation, days: INVITATION_DAYS }, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const invitation = await lookUp(token);
  if (invitation.state !== "valid") return data({ result: null }, { status: invitation.state === "unknown" ? 404 : 410 });
  const form = await readForm(request);
  const submission = parseForm(form, { schema: invitation.hasLogin ? joinWithLoginSchema : joinSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  if (invitation.hasLogin) {
    const limited = await signInAttempt(invitation.email);
    if (!limited.ok)
      return data(
        { result: submission.reply({ formErrors: ["security.tooManyAttemptsShort"], hideFields: ["password"] }) },
        { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
      );
  }
  const value = submission.value as { name?: string; password: string };
  const joined = await joinTeam(token, { name: value.name, password: value.password });
  if (joined.status !== "joined") {
    const message: TranslationKey =
      joined.status === "wrong-password"
        ? "team.join.wrongPassword"
        : joined.status === "other-account"
          ? "team.join.otherAccount"
          : "team.join.unknownTitle";
    const status =
      joined.status === "wrong-password"
        ? 400
        : joined.status === "other-account"
          ? 409
          : joined.status === "expired"
            ? 410
            : 404;
    return data({ result: submission.reply({ formErrors: [message], hideFields: ["password", "confirmPassword"] }) }, { status });
  }
  if (invitation.hasLogin) await signInSucceeded(invitation.email);
  return redirect(homeOf(joined.member.role), { headers: await signedInHeaders(request, joined.userId, "join") });
}

export default function JoinPage() {
  const { t } = useTranslation();
  const { invitation, days } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "join",
    lastResult: actionData?.result ?? null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseForm(formData, { schema: invitation.state === "valid" && invitation.hasLogin ? joinWithLoginSchema : joinSchema }),
  });

  if (invitation.state !== "valid") {
    const expired = invitation.state === "expired";
    return (
      <AuthLayout
        title={t(expired ? "team.join.expiredTitle" : "team.join.unknownTitle")}
        subtitle={t(expired ? "team.join.expiredBody" : "team.join.unknownBody", { days })}
      >
        <Link to="/login" className="font-medium text-brand-600 hover:underline dark:text-brand-500">
          {t("auth.signIn")}
        </Link>
      </AuthLayout>
    );
  }

  const role = t(ROLE_LABELS[invitation.role]);
  return (
    <AuthLayout
      title={t("team.join.title", { company: invitation.company })}
      subtitle={t("team.join.subtitle", { company: invitation.company, email: invitation.email, role })}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {invitation.hasLogin ? (
          <>
            <p className="text-sm">{t("team.join.signInInstead")}</p>
            <Field
              label={t("team.join.existingPassword")}
              errors={fields.password.errors}
              inputProps={{
                ...getInputProps(fields.password, { type: "password" }),
                autoComplete: "current-password",
                required: true,
              }}
            />
          </>
        ) : (
          <>
            <Field
              label={t("team.join.name")}
              errors={fields.name.errors}
              inputProps={{
                ...getInputProps(fields.name, { type: "text" }),
                autoComplete: "name",
                required: true,
                maxLength: 100,
              }}
            />
            <Field
              label={t("team.join.password")}
              hint={t("team.join.passwordHint")}
              errors={fields.password.errors}
              inputProps={{
                ...getInputProps(fields.password, { type: "password" }),
                autoComplete: "new-password",
                required: true,
                minLength: MIN_PASSWORD_LENGTH,
              }}
            />
            <Field
              label={t("team.join.confirm")}
              errors={fields.confirmPassword.errors}
              inputProps={{
                ...getInputProps(fields.confirmPassword, { type: "password" }),
                autoComplete: "new-password",
                required: true,
              }}
            />
          </>
        )}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button className="w-full" disabled={pending}>
          {pending ? t("team.join.submitting") : t("team.join.submit")}
        </Button>
      </Form>
    </AuthLayout>
  );
}
