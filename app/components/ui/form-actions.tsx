import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/infrastructure/i18n";
import { Button, buttonClass } from "./button";

/**
 * The end of an editor's form (customer, job, estimate, recurring invoice, price book item,
 * appointment): the form's own error, one not tied to a field; then Cancel, a link back that
 * keeps the page where it is, and the submit button, busy while the post is under way
 * (`pending`, from isPosting). The buttons' bar sticks to the bottom of what scrolls (the route
 * dialog, docs/decisions/003), so a long form's Save is in reach without scrolling back to it;
 * CSS alone, so it holds without JavaScript too.
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
      {/* A little wider than the form, so the fields' shadows and focus rings pass under it too. */}
      <div
        className="sticky bottom-0 z-10 -mx-2 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-2 py-3 dark:border-slate-700 dark:bg-slate-900"
        data-testid="form-actions"
      >
        <Link to={cancelTo} className={buttonClass("secondary")} preventScrollReset>
          {cancelLabel ?? t("list.cancel")}
        </Link>
        <Button disabled={pending}>{pending ? (pendingLabel ?? t("list.saving")) : label}</Button>
      </div>
    </>
  );
}
