import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/infrastructure/i18n";
import { Button, buttonClass } from "./button";

/**
 * The end of an editor's form (customer, job, estimate, recurring invoice, price book item,
 * appointment): the form's own error, one not tied to a field; then Cancel, a link back that
 * keeps the page where it is, and the submit button, busy while the post is under way
 * (`pending`, from isPosting).
 */
export function FormActions({
  errors,
  cancelTo,
  pending,
  label,
  pendingLabel,
  cancelLabel,
}: {
  /** The form's errors (conform's `form.errors`): the first is shown. */
  errors: string[] | undefined;
  cancelTo: string;
  pending: boolean;
  /** The submit button's text. */
  label: string;
  /** Its text while the post is under way; "Saving…" unless told. */
  pendingLabel?: string;
  /** "Cancel" unless told. */
  cancelLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {errors?.length ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t(messageKey(errors[0]))}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        <Link to={cancelTo} className={buttonClass("secondary")} preventScrollReset>
          {cancelLabel ?? t("list.cancel")}
        </Link>
        <Button disabled={pending}>{pending ? (pendingLabel ?? t("list.saving")) : label}</Button>
      </div>
    </>
  );
}
