import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "./button";
import { isPosting } from "./submission";

/**
 * The buttons of a confirm-delete dialog: Cancel (back to `closeTo`) and Delete, a plain form
 * post to the dialog's own route, so it works without JavaScript. With `canDelete` false only
 * Cancel is offered (a customer with records attached). `alsoDeleted` says what else the
 * delete takes with it (a customer's recurring invoices, an estimate's deposits), when anything.
 */
export function DeleteConfirmForm({
  closeTo,
  canDelete = true,
  alsoDeleted = null,
}: {
  closeTo: string;
  canDelete?: boolean;
  alsoDeleted?: string | null;
}) {
  const { t } = useTranslation();
  const submitting = isPosting(useNavigation());
  return (
    <>
      {canDelete && alsoDeleted ? (
        <p data-testid="also-deleted" className="mt-2 text-sm font-medium text-red-800 dark:text-red-300">
          {alsoDeleted}
        </p>
      ) : null}
      <Form method="post" className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          {t("list.cancel")}
        </Link>
        {canDelete ? (
          <Button variant="danger" disabled={submitting}>
            {submitting ? t("list.deleting") : t("list.delete")}
          </Button>
        ) : null}
      </Form>
    </>
  );
}
