import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseForm } from "~/lib/form-parse";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/infrastructure/i18n";
import { z } from "zod";
import { SettingsSection } from "~/components/settings-form";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/forms";
import { PageHeader } from "~/components/ui/page-header";
import { ToastView, type ToastData } from "~/components/ui/toast";
import { MIN_PASSWORD_LENGTH } from "~/lib/auth-schemas";
import { titleMeta } from "~/services/meta";
import { changePassword, deleteAccount, verifyLogin } from "~/models/user.server";
import { removeAccountBackups } from "~/services/backup.server";
import { retryMinutes, signInAttempt, signInSucceeded } from "~/infrastructure/rate-limit.server";
import {
  countOtherSessions,
  createUserSession,
  currentSessionId,
  destroyUserSession,
  endOtherSessions,
  noAccess,
  requireUser,
} from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import { isPosting } from "~/components/ui/submission";
import { can, type RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

// /app/settings/security: change the password, sign out of other devices, delete the account. The file name's
// "settings_" keeps it a page of its own (the settings page has no outlet for it).

export const meta = titleMeta("security.title");

const HERE = "/app/settings/security";
const MAX_PASSWORD = 1000;

const passwordSchema = z
  .object({
    currentPassword: z
      .string({ required_error: "security.currentRequired" })
      .min(1, "security.currentRequired")
      .max(MAX_PASSWORD, "security.tooLong"),
    newPassword: z
      .string({ required_error: "security.newRequired" })
      .min(MIN_PASSWORD_LENGTH, "auth.passwordTooShort")
      .max(MAX_PASSWORD, "security.tooLong"),
    confirmPassword: z.string({ required_error: "security.confirmRequired" }).max(MAX_PASSWORD, "security.tooLong"),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth.passwordMismatch" });
    }
  });

const HIDDEN = ["currentPassword", "newPassword", "confirmPassword"];

const deleteSchema = z.object({
  password: z
    .string({ required_error: "security.delete.passwordRequired" })
    .min(1, "security.delete.passwordRequired")
    .max(MAX_PASSWORD, "security.tooLong"),
  understand: z.literal("on", { errorMap: () => ({ message: "security.delete.understandRequired" }) }),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  return { otherSessions: await countOtherSessions(request, user.id), canDeleteAccount: can(user.role, "account") };
}

/**
 * A stolen session must not become a way to guess the password: asking for it here counts
 * against the same limit as signing in. Null while attempts are left.
 */
async function tooManyAttempts(email: string) {
  const attempt = await signInAttempt(email);
  if (attempt.ok) return null;
  const toast: ToastData = {
    type: "error",
    title: "security.tooManyTitle",
    description: "security.tooManyAttempts",
    values: { minutes: String(retryMinutes(attempt.retryAfterSeconds)) },
  };
  return {
    toast,
    reply: (hideFields: string[]) => ({ formErrors: ["security.tooManyAttemptsShort"], hideFields }),
    init: { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "sign-out-others") {
    const ended = await endOtherSessions(request, user.id);
    return redirectWithToast(HERE, {
      title: "security.othersEnded",
      description: "security.othersEndedBody",
      values: { count: String(ended) },
    });
  }

  if (intent === "delete-account") {
    // Deleting the account is the owner's (an office member or a technician changes only their own login here).
    if (!can(user.role, "account")) throw noAccess();
    const submission = parseForm(form, { schema: deleteSchema });
    if (submission.status !== "success") {
      return data(
        { form: "delete-account", result: submission.reply({ hideFields: ["password"] }), toast: null },
        { status: 400 },
      );
    }
    const limited = await tooManyAttempts(user.email);
    if (limited) {
      return data(
        { form: "delete-account", result: submission.reply(limited.reply(["password"])), toast: limited.toast },
        limited.init,
      );
    }
    if (!(await verifyLogin(user.email, submission.value.password))) {
      const toast: ToastData = { type: "error", title: "security.delete.failed", description: "security.currentWrong" };
      return data(
        {
          form: "delete-account",
          result: submission.reply({ fieldErrors: { password: ["security.currentWrong"] }, hideFields: ["password"] }),
          toast,
        },
        { status: 400 },
      );
    }
    await signInSucceeded(user.email);
    await deleteAccount(user.accountId);
    await removeAccountBackups(user.accountId);
    // The session went with the account: the cookie goes too.
    const headers = new Headers({ "Set-Cookie": await destroyUserSession(request) });
    return redirectWithToast("/", { title: "security.delete.done", description: "security.delete.doneBody" }, { headers });
  }

  if (intent !== "password") return data({ form: null, result: null, toast: null }, { status: 400 });
  const submission = parseForm(form, { schema: passwordSchema });
  if (submission.status !== "success") {
    return data({ form: "password", result: submission.reply({ hideFields: HIDDEN }), toast: null }, { status: 400 });
  }
  const limited = await tooManyAttempts(user.email);
  if (limited) {
    return data({ form: "password", result: submission.reply(limited.reply(HIDDEN)), toast: limited.toast }, limited.init);
  }
  const outcome = await changePassword(user.id, submission.value, { keepSessionId: await currentSessionId(request) });
  if (outcome !== "changed") {
    const toast: ToastData = { type: "error", title: "security.changeFailed", description: "security.currentWrong" };
    return data(
      {
        form: "password",
        result: submission.reply({ fieldErrors: { currentPassword: ["security.currentWrong"] }, hideFields: HIDDEN }),
        toast,
      },
      { status: 400 },
    );
  }
  await signInSucceeded(user.email);
  // A new session id after the change, as at sign-in; the old one ends with the others.
  const headers = new Headers({ "Set-Cookie": await createUserSession(request, user.id) });
  return redirectWithToast(HERE, { title: "security.changed", description: "security.changedBody" }, { headers });
}

export default function SecuritySettings() {
  const { t } = useTranslation();
  const { otherSessions, canDeleteAccount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = isPosting(navigation) ? navigation.formData?.get("intent") : null;
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.form === "password" ? actionData.result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: passwordSchema }),
  });
  const [deleteForm, deleteFields] = useForm({
    id: "delete-account",
    lastResult: actionData?.form === "delete-account" ? actionData.result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: deleteSchema }),
  });
  const password = (field: typeof fields.currentPassword, label: string, autoComplete: string, hint?: string) => (
    <Field
      label={label}
      hint={hint}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete, required: true, maxLength: MAX_PASSWORD }}
    />
  );
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title={t("security.title")}
        subtitle={t("security.subtitle")}
        actions={
          <Link to="/app/settings" className={buttonClass("secondary")}>
            {t("security.backToSettings")}
          </Link>
        }
      />
      <SettingsSection
        id="security-password"
        title={t("security.password.title")}
        description={t("security.password.description")}
      >
        <Form method="post" {...getFormProps(form)} className="max-w-md space-y-4">
          <input type="hidden" name="intent" value="password" />
          {password(fields.currentPassword, t("security.password.current"), "current-password")}
          {password(fields.newPassword, t("security.password.new"), "new-password", t("security.password.hint"))}
          {password(fields.confirmPassword, t("security.password.confirm"), "new-password")}
          {form.errors?.length ? (
            <p id={form.errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t(messageKey(form.errors[0]))}
            </p>
          ) : null}
          <Button disabled={submitting === "password"}>
            {submitting === "password" ? t("security.password.submitting") : t("security.password.submit")}
          </Button>
        </Form>
      </SettingsSection>
      <SettingsSection
        id="security-sessions"
        title={t("security.sessions.title")}
        description={t("security.sessions.description")}
      >
        <p data-testid="other-sessions">{t("security.sessions.others", { count: otherSessions })}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button variant="secondary" disabled={submitting === "sign-out-others"}>
            {submitting === "sign-out-others" ? t("security.sessions.submitting") : t("security.sessions.submit")}
          </Button>
        </Form>
      </SettingsSection>
      {canDeleteAccount ? (
        <SettingsSection id="security-delete" title={t("security.delete.title")} description={t("security.delete.description")}>
          <p className="mb-4">
            <a
              href="/app/settings/export.json"
              download
              className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-500"
            >
              {t("security.delete.exportFirst")}
            </a>
          </p>
          <Form method="post" {...getFormProps(deleteForm)} className="max-w-md space-y-4">
            <input type="hidden" name="intent" value="delete-account" />
            <Field
              label={t("security.delete.password")}
              errors={deleteFields.password.errors}
              inputProps={{
                ...getInputProps(deleteFields.password, { type: "password" }),
                autoComplete: "current-password",
                required: true,
                maxLength: MAX_PASSWORD,
              }}
            />
            <div>
              <label className="flex items-start gap-2 text-sm">
                <input
                  {...getInputProps(deleteFields.understand, { type: "checkbox" })}
                  required
                  className="mt-0.5 h-4 w-4 rounded border-slate-300 text-red-600 focus:ring-red-500"
                />
                <span>{t("security.delete.understand")}</span>
              </label>
              <ErrorList id={deleteFields.understand.errorId} errors={deleteFields.understand.errors} />
            </div>
            {deleteForm.errors?.length ? (
              <p id={deleteForm.errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
                {t(messageKey(deleteForm.errors[0]))}
              </p>
            ) : null}
            <Button variant="danger" disabled={submitting === "delete-account"}>
              {submitting === "delete-account" ? t("security.delete.submitting") : t("security.delete.submit")}
            </Button>
          </Form>
        </SettingsSection>
      ) : null}
      {actionData?.toast ? <ToastView key={Date.now()} toast={actionData.toast} /> : null}
    </div>
  );
}
