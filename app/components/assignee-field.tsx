import type { SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { ROLE_LABELS, type Role } from "~/lib/permissions";
import { NOBODY } from "~/lib/validation";
import { SelectField } from "./ui/forms";

export interface MemberChoice {
  id: string;
  name: string;
  role: Role;
}

/** Who does a job or a visit: a member of the team ("Ana (Technician)"), or nobody. */
export function AssigneeField({
  selectProps,
  errors,
  members,
}: {
  /** The form's select props for the field (conform's getSelectProps). */
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  errors?: string[];
  members: readonly MemberChoice[];
}) {
  const { t } = useTranslation();
  return (
    <SelectField label={t("team.assignee")} errors={errors} selectProps={selectProps}>
      <option value={NOBODY}>{t("team.nobody")}</option>
      {members.map((member) => (
        <option key={member.id} value={member.id}>
          {member.name} ({t(ROLE_LABELS[member.role])})
        </option>
      ))}
    </SelectField>
  );
}

/** The name of an assignee among the team, or null (nobody, or a member who has left). */
export const assigneeName = (members: readonly MemberChoice[], id: string | null | undefined) =>
  (id && members.find((member) => member.id === id)?.name) || null;
