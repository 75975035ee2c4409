import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsSection } from "~/components/settings-form";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList, Field, SelectField } from "~/components/ui/forms";
import { PageHeader } from "~/components/ui/page-header";
import { isPosting } from "~/components/ui/submission";
import { ToastView, type ToastData } from "~/components/ui/toast";
import { useLocale } from "~/components/use-locale";
import { formatDocumentDate } from "~/lib/invoice-dates";
import { relativeTime } from "~/lib/relative-time";
import { now as clockNow } from "~/lib/clock";
import { readForm } from "~/infrastructure/form.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { parseForm } from "~/lib/form-parse";
import { ROLE_LABELS, ROLES, type RouteAccess } from "~/lib/permissions";
import { inviteSchema, roleSchema } from "~/lib/team-schema";
import type { TranslationKey } from "~/locales/keys";
import { appOrigin } from "~/models/share.server";
import { changeMemberRole, INVITATION_DAYS, listTeam, removeMember, revokeInvitation } from "~/models/team.server";
import { titleMeta } from "~/services/meta";
import { inviteAndSend } from "~/services/team.server";

/** What this route needs (app/lib/permissions.ts). */
export const access = "team" satisfies RouteAccess;

// /app/settings/team: the account's members and their roles, invitations to join (the owner's).
// The file name's "settings_" keeps it a page of its own, as the security page.

export const meta = titleMeta("team.title");

const HERE = "/app/settings/team";
// The form also sends its intent.
const inviteFormSchema = inviteSchema.passthrough();

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const team = await listTeam(user.accountId);
  return { ...team, me: user.memberId, invitationDays: INVITATION_DAYS, now: clockNow().getTime() };
}

type Failure = { form: "invite" | "member"; result: SubmissionResult<string[]> | null; toast: ToastData | null };

const failed = (form: Failure["form"], description: TranslationKey, values: Record<string, string> = {}, status = 400) =>
  data<Failure>({ form, result: null, toast: { type: "error", title: "toast.errorTitle", description, values } }, { status });

/** A role change or removal the team cannot take: the last owner (409), or no such member (404). */
const memberRefused = (reason: "not-found" | "last-owner") =>
  reason === "last-owner"
    ? failed("member", "team.errors.lastOwner", {}, 409)
    : failed("member", "team.errors.notFound", {}, 404);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const form = await readForm(request);
  const intent = form.get("intent");
  const memberId = String(form.get("memberId") ?? "");

  if (intent === "invite") {
    const submission = parseForm(form, { schema: inviteFormSchema });
    if (submission.status !== "success")
      return data<Failure>({ form: "invite", result: submission.reply(), toast: null }, { status: 400 });
    const outcome = await inviteAndSend(user.accountId, { id: user.id, name: user.name }, submission.value, appOrigin(request));
    if (outcome.status === "failed") return failed("invite", "team.errors.mailFailed", { error: outcome.error.message }, 502);
    if (outcome.status !== "sent") {
      const message = outcome.status === "already-member" ? "team.errors.alreadyMemberField" : "team.errors.otherAccountField";
      return data<Failure>(
        { form: "invite", result: submission.reply({ fieldErrors: { email: [message] } }), toast: null },
        { status: 409 },
      );
    }
    return redirectWithToast(HERE, {
      title: "team.toast.invited",
      description: "team.toast.invitedDescription",
      values: { email: outcome.invitation.email },
    });
  }

  if (intent === "revoke") {
    if (!(await revokeInvitation(user.accountId, String(form.get("invitationId") ?? ""))))
      return failed("member", "team.errors.invitationNotFound", {}, 404);
    return redirectWithToast(HERE, { title: "team.toast.revoked" });
  }

  if (intent === "role") {
    const parsed = roleSchema.safeParse({ role: form.get("role") });
    if (!parsed.success) return failed("member", "team.errors.roleInvalid");
    const changed = await changeMemberRole(user.accountId, memberId, parsed.data.role);
    if (!changed.ok) return memberRefused(changed.reason);
    return redirectWithToast(HERE, { title: "team.toast.roleChanged" });
  }

  if (intent === "remove") {
    const removed = await removeMember(user.accountId, memberId);
    if (!removed.ok) return memberRefused(removed.reason);
    return redirectWithToast(HERE, {
      title: "team.toast.removed",
      description: "team.toast.removedDescription",
      values: { name: removed.name },
    });
  }

  return data<Failure>({ form: "member", result: null, toast: null }, { status: 400 });
}

export default function TeamSettings() {
  const { t } = useTranslation();
  const language = useLocale();
  const { members, invitations, me, invitationDays, now } = useLoaderData<typeof loader>();
  const lastSignIn = (at: string | Date | null) => {
    if (!at) return t("team.never");
    const when = relativeTime(at, now);
    return "count" in when ? t(when.key, { count: when.count }) : t(when.key);
  };
  const actionData = useActionData<typeof action>();
  // Remove asks first, on the page itself (?remove={memberId}), so it asks without JavaScript too.
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("remove");
  const navigation = useNavigation();
  const submitting = isPosting(navigation) ? navigation.formData?.get("intent") : null;
  const [inviteForm, inviteFields] = useForm({
    id: "invite",
    lastResult: actionData?.form === "invite" ? actionData.result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: inviteFormSchema }),
  });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      {actionData?.toast ? <ToastView toast={actionData.toast} /> : null}
      <PageHeader
        title={t("team.title")}
        subtitle={t("team.subtitle")}
        actions={
          <Link to="/app/settings" className={buttonClass("secondary")}>
            {t("team.backToSettings")}
          </Link>
        }
      />
      <SettingsSection id="team-members" title={t("team.members")}>
        {/* The lists' table: cards on a phone (app/tailwind.css, "A list"). */}
        <div className="sm:overflow-x-auto">
          <table className="list-table" data-testid="team-members">
            <thead>
              <tr>
                <th scope="col">{t("team.name")}</th>
                <th scope="col">{t("team.email")}</th>
                <th scope="col">{t("team.role")}</th>
                <th scope="col">{t("team.lastSignIn")}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id} data-testid="team-member">
                  <td className="c-title">
                    {member.name} {member.id === me ? <span className="text-slate-500">{t("team.you")}</span> : null}
                  </td>
                  <td className="c-sub break-all">{member.email}</td>
                  <td className="c-sub">
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="memberId" value={member.id} />
                      <label className="sr-only" htmlFor={`role-${member.id}`}>
                        {t("team.changeRole")}: {member.name}
                      </label>
                      <select
                        id={`role-${member.id}`}
                        name="role"
                        defaultValue={member.role}
                        className="rounded-md border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {t(ROLE_LABELS[role])}
                          </option>
                        ))}
                      </select>
                      <Button variant="secondary" disabled={submitting === "role"}>
                        {t("team.saveRole")}
                      </Button>
                    </Form>
                  </td>
                  <td className="c-sub">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span>{lastSignIn(member.lastSignInAt)}</span>
                      {member.id === me ? null : confirming === member.id ? (
                        <RemoveConfirm member={member} busy={submitting === "remove"} />
                      ) : (
                        <Link
                          to={`?remove=${encodeURIComponent(member.id)}`}
                          preventScrollReset
                          className={buttonClass("danger")}
                          aria-label={`${t("team.remove")}: ${member.name}`}
                        >
                          {t("team.remove")}
                        </Link>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SettingsSection>
      <SettingsSection
        id="team-invite"
        title={t("team.invite.title")}
        description={t("team.invite.description", { days: invitationDays })}
      >
        <Form method="post" {...getFormProps(inviteForm)} className="max-w-md space-y-4">
          <input type="hidden" name="intent" value="invite" />
          <Field
            label={t("team.invite.email")}
            errors={inviteFields.email.errors}
            inputProps={{
              ...getInputProps(inviteFields.email, { type: "email" }),
              autoComplete: "off",
              required: true,
              maxLength: 254,
            }}
          />
          <SelectField
            label={t("team.invite.role")}
            errors={inviteFields.role.errors}
            selectProps={{ ...getSelectProps(inviteFields.role), required: true }}
          >
            <option value="technician">{t("team.roles.technician")}</option>
            <option value="office">{t("team.roles.office")}</option>
          </SelectField>
          <ErrorList errors={inviteForm.errors} />
          <Button disabled={submitting === "invite"}>
            {submitting === "invite" ? t("team.invite.submitting") : t("team.invite.submit")}
          </Button>
        </Form>
      </SettingsSection>
      <SettingsSection id="team-pending" title={t("team.pending")}>
        {invitations.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("team.noPending")}</p>
        ) : (
          <ul className="space-y-2" data-testid="team-invitations">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium break-all">{invitation.email}</span> · {t(ROLE_LABELS[invitation.role])} ·{" "}
                  <span className="text-slate-600 dark:text-slate-400">
                    {t("team.expires", { date: formatDocumentDate(invitation.expiresAt, language) })}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitationId" value={invitation.id} />
                  <Button variant="secondary" aria-label={`${t("team.revoke")}: ${invitation.email}`}>
                    {t("team.revoke")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
    </div>
  );
}

function RemoveConfirm({ member, busy }: { member: { id: string; name: string }; busy: boolean }) {
  const { t } = useTranslation();
  const textId = `remove-${member.id}-text`;
  return (
    <div
      role="alertdialog"
      aria-labelledby={textId}
      className="w-full rounded-md border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950"
    >
      <p id={textId} className="text-sm font-medium">
        {t("team.removeConfirm", { name: member.name })}
      </p>
      <Form method="post" action="?" className="mt-3 flex justify-end gap-2">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="memberId" value={member.id} />
        <Link to="?" preventScrollReset className={buttonClass("secondary")}>
          {t("list.cancel")}
        </Link>
        <Button variant="danger" disabled={busy} aria-label={`${t("team.remove")}: ${member.name}`}>
          {t("team.remove")}
        </Button>
      </Form>
    </div>
  );
}
